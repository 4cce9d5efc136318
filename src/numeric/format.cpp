// Format names parsed, decoding, exact conversion to double and human-readable values (the table of
// formats is format_info.hpp's).

#include "wavemma/numeric/format.hpp"

#include "bits.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <string>

namespace wavemma::numeric {
namespace {

struct Alias {
  std::string_view name;
  Format format;
};
constexpr std::array<Alias, 16> kAliases{{
    {"fp32", Format::kF32},
    {"fp64", Format::kF64},
    {"fp16", Format::kF16},
    {"e4m3", Format::kFp8E4M3},
    {"e4m3fn", Format::kFp8E4M3},
    {"e5m2", Format::kBf8E5M2},
    {"e4m3fnuz", Format::kFp8E4M3Fnuz},
    {"e5m2fnuz", Format::kBf8E5M2Fnuz},
    {"int8", Format::kI8},
    {"uint8", Format::kU8},
    {"int4", Format::kI4},
    {"uint4", Format::kU4},
    {"int32", Format::kI32},
    {"e2m3", Format::kFp6E2M3},
    {"e3m2", Format::kBf6E3M2},
    {"e2m1", Format::kFp4E2M1},
}};

bool iequal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

} // namespace

std::optional<Format> parse_format(std::string_view s) {
  for (int i = 0; i < kFormatCount; ++i) {
    if (iequal(s, name(static_cast<Format>(i)))) return static_cast<Format>(i);
  }
  for (auto const& a : kAliases) {
    if (iequal(s, a.name)) return a.format;
  }
  return std::nullopt;
}

Decoded decode(Format f, uint64_t bits) { return core::decode(f, bits); }

double to_double(Format f, uint64_t bits) { return core::to_double(f, bits); }

uint64_t canonical_nan(Format f) { return core::canonical_nan(f); }

std::string format_exact(bool neg, uint64_t sig, int exp) {
  char const sign = neg ? '-' : '+';
  if (sig == 0) return fmt::format("{}0", sign);
  int const lead = detail::bit_length(sig) - 1;
  uint64_t frac = sig - (uint64_t{1} << lead); // bits after the leading one
  int frac_bits = lead;
  if (int const pad = (4 - frac_bits % 4) % 4; pad != 0 && frac_bits + pad <= 64) {
    frac <<= pad;
    frac_bits += pad;
  }
  std::string hex = "0x1";
  if (frac != 0) {
    std::string digits = fmt::format("{:0{}x}", frac, frac_bits / 4);
    while (!digits.empty() && digits.back() == '0') digits.pop_back();
    hex += "." + digits;
  }
  hex += fmt::format("p{:+d}", lead + exp);
  double const approx = std::ldexp(static_cast<double>(sig), exp); // decimal view, maybe rounded
  return fmt::format("{}{:.9g} = {}{}", neg ? "-" : "", approx, neg ? "-" : "", hex);
}

std::string format_value(Format f, uint64_t bits) {
  FormatInfo const& fi = info(f);
  bits &= storage_mask(f);
  std::string const code = fmt::format("0x{:0{}x}", bits, (fi.bits + 3) / 4);
  Decoded const d = decode(f, bits);
  if (!fi.is_float) return fmt::format("{} ({}{})", code, d.neg ? "-" : "", d.sig);
  switch (d.cls) {
  case Decoded::kNaN:
    return fmt::format("{} ({}NaN)", code, d.neg ? "-" : "");
  case Decoded::kInf:
    return fmt::format("{} ({}inf)", code, d.neg ? '-' : '+');
  case Decoded::kZero:
    return fmt::format("{} ({}0)", code, d.neg ? '-' : '+');
  case Decoded::kFinite:
    break;
  }
  return fmt::format("{} ({})", code, format_exact(d.neg, d.sig, d.exp));
}

} // namespace wavemma::numeric
