// Register-tuple widths of the operand fields, from the catalog's layouts (isa::vgprs), cached:
// decoding asks for them on every word. The operand slots of a row, and its size in bytes. The
// scale prefixes, rows of the codec.

#include "wavemma/codec/codec.hpp"

#include <array>
#include <vector>

namespace wavemma::codec {
namespace {

constexpr int kTupleSlots = 6;  // D, A, B, C/index, SA, SB: the slots whose width the layouts give
constexpr int kFormatCodes = 8; // the 3-bit CBSZ/BLGP (gfx1250: matrix_{a,b}_fmt) fields of the f8f6f4 rows

constexpr Slot kMatrixSlots[] = {Slot::kVdst, Slot::kSrc0, Slot::kSrc1, Slot::kSrc2};
constexpr Slot kScaledSlots[] = {Slot::kVdst, Slot::kSrc0, Slot::kSrc1, Slot::kSrc2, Slot::kScaleA, Slot::kScaleB};
constexpr Slot kPrefixSlots[] = {Slot::kScaleA, Slot::kScaleB};

using enum isa::Generation;
using P = isa::ModProfile;
using M = isa::NumericModelId;
using T = numeric::Format;

// The scale prefixes as rows: no shape and no numeric model of their own; the profile is the one
// of the scaled rows they serve (its scale modifiers; the codec's modifier table says which of
// them the prefix word holds). [DOC: llvm-mc-22 -mcpu=gfx950, -mcpu=gfx1250]
// clang-format off
ScalePrefix const kScalePrefixes[] = {
//  mnemonic                        gen       kind              OP    m  n  k  blk  A       B       C/D     cyc coex profile              model (unused)        builtin alias    width
  {{"v_mfma_ld_scale_b32",          kGfx950,  isa::Kind::kMfma, 0x2c, 0, 0, 0, 0, T::kE8M0, T::kE8M0, T::kE8M0, 0, 0, P::kMfmaScaled,     M::kCdna4ScaledF8f6f4, "",    ""},     1},
  {{"v_wmma_ld_scale_paired_b32",   kGfx1250, isa::Kind::kWmma, 0x35, 0, 0, 0, 0, T::kE8M0, T::kE8M0, T::kE8M0, 0, 0, P::kG1250ScaledF4, M::kGfx1250Scaled,   "",     ""},     1},
  {{"v_wmma_ld_scale16_paired_b64", kGfx1250, isa::Kind::kWmma, 0x3a, 0, 0, 0, 0, T::kE8M0, T::kE8M0, T::kE8M0, 0, 0, P::kG1250ScaledF4, M::kGfx1250Scaled16, "",     ""},     2},
};
// clang-format on

// [wave32, wave64][slot][format code]; 0 where the row has no such wave. Rows without format
// codes use code 0 only.
struct RowWidths {
  std::array<std::array<std::array<int, kFormatCodes>, kTupleSlots>, 2> by_wave{};
};

isa::Operand role_of(isa::Instruction const& row, Slot slot) {
  switch (slot) {
  case Slot::kVdst:
    return isa::Operand::kD;
  case Slot::kSrc0:
    return isa::Operand::kA;
  case Slot::kSrc1:
    return isa::Operand::kB;
  case Slot::kSrc2:
    return row.sparse() ? isa::Operand::kIndex : isa::Operand::kC;
  case Slot::kScaleA:
    return isa::Operand::kScaleA;
  case Slot::kScaleB:
    return isa::Operand::kScaleB;
  }
  return isa::Operand::kD;
}

// The modifiers that select the format of a slot's operand (CBSZ for A, BLGP for B).
isa::Modifiers format_mods(Slot slot, int code) {
  isa::Modifiers m;
  if (slot == Slot::kSrc0) m.cbsz = code;
  if (slot == Slot::kSrc1) m.blgp = code;
  return m;
}

int compute(isa::Instruction const& row, int wave, Slot slot, isa::Modifiers const& mods) {
  if ((slot == Slot::kScaleA || slot == Slot::kScaleB) && !row.mod_rules().scaled) return 0;
  // SWMMAC: VDST is also C, and the assembler sizes it as C (gfx1250 bf16f32: 8 registers of f32,
  // though D is bf16).
  if (slot == Slot::kVdst && row.sparse()) return isa::vgprs(row, wave, isa::Operand::kC, mods);
  return isa::vgprs(row, wave, role_of(row, slot), mods);
}

// The modifiers that select the format of a slot's operand: CBSZ for A, BLGP for B (gfx950);
// matrix_a_fmt, matrix_b_fmt (gfx1250).
isa::Modifiers format_mods(isa::Instruction const& row, Slot slot, int code) {
  if (row.mod_rules().mai) return format_mods(slot, code);
  isa::Modifiers m;
  if (slot == Slot::kSrc0) m.matrix_fmt[0] = code;
  if (slot == Slot::kSrc1) m.matrix_fmt[1] = code;
  return m;
}
int format_code(isa::Instruction const& row, Slot slot, isa::Modifiers const& mods) {
  bool const mai = row.mod_rules().mai;
  return slot == Slot::kSrc0 ? (mai ? mods.cbsz : mods.matrix_fmt[0]) : (mai ? mods.blgp : mods.matrix_fmt[1]);
}

std::vector<RowWidths> build() {
  auto const rows = isa::catalog();
  std::vector<RowWidths> out(rows.size());
  for (size_t i = 0; i < rows.size(); ++i)
    for (int w = 0; w < 2; ++w) {
      int const wave = w ? 64 : 32;
      if (!rows[i].has_wave(wave)) continue;
      int const codes = rows[i].mod_rules().format_select ? kFormatCodes : 1;
      for (int s = 0; s < kTupleSlots; ++s)
        for (int code = 0; code < codes; ++code) {
          Slot const slot = static_cast<Slot>(s);
          out[i].by_wave[w][s][code] = compute(rows[i], wave, slot, format_mods(rows[i], slot, code));
        }
    }
  return out;
}

} // namespace

std::span<ScalePrefix const> scale_prefixes() { return kScalePrefixes; }

ScalePrefix const* scale_prefix(isa::Instruction const& row) {
  for (ScalePrefix const& p : kScalePrefixes)
    if (&p.row == &row) return &p;
  return nullptr;
}

ScalePrefix const* prefix_of(isa::Instruction const& row) {
  if (!row.mod_rules().scaled || scale_prefix(row)) return nullptr;
  int const width = slot_width(row, row.default_wave(), Slot::kScaleA);
  for (ScalePrefix const& p : kScalePrefixes)
    if (p.row.gen == row.gen && p.scale_width == width) return &p;
  return nullptr;
}

std::vector<isa::Instruction const*> instructions(isa::Generation gen) {
  std::vector<isa::Instruction const*> out = isa::instructions_of(gen);
  for (ScalePrefix const& p : kScalePrefixes)
    if (p.row.gen == gen) out.push_back(&p.row);
  return out;
}

int slot_width(isa::Instruction const& row, int wave, Slot slot, isa::Modifiers const& mods) {
  static std::vector<RowWidths> const table = build();
  if (ScalePrefix const* p = scale_prefix(row))
    return row.has_wave(wave) && (slot == Slot::kScaleA || slot == Slot::kScaleB) ? p->scale_width : 0;
  auto const rows = isa::catalog();
  size_t const i = static_cast<size_t>(&row - rows.data());
  if (i >= rows.size() || (wave != 32 && wave != 64) || !row.has_wave(wave)) return 0;
  if (row.gen == isa::Generation::kGfx950 && (slot == Slot::kScaleA || slot == Slot::kScaleB))
    return row.mod_rules().scaled ? 1 : 0; // one VGPR, whatever byte the layout reads
  int code = 0;
  if (row.mod_rules().format_select && (slot == Slot::kSrc0 || slot == Slot::kSrc1)) {
    code = format_code(row, slot, mods);
    if (code < 0 || code >= kFormatCodes) return compute(row, wave, slot, format_mods(row, slot, code));
  }
  return table[i].by_wave[wave == 64][static_cast<int>(slot)][code];
}

std::span<Slot const> slots_of(isa::Instruction const& row) {
  if (scale_prefix(row)) return kPrefixSlots;
  if (row.mod_rules().scaled) return kScaledSlots;
  return kMatrixSlots;
}

int size_of(isa::Instruction const& row) {
  return row.mod_rules().scaled && !scale_prefix(row) ? kMaxInstructionBytes : kWordBytes;
}

} // namespace wavemma::codec
