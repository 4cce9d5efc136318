#include "wavemma/isa/types.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace wavemma::isa {
namespace {

struct ElemInfo {
  std::string_view name;
  int bits;
  bool is_float;
  std::string_view description;
};

// clang-format off
constexpr std::array kElems = std::to_array<ElemInfo>({
  {"f32",      32, true,  "IEEE binary32"},
  {"f64",      64, true,  "IEEE binary64"},
  {"f16",      16, true,  "IEEE binary16"},
  {"bf16",     16, true,  "bfloat16 (passed as short bit patterns)"},
  {"xf32",     32, true,  "f32 word whose low 13 fraction bits are dropped on input (truncation)"},
  {"fp8",       8, true,  "OCP E4M3FN: bias 7, max 448, no infinity, NaN 0x7f/0xff"},
  {"bf8",       8, true,  "OCP E5M2: bias 15, max 57344, infinity 0x7c/0xfc"},
  {"fp8_fnuz",  8, true,  "E4M3FNUZ: bias 8, max 240, no infinity, no -0, NaN 0x80"},
  {"bf8_fnuz",  8, true,  "E5M2FNUZ: bias 16, max 57344, no infinity, no -0, NaN 0x80"},
  {"iu8",       8, false, "8-bit integer, signed or unsigned per operand (NEG bit)"},
  {"iu4",       4, false, "4-bit integer, signed or unsigned per operand (NEG bit)"},
  {"i8",        8, false, "signed 8-bit integer"},
  {"i32",      32, false, "32-bit integer"},
  {"fp6",       6, true,  "OCP MX FP6 E2M3: bias 1, max 7.5, no infinity, no NaN"},
  {"bf6",       6, true,  "OCP MX FP6 E3M2: bias 3, max 28, no infinity, no NaN"},
  {"fp4",       4, true,  "OCP MX FP4 E2M1: bias 1, max 6, no infinity, no NaN"},
  {"e8m0",      8, true,  "OCP MX E8M0 scale: 2^(E-127), E = 0..254; 0xFF = NaN; no sign, no zero"},
  {"e5m3",      8, true,  "AMD E5M3 scale (gfx1250): 5 exponent, 3 fraction bits, no sign; bias and specials not public (ASSUME: bias 15, no inf/NaN)"},
});
// clang-format on

ElemInfo const& elem(ElemType t) { return kElems[static_cast<size_t>(t)]; }

} // namespace

int elem_bits(ElemType t) { return elem(t).bits; }
bool is_float(ElemType t) { return elem(t).is_float; }
bool is_integer(ElemType t) { return !elem(t).is_float; }
bool is_sparse(Kind k) { return k == Kind::kSwmmac || k == Kind::kSmfmac; }

std::string_view name(Kind k) {
  constexpr std::string_view kNames[] = {"wmma", "swmmac", "mfma", "smfmac"};
  return kNames[static_cast<int>(k)];
}
std::string_view name(ElemType t) { return elem(t).name; }
std::string_view description(ElemType t) { return elem(t).description; }
std::string_view name(Operand o) {
  constexpr std::string_view kNames[] = {"A", "B", "C", "D", "K", "SA", "SB"};
  return kNames[static_cast<int>(o)];
}
std::string_view description(Operand o) {
  constexpr std::string_view kNames[] = {"A (SRC0)",
                                         "B (SRC1)",
                                         "C (SRC2)",
                                         "D (VDST)",
                                         "sparsity index (SRC2)",
                                         "A scale (scale SRC0)",
                                         "B scale (scale SRC1)"};
  return kNames[static_cast<int>(o)];
}
std::string_view name(Evidence e) {
  constexpr std::string_view kNames[] = {"HW", "DOC", "SRC", "ASSUME"};
  return kNames[static_cast<int>(e)];
}

std::optional<Operand> parse_operand(std::string_view s) {
  std::string u(s);
  std::transform(u.begin(), u.end(), u.begin(), [](unsigned char c) { return std::toupper(c); });
  if (u == "A") return Operand::kA;
  if (u == "B") return Operand::kB;
  if (u == "C") return Operand::kC;
  if (u == "D") return Operand::kD;
  if (u == "K" || u == "INDEX" || u == "IDX") return Operand::kIndex;
  if (u == "SA" || u == "SCALE_A") return Operand::kScaleA;
  if (u == "SB" || u == "SCALE_B") return Operand::kScaleB;
  return std::nullopt;
}

} // namespace wavemma::isa
