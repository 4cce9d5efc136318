#pragma once
// A machine instruction as the codec sees it: a catalog row, the wave size it is encoded for,
// the operands named after the encoding fields (four; six on the scaled MFMA) and the modifier
// values.

#include "wavemma/isa/arch.hpp"
#include "wavemma/isa/instruction.hpp"
#include "wavemma/isa/modifiers.hpp"

#include <array>
#include <cstdint>

namespace wavemma::codec {

// What the bytes are decoded for: the generation fixes the encoding family and opcodes, the wave
// size the register-tuple widths (gfx12 wave32 A is v[0:3], wave64 v[0:1]).
struct Target {
  isa::Generation gen = isa::Generation::kGfx12;
  int wave = 32;
  friend bool operator==(Target const&, Target const&) = default;
};
// The target of an architecture at a wave size (0: the architecture's default). The wave size must
// be one the architecture has; callers check `arch.has_wave(wave)` first.
Target target_of(isa::Arch const& arch, int wave = 0);

enum class RegFile : uint8_t {
  kVgpr, // v0..v255 (ArchVGPRs)
  kAgpr, // a0..a255 (AccVGPRs, CDNA only)
  kSgpr, // s0..s105 (gfx9: s0..s101): only the gfx1250 scale operands and the scale prefixes on their own
  kTtmp, // ttmp0..ttmp15 (source codes 108..123): as kSgpr
};

// One operand. Registers give the first register of the tuple; the tuple's width is the catalog
// row's (isa::vgprs). Constants are kept as their 9-bit source code (128 = 0, 242 = 1.0, ...),
// which is what the hardware reads. Special sources are the named non-register sources the
// assembler takes as C: `null` (RDNA), `src_shared_base`, `src_scc`, ... (code 124, 235, 253, ...).
struct Operand {
  enum class Kind : uint8_t { kRegister, kConstant, kSpecial };
  Kind kind = Kind::kRegister;
  RegFile file = RegFile::kVgpr;
  uint16_t value = 0; // kRegister: first register; kConstant, kSpecial: the source code

  static constexpr Operand vgpr(int first) { return {Kind::kRegister, RegFile::kVgpr, static_cast<uint16_t>(first)}; }
  static constexpr Operand agpr(int first) { return {Kind::kRegister, RegFile::kAgpr, static_cast<uint16_t>(first)}; }
  static constexpr Operand sgpr(int first) { return {Kind::kRegister, RegFile::kSgpr, static_cast<uint16_t>(first)}; }
  static constexpr Operand ttmp(int first) { return {Kind::kRegister, RegFile::kTtmp, static_cast<uint16_t>(first)}; }
  static constexpr Operand constant(int code) { return {Kind::kConstant, RegFile::kVgpr, static_cast<uint16_t>(code)}; }
  static constexpr Operand special(int code) { return {Kind::kSpecial, RegFile::kVgpr, static_cast<uint16_t>(code)}; }
  static constexpr Operand null() { return special(124); } // RDNA's null

  bool is_register() const { return kind == Kind::kRegister; }
  friend bool operator==(Operand const&, Operand const&) = default;
};

// Operands are named after the fields that hold them:
//   vdst = D (sparse forms: D and C), src0 = A, src1 = B,
//   src2 = C (dense forms: a tuple, an inline constant or a special source) or the sparsity index
//          (sparse forms).
// Modifiers are isa::Modifiers as the assembler spells them (fp16_ovfl is not an encoding bit and
// stays false); f64 MFMA keep neg:[A,B,C] in `blgp`, the bits that hold it. The ACC bits of gfx942
// are the register files of the operands. `op_sel_hi` is an operand only of gfx11 16-bit-output
// WMMA (printed when not [1,1,1]); everywhere else it is all ones.
// The scaled MFMA (gfx950 v_mfma_scale_*) also has the scale operands scale_a and scale_b, SRC0
// and SRC1 of its v_mfma_ld_scale_b32 prefix word (one VGPR each); their byte selects (the
// prefix's op_sel and op_sel_hi, printed as such) are `mods.scale_sel`, and `op_sel`/`op_sel_hi`
// keep their defaults. The gfx1250 scaled WMMA (v_wmma_scale{,16}_*) has them too, SRC0 and SRC1
// of its v_wmma_ld_scale{,16}_paired_* prefix word: a VGPR (pair for scale16), an SGPR (pair), a
// special source or an inline constant; `mods.scale_sel` is then matrix_{a,b}_scale (ROW0/ROW1).
// A scale prefix on its own (codec::scale_prefixes(): v_mfma_ld_scale_b32, v_wmma_ld_scale*_paired_*)
// has only scale_a and scale_b: a VGPR, an SGPR, a ttmp, a named source or an inline constant
// (gfx950: 32-bit, one scalar source per instruction); v_mfma_ld_scale_b32's op_sel/op_sel_hi are
// `mods.scale_sel` as in the scaled MFMA (op_sel_hi defaults to [1,1]: scale_sel {2,2}). On every other row scale_a and
// scale_b stay Operand{} and scale_sel 0. The operand slots of a matrix instruction, in assembler order.
enum class Slot : uint8_t { kVdst, kSrc0, kSrc1, kSrc2, kScaleA, kScaleB };

struct MachineInstruction {
  isa::Instruction const* row = nullptr;
  int wave = 32;
  Operand vdst, src0, src1, src2;
  Operand scale_a, scale_b;
  isa::Modifiers mods;
  std::array<bool, 3> op_sel_hi{true, true, true};

  Target target() const { return {row ? row->gen : isa::Generation::kGfx12, wave}; }
  Operand& operand(Slot s) { return this->*kSlots[static_cast<int>(s)]; }
  Operand const& operand(Slot s) const { return this->*kSlots[static_cast<int>(s)]; }
  friend bool operator==(MachineInstruction const&, MachineInstruction const&) = default;

private:
  static constexpr Operand MachineInstruction::* kSlots[] = {
      &MachineInstruction::vdst, &MachineInstruction::src0,    &MachineInstruction::src1,
      &MachineInstruction::src2, &MachineInstruction::scale_a, &MachineInstruction::scale_b};
};

} // namespace wavemma::codec
