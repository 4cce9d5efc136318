#pragma once
// A cursor over one line of assembler text, with the token forms llvm-mc's lexer gives the
// operands of matrix instructions: identifiers, punctuation, integers and reals.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace wavemma::codec::detail {

// An integer token wraps to 64 bits like the assembler's expressions; a real is a double.
using Number = std::variant<int64_t, double>;

class Scanner {
public:
  explicit Scanner(std::string_view text) : text_(text) {}

  bool at_end();                 // only spaces left
  bool peek(char c);             // next non-space character is c
  bool eat(char c);              // consumes c if it is next
  bool eat_here(char c);         // consumes c if it is the very next character (no spaces)
  std::string_view identifier(); // [A-Za-z_][A-Za-z0-9_.]*, or empty
  bool at_number();              // a sign, a digit or '.' is next
  // An integer or real with optional signs ("-4.0", "- 1", "0x40", "010" (octal), "0b11", "1e0").
  // On failure returns nothing and sets `error`.
  std::optional<Number> number(std::string& error);
  std::optional<int64_t> integer(std::string& error); // a number that must be an integer
  std::string_view rest();                            // the unread text, for messages
  size_t column() const { return pos_ + 1; }

private:
  void skip_space();
  std::string_view text_;
  size_t pos_ = 0;
};

} // namespace wavemma::codec::detail
