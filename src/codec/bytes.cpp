// Bytes as text, the way llvm-mc prints and reads them; error-kind names.

#include "wavemma/codec/codec.hpp"

#include <cctype>
#include <charconv>
#include <fmt/format.h>

namespace wavemma::codec {

std::string_view name(ErrorKind k) {
  switch (k) {
  case ErrorKind::kSyntax:
    return "syntax error";
  case ErrorKind::kUnknownInstruction:
    return "unknown instruction";
  case ErrorKind::kInvalidOperand:
    return "invalid operand";
  case ErrorKind::kInvalidModifier:
    return "invalid modifier";
  case ErrorKind::kInvalidEncoding:
    return "invalid instruction encoding";
  case ErrorKind::kNotMatrix:
    return "not a matrix instruction";
  case ErrorKind::kTruncated:
    return "truncated instruction";
  }
  return "error";
}

Target target_of(isa::Arch const& arch, int wave) { return {arch.gen, wave ? wave : arch.default_wave()}; }

std::string format_bytes(std::span<uint8_t const> bytes) {
  std::string out = "[";
  for (size_t i = 0; i < bytes.size(); ++i) out += fmt::format("{}0x{:02x}", i ? "," : "", bytes[i]);
  return out + "]";
}

Result<std::vector<uint8_t>> parse_bytes(std::string_view text) {
  auto const syntax = [](std::string msg) { return Error{ErrorKind::kSyntax, std::move(msg)}; };
  auto const space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  if (text.size() >= 2 && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
  std::vector<uint8_t> out;
  bool comma_allowed = false; // one comma after each byte
  size_t i = 0;
  while (i < text.size()) {
    if (space(text[i])) {
      ++i;
      continue;
    }
    if (text[i] == ',') {
      if (!comma_allowed) return syntax(fmt::format("unexpected ',' at column {}", i + 1));
      comma_allowed = false;
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && !space(text[j]) && text[j] != ',') ++j;
    std::string_view tok = text.substr(i, j - i);
    // The radix as llvm-mc's StringRef::getAsInteger(0) senses it: 0x/0X hex, 0b/0B binary, 0o
    // octal, a leading 0 before a digit octal (010 is eight), decimal otherwise.
    int base = 10;
    std::string_view digits = tok;
    auto const prefix = [&](std::string_view p) { return tok.size() >= 2 && tok.substr(0, 2) == p; };
    if (prefix("0x") || prefix("0X"))
      base = 16, digits = tok.substr(2);
    else if (prefix("0b") || prefix("0B"))
      base = 2, digits = tok.substr(2);
    else if (prefix("0o"))
      base = 8, digits = tok.substr(2);
    else if (tok.size() >= 2 && tok[0] == '0' && std::isdigit(static_cast<unsigned char>(tok[1])))
      base = 8, digits = tok.substr(1);
    unsigned value = 0;
    auto const [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
    if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size())
      return syntax(fmt::format("expected a byte such as 0x08, got '{}'", tok));
    if (value > 0xff) return syntax(fmt::format("'{}' is not a byte (0x00..0xff)", tok));
    out.push_back(static_cast<uint8_t>(value));
    comma_allowed = true;
    i = j;
  }
  if (out.empty()) return syntax("no bytes");
  return out;
}

} // namespace wavemma::codec
