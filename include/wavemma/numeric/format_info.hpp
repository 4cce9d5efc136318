#pragma once
// The element formats and their facts, once: the enum and the numeric parameters (core/format.hpp),
// here the names and descriptions. The catalog (wavemma::isa) names the types of every operand with
// this enum, so the table is header only, with no code to link: including it keeps wavemma::isa a
// layer without dependencies (as engine_id.hpp does for the engines). C++17: HIP programs built by
// wavemma-hipcc include it through format.hpp.

#include "wavemma/numeric/core/format.hpp"

#include <array>
#include <cstddef>
#include <string_view>

namespace wavemma::numeric {

// A format's parameters (core::FormatParams: widths, bias, specials, largest finite code, e_min(),
// has_inf(), has_negative_zero(), has_nan()), its name and a one-line description.
struct FormatInfo : core::FormatParams {
  std::string_view name;        // canonical name, accepted by parse_format; the ISA's spelling
  std::string_view description; // "OCP E4M3FN: bias 7, max 448, no infinity, NaN 0x7f/0xff", ...
};

namespace detail {

struct FormatText {
  std::string_view name, description;
};
// One row per Format, in enum order.
inline constexpr FormatText kFormatText[] = {
    {"f32", "IEEE binary32"},
    {"f64", "IEEE binary64"},
    {"f16", "IEEE binary16"},
    {"bf16", "bfloat16 (passed as short bit patterns)"},
    {"xf32", "f32 word whose low 13 fraction bits are dropped on input (truncation)"},
    {"fp8", "OCP E4M3FN: bias 7, max 448, no infinity, NaN 0x7f/0xff"},
    {"bf8", "OCP E5M2: bias 15, max 57344, infinity 0x7c/0xfc"},
    {"fp8_fnuz", "E4M3FNUZ: bias 8, max 240, no infinity, no -0, NaN 0x80"},
    {"bf8_fnuz", "E5M2FNUZ: bias 16, max 57344, no infinity, no -0, NaN 0x80"},
    {"i8", "signed 8-bit integer"},
    {"u8", "unsigned 8-bit integer"},
    {"i4", "signed 4-bit integer"},
    {"u4", "unsigned 4-bit integer"},
    {"i32", "32-bit integer"},
    {"fp6", "OCP MX FP6 E2M3: bias 1, max 7.5, no infinity, no NaN"},
    {"bf6", "OCP MX FP6 E3M2: bias 3, max 28, no infinity, no NaN"},
    {"fp4", "OCP MX FP4 E2M1: bias 1, max 6, no infinity, no NaN"},
    {"e8m0", "OCP MX E8M0 scale: 2^(E-127), E = 0..254; 0xFF = NaN; no sign, no zero"},
    {"e5m3", "AMD E5M3 scale (gfx1250): 5 exponent, 3 fraction bits, no sign; bias and specials not public "
             "(ASSUME: bias 15, no inf/NaN)"},
};
static_assert(std::size(kFormatText) == kNamedFormatCount, "one name and description per Format");

inline constexpr std::array<FormatInfo, kNamedFormatCount> kFormatInfo = [] {
  std::array<FormatInfo, kNamedFormatCount> t{};
  for (int i = 0; i < kNamedFormatCount; ++i) {
    auto const n = static_cast<size_t>(i);
    t[n] = {core::params(static_cast<Format>(i)), kFormatText[n].name, kFormatText[n].description};
  }
  return t;
}();

} // namespace detail

constexpr FormatInfo const& info(Format f) { return detail::kFormatInfo[static_cast<size_t>(f)]; }
constexpr std::string_view name(Format f) { return info(f).name; }               // "f16", "bf8_fnuz", "u8", ...
constexpr std::string_view description(Format f) { return info(f).description; } // "IEEE binary16", ...
constexpr int storage_bits(Format f) { return info(f).bits; }
constexpr bool is_float(Format f) { return info(f).is_float; } // the scale formats E8M0, E5M3 included
constexpr bool is_integer(Format f) { return !info(f).is_float; }

} // namespace wavemma::numeric
