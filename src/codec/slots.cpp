// Register-tuple widths of the operand fields, from the catalog's layouts (isa::vgprs), cached:
// decoding asks for them on every word.

#include "wavemma/codec/codec.hpp"

#include <array>
#include <vector>

namespace wavemma::codec {
namespace {

struct RowWidths {
  std::array<std::array<int, 4>, 2>
      by_wave{}; // [wave32, wave64][slot]; 0 where the row has no such wave
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
  }
  return isa::Operand::kD;
}

std::vector<RowWidths> build() {
  auto const rows = isa::catalog();
  std::vector<RowWidths> out(rows.size());
  for (size_t i = 0; i < rows.size(); ++i)
    for (int w = 0; w < 2; ++w) {
      int const wave = w ? 64 : 32;
      if (!rows[i].has_wave(wave)) continue;
      for (int s = 0; s < 4; ++s) {
        Slot const slot = static_cast<Slot>(s);
        isa::Operand const role = role_of(rows[i], slot);
        out[i].by_wave[w][s] = role == isa::Operand::kIndex ? 1 : isa::vgprs(rows[i], wave, role);
      }
    }
  return out;
}

} // namespace

int slot_width(isa::Instruction const& row, int wave, Slot slot) {
  static std::vector<RowWidths> const table = build();
  auto const rows = isa::catalog();
  size_t const i = static_cast<size_t>(&row - rows.data());
  if (i >= rows.size() || (wave != 32 && wave != 64)) return 0;
  return table[i].by_wave[wave == 64][static_cast<int>(slot)];
}

} // namespace wavemma::codec
