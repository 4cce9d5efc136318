// Format table, decoding, exact conversion to double and human-readable values.

#include "wavemma/numeric/format.hpp"

#include "bits.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <string>

namespace wavemma::numeric {
namespace {

using enum Specials;

// One row per Format, in enum order.
// clang-format off
constexpr std::array<FormatInfo, kFormatCount> kFormats{{
    //  name        bits exp frac bias  float  signed specials  stored max_finite
    {"f32",         32,  8,  23,  127,  true,  true,  kIeee,    23, 0x7F7FFFFF},
    {"f64",         64,  11, 52,  1023, true,  true,  kIeee,    52, 0x7FEFFFFFFFFFFFFF},
    {"f16",         16,  5,  10,  15,   true,  true,  kIeee,    10, 0x7BFF},
    {"bf16",        16,  8,  7,   127,  true,  true,  kIeee,    7,  0x7F7F},
    {"xf32",        32,  8,  10,  127,  true,  true,  kIeee,    23, 0x7F7FE000},
    {"fp8",         8,   4,  3,   7,    true,  true,  kOcpE4m3, 3,  0x7E},
    {"bf8",         8,   5,  2,   15,   true,  true,  kIeee,    2,  0x7B},
    {"fp8_fnuz",    8,   4,  3,   8,    true,  true,  kFnuz,    3,  0x7F},
    {"bf8_fnuz",    8,   5,  2,   16,   true,  true,  kFnuz,    2,  0x7F},
    {"i8",          8,   0,  0,   0,    false, true,  kInteger, 0,  0x7F},
    {"u8",          8,   0,  0,   0,    false, false, kInteger, 0,  0xFF},
    {"i4",          4,   0,  0,   0,    false, true,  kInteger, 0,  0x7},
    {"u4",          4,   0,  0,   0,    false, false, kInteger, 0,  0xF},
    {"i32",         32,  0,  0,   0,    false, true,  kInteger, 0,  0x7FFFFFFF},
    {"fp6",         6,   2,  3,   1,    true,  true,  kFinite,  3,  0x1F},
    {"bf6",         6,   3,  2,   3,    true,  true,  kFinite,  2,  0x1F},
    {"fp4",         4,   2,  1,   1,    true,  true,  kFinite,  1,  0x7},
    {"e8m0",        8,   8,  0,   127,  true,  false, kE8m0,    0,  0xFE},
}};
// clang-format on

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

Decoded decode_integer(FormatInfo const& fi, uint64_t bits) {
  bits &= (uint64_t{1} << fi.bits) - 1;
  bool const neg = fi.is_signed && ((bits >> (fi.bits - 1)) & 1) != 0;
  uint64_t const mag = neg ? (uint64_t{1} << fi.bits) - bits : bits; // two's complement magnitude
  return {mag == 0 ? Decoded::kZero : Decoded::kFinite, neg, mag, 0};
}

} // namespace

FormatInfo const& info(Format f) { return kFormats[static_cast<size_t>(f)]; }
std::string_view name(Format f) { return info(f).name; }

std::optional<Format> parse_format(std::string_view s) {
  for (int i = 0; i < kFormatCount; ++i) {
    if (iequal(s, kFormats[static_cast<size_t>(i)].name)) return static_cast<Format>(i);
  }
  for (auto const& a : kAliases) {
    if (iequal(s, a.name)) return a.format;
  }
  return std::nullopt;
}

Decoded decode(Format f, uint64_t bits) {
  FormatInfo const& fi = info(f);
  if (!fi.is_float) return decode_integer(fi, bits);
  bits &= storage_mask(f);
  if (fi.specials == kE8m0) { // 2^(E - 127); no sign bit, no zero
    if (bits == 0xFF) return {Decoded::kNaN, false, 0, 0};
    return {Decoded::kFinite, false, 1, static_cast<int>(bits) - fi.bias};
  }

  bool const neg = ((bits >> (fi.bits - 1)) & 1) != 0;
  uint64_t const e_all_ones = (uint64_t{1} << fi.exp_bits) - 1;
  uint64_t const e = (bits >> fi.stored_frac_bits) & e_all_ones;
  uint64_t frac = bits & ((uint64_t{1} << fi.stored_frac_bits) - 1);

  switch (fi.specials) {
  case kIeee:
    if (e == e_all_ones) return {frac == 0 ? Decoded::kInf : Decoded::kNaN, neg, frac, 0};
    break;
  case kOcpE4m3:
    if (e == e_all_ones && frac == (uint64_t{1} << fi.frac_bits) - 1) return {Decoded::kNaN, neg, frac, 0};
    break;
  case kFnuz:
    if (bits == uint64_t{1} << (fi.bits - 1)) return {Decoded::kNaN, true, 0, 0};
    break;
  case kInteger:
  case kFinite:
  case kE8m0:
    break;
  }
  frac >>= fi.stored_frac_bits - fi.frac_bits; // xf32: drop the low 13 bits (after classifying)

  int const ae = std::max(static_cast<int>(e), 1) - fi.bias; // alignment exponent (numerics §1.1)
  int const exp = ae - fi.frac_bits;
  if (e == 0 && frac == 0) return {Decoded::kZero, neg, 0, exp};
  uint64_t const sig = e == 0 ? frac : (uint64_t{1} << fi.frac_bits) | frac;
  return {Decoded::kFinite, neg, sig, exp};
}

double to_double(Format f, uint64_t bits) {
  Decoded const d = decode(f, bits);
  switch (d.cls) {
  case Decoded::kNaN:
    return d.neg ? -std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::quiet_NaN();
  case Decoded::kInf:
    return d.neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  case Decoded::kZero:
    return d.neg ? -0.0 : 0.0;
  case Decoded::kFinite:
    break;
  }
  double const m = std::ldexp(static_cast<double>(d.sig), d.exp); // sig < 2^53: exact
  return d.neg ? -m : m;
}

uint64_t canonical_nan(Format f) {
  FormatInfo const& fi = info(f);
  switch (fi.specials) {
  case kIeee: // exponent all ones, top fraction bit set
    return ((uint64_t{1} << fi.exp_bits) - 1) << fi.stored_frac_bits | uint64_t{1} << (fi.stored_frac_bits - 1);
  case kOcpE4m3:
    return 0x7F;
  case kFnuz:
    return 0x80;
  case kE8m0:
    return 0xFF;
  case kInteger:
  case kFinite:
    return 0;
  }
  return 0;
}

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
