// Register-tuple widths of the operand fields, from the catalog's layouts (isa::vgprs), cached:
// decoding asks for them on every word. The operand slots of a row, and its size in bytes.

#include "wavemma/codec/codec.hpp"

#include <array>
#include <vector>

namespace wavemma::codec {
namespace {

constexpr int kTupleSlots = 4;  // D, A, B, C/index: the slots whose width the layouts give
constexpr int kFormatCodes = 8; // the 3-bit CBSZ/BLGP fields of the f8f6f4 rows

constexpr Slot kMatrixSlots[] = {Slot::kVdst, Slot::kSrc0, Slot::kSrc1, Slot::kSrc2};
constexpr Slot kScaledSlots[] = {Slot::kVdst, Slot::kSrc0, Slot::kSrc1, Slot::kSrc2, Slot::kScaleA, Slot::kScaleB};

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
  isa::Operand const role = role_of(row, slot);
  return role == isa::Operand::kIndex ? 1 : isa::vgprs(row, wave, role, mods);
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
          out[i].by_wave[w][s][code] = compute(rows[i], wave, slot, format_mods(slot, code));
        }
    }
  return out;
}

} // namespace

int slot_width(isa::Instruction const& row, int wave, Slot slot, isa::Modifiers const& mods) {
  static std::vector<RowWidths> const table = build();
  auto const rows = isa::catalog();
  size_t const i = static_cast<size_t>(&row - rows.data());
  if (i >= rows.size() || (wave != 32 && wave != 64) || !row.has_wave(wave)) return 0;
  if (slot == Slot::kScaleA || slot == Slot::kScaleB) return row.mod_rules().scaled ? 1 : 0;
  int code = 0;
  if (row.mod_rules().format_select && (slot == Slot::kSrc0 || slot == Slot::kSrc1)) {
    code = slot == Slot::kSrc0 ? mods.cbsz : mods.blgp;
    if (code < 0 || code >= kFormatCodes) return compute(row, wave, slot, format_mods(slot, code));
  }
  return table[i].by_wave[wave == 64][static_cast<int>(slot)][code];
}

std::span<Slot const> slots_of(isa::Instruction const& row) {
  if (row.mod_rules().scaled) return kScaledSlots;
  return kMatrixSlots;
}

int size_of(isa::Instruction const& row) { return row.mod_rules().scaled ? kMaxInstructionBytes : kWordBytes; }

} // namespace wavemma::codec
