#pragma once
// The outcome of a codec call: a value, or an error that says what is wrong and of which kind.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace wavemma::codec {

enum class ErrorKind : uint8_t {
  kSyntax,             // text that does not read as an instruction
  kUnknownInstruction, // a mnemonic the generation does not have
  kInvalidOperand,     // register file, tuple width, range, alignment, overlap, SGPR, literal
  kInvalidModifier,    // a modifier the instruction does not take, or a value out of range
  kInvalidEncoding,    // bytes llvm-mc's disassembler reports as "invalid instruction encoding"
  kNotMatrix,          // bytes of another encoding or opcode: not a matrix instruction
  kTruncated,          // fewer bytes than an instruction has
};

std::string_view name(ErrorKind); // "invalid operand", ...

struct Error {
  ErrorKind kind;
  std::string message;
};

// A value or an Error; `ok()` tells which. Deliberately small: C++20 has no std::expected.
template <class T>
class Result {
public:
  Result(T value) : value_(std::move(value)) {}
  Result(Error error) : error_(std::move(error)) {}

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  // value() on an error throws std::logic_error with the error's message; * and -> require ok().
  T const& value() const& {
    if (!ok()) throw std::logic_error(error_.message);
    return *value_;
  }
  T&& value() && {
    if (!ok()) throw std::logic_error(error_.message);
    return std::move(*value_);
  }
  T const& operator*() const { return *value_; }
  T const* operator->() const { return &*value_; }
  Error const& error() const { return error_; }

private:
  std::optional<T> value_;
  Error error_{ErrorKind::kSyntax, {}};
};

} // namespace wavemma::codec
