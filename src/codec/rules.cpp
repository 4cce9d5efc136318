// Per-generation rules of llvm-mc-22 (reference/encoding.md §5, checked against llvm-mc-22).

#include "rules.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <ranges>
#include <stdexcept>

namespace wavemma::codec::detail {
namespace {

using enum isa::Generation;
using enum numeric::Format;

// clang-format off
constexpr std::array kGenerationRules = std::to_array<GenerationRules>({
//  gen      agpr_ab agpr_cd even   overlap>  op_sel_hi                     cd_agpr_only c_constants scale_prefix_op scalar_scales tuple_end
  {kGfx11,   false,  false,  false, 0,        OpSelHi::kOperandWithOpSel,   false,       true,       -1,             false,         256},
  {kGfx12,   false,  false,  false, 0,        OpSelHi::kAllOnes,            false,       true,       -1,             false,         256},
  {kGfx908,  true,   true,   false, 4,        OpSelHi::kAbsent,             true,        false,      -1,             false,         256},
  {kGfx90a,  true,   true,   true,  4,        OpSelHi::kAbsent,             false,       true,       -1,             false,         256},
  {kGfx94x,  true,   true,   true,  4,        OpSelHi::kAbsent,             false,       true,       -1,             false,         256},
  {kGfx950,  true,   true,   true,  4,        OpSelHi::kAbsent,             false,       true,       0x2C,           false,         256},
  // gfx1250: OP_SEL_HI by the word layouts of modifier_syntax.cpp
  {kGfx1250, false,  false,  true,  0,        OpSelHi::kAbsent,             false,       true,       -1,             true,          1024},
});

// The id column: each row at its generation's index.
static_assert(std::ranges::all_of(std::views::iota(size_t{0}, kGenerationRules.size()),
                                  [](size_t i) { return static_cast<size_t>(kGenerationRules[i].gen) == i; }));

struct ConstKindRow {
  isa::Generation gen;
  int wave;                        // 0: both
  std::optional<numeric::Format> cd; // nullopt: every C type
  ConstKind kind;
};
// gfx11 wave32 reads every WMMA C constant (a 256-bit C) as a 64-bit operand: it prints 1/(2pi)
// as 0.15915494309189532 and takes 0x3ff0000000000000 for 1.0; gfx11 wave64 (a 128-bit C) as a
// 32-bit one, whatever the C type. gfx12 goes by the C element type; gfx942 f32/i32 as 32-bit,
// f64 as 64-bit.
constexpr ConstKindRow kConstKinds[] = {
//  gen      wave  C type        kind
  {kGfx11,   32,   std::nullopt, ConstKind::kF64},
  {kGfx11,   64,   std::nullopt, ConstKind::kF32},
  {kGfx12,    0,   kF32,         ConstKind::kF32},
  {kGfx12,    0,   kI32,         ConstKind::kF32},
  {kGfx12,    0,   kF16,         ConstKind::kF16},
  {kGfx12,    0,   kBf16,        ConstKind::kBf16},
  {kGfx94x,   0,   kF32,         ConstKind::kF32},
  {kGfx94x,   0,   kI32,         ConstKind::kF32},
  {kGfx94x,   0,   kF64,         ConstKind::kF64},
  {kGfx908,   0,   kF32,         ConstKind::kF32},
  {kGfx908,   0,   kI32,         ConstKind::kF32},
  {kGfx90a,   0,   kF32,         ConstKind::kF32},
  {kGfx90a,   0,   kI32,         ConstKind::kF32},
  {kGfx90a,   0,   kF64,         ConstKind::kF64},
  {kGfx950,   0,   kF32,         ConstKind::kF32},
  {kGfx950,   0,   kI32,         ConstKind::kF32},
  {kGfx950,   0,   kF64,         ConstKind::kF64},
  {kGfx1250,  0,   kF32,         ConstKind::kF32},
  {kGfx1250,  0,   kI32,         ConstKind::kF32},
  {kGfx1250,  0,   kF16,         ConstKind::kF16},
  {kGfx1250,  0,   kBf16,        ConstKind::kBf16},
};
// clang-format on

} // namespace

GenerationRules const& rules_of(isa::Generation gen) { return kGenerationRules.at(static_cast<size_t>(gen)); }

ConstKind constant_kind(isa::Generation gen, int wave, numeric::Format cd) {
  for (auto const& r : kConstKinds)
    if (r.gen == gen && (r.wave == 0 || r.wave == wave) && (!r.cd || *r.cd == cd)) return r.kind;
  return ConstKind::kF32; // a C type without constants (sparse forms): never consulted
}

} // namespace wavemma::codec::detail
