#include "scanner.hpp"

#include <cctype>
#include <charconv>
#include <fmt/format.h>

namespace wavemma::codec::detail {
namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Reads digits of `base` into a wrapping 64-bit value; false on a bad digit or overflow.
bool read_unsigned(std::string_view digits, int base, uint64_t& out) {
  if (digits.empty()) return false;
  auto const [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out, base);
  return ec == std::errc{} && end == digits.data() + digits.size();
}

} // namespace

void Scanner::skip_space() {
  while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
}

bool Scanner::at_end() {
  skip_space();
  return pos_ == text_.size();
}

bool Scanner::peek(char c) {
  skip_space();
  return pos_ < text_.size() && text_[pos_] == c;
}

bool Scanner::eat(char c) {
  if (!peek(c)) return false;
  ++pos_;
  return true;
}

bool Scanner::eat_here(char c) {
  if (pos_ >= text_.size() || text_[pos_] != c) return false;
  ++pos_;
  return true;
}

std::string_view Scanner::identifier() {
  skip_space();
  size_t const b = pos_;
  if (pos_ < text_.size() && (std::isalpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) {
    ++pos_;
    while (pos_ < text_.size() && (is_alnum(text_[pos_]) || text_[pos_] == '_' || text_[pos_] == '.')) ++pos_;
  }
  return text_.substr(b, pos_ - b);
}

bool Scanner::at_number() {
  skip_space();
  if (pos_ >= text_.size()) return false;
  char const c = text_[pos_];
  return is_digit(c) || c == '.' || c == '-' || c == '+';
}

std::optional<Number> Scanner::number(std::string& error) {
  bool negative = false;
  for (;;) { // signs, possibly separated by spaces: "-1", "- 1", "--1"
    skip_space();
    if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '+')) {
      negative ^= text_[pos_] == '-';
      ++pos_;
      continue;
    }
    break;
  }
  size_t const b = pos_;
  bool hex = pos_ + 1 < text_.size() && text_[pos_] == '0' && (text_[pos_ + 1] == 'x' || text_[pos_ + 1] == 'X');
  while (pos_ < text_.size()) {
    char const c = text_[pos_];
    bool const exp_sign =
        !hex && (c == '+' || c == '-') && pos_ > b && (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E');
    if (!is_alnum(c) && c != '.' && c != '_' && !exp_sign) break;
    ++pos_;
  }
  std::string_view const tok = text_.substr(b, pos_ - b);
  if (tok.empty()) {
    error = fmt::format("expected a number at column {}", b + 1);
    return std::nullopt;
  }
  bool const real = !hex && tok.find_first_of(".eE") != std::string_view::npos;
  if (real) {
    double d = 0;
    auto const [end, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), d, std::chars_format::general);
    if (ec != std::errc{} || end != tok.data() + tok.size()) {
      error = fmt::format("'{}' is not a number", tok);
      return std::nullopt;
    }
    return Number{negative ? -d : d};
  }
  uint64_t v = 0;
  bool ok = false;
  if (hex) {
    ok = read_unsigned(tok.substr(2), 16, v);
  } else if (tok.size() > 2 && tok[0] == '0' && (tok[1] == 'b' || tok[1] == 'B')) {
    ok = read_unsigned(tok.substr(2), 2, v);
  } else if (tok.size() > 1 && tok[0] == '0') {
    ok = read_unsigned(tok.substr(1), 8, v);
  } else {
    ok = read_unsigned(tok, 10, v);
  }
  if (!ok) {
    error = fmt::format("'{}' is not a number", tok);
    return std::nullopt;
  }
  return Number{static_cast<int64_t>(negative ? 0 - v : v)};
}

std::optional<int64_t> Scanner::integer(std::string& error) {
  auto n = number(error);
  if (!n) return std::nullopt;
  if (auto const* i = std::get_if<int64_t>(&*n)) return *i;
  error = "expected an integer, got a real number";
  return std::nullopt;
}

std::string_view Scanner::rest() {
  skip_space();
  return text_.substr(pos_);
}

} // namespace wavemma::codec::detail
