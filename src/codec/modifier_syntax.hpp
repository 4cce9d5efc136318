#pragma once
// Modifiers as the assembler spells them: which an instruction takes, in which order llvm-mc
// prints (and only accepts) them, their values and their legality.

#include "wavemma/codec/fields.hpp"
#include "wavemma/codec/machine_instruction.hpp"
#include "wavemma/codec/result.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace wavemma::codec::detail {

enum class Mod : uint8_t {
  kOpSel,
  kOpSelHi,
  kIndexKey,
  kNegLo,
  kNegHi,
  kClamp,
  kCbsz,
  kAbid,
  kBlgp,
  kNeg,
  // gfx1250
  kMatrixAFmt,
  kMatrixBFmt,
  kMatrixAScale,
  kMatrixBScale,
  kMatrixAScaleFmt,
  kMatrixBScaleFmt,
  kMatrixAReuse,
  kMatrixBReuse,
};

enum class ModForm : uint8_t {
  kList, // name:[a,b,c]  (1..max elements of 0/1; missing ones are 0, extra ones ignored)
  kInt,  // name:N
  kFlag, // name
  kEnum, // name:SYMBOL or name:N (symbols[N] is N's name; printed by name)
};

struct ModSyntax {
  Mod mod;
  std::string_view name;
  ModForm form;
  int max;          // kList: most elements accepted; kInt: largest value the syntax takes
  bool extra_zero;  // kList: elements past the third must be 0 (otherwise they are ignored)
  bool glued_colon; // the ':' must follow the name directly ("neg :[1,0,0]" is rejected)
  std::span<std::string_view const> symbols = {}; // kEnum: the values' names, from 0
};

// The modifiers of a generation's encoding family, in llvm-mc's order.
std::span<ModSyntax const> modifier_syntax(isa::Generation);
ModSyntax const& syntax_of(Mod);

// Whether the instruction has the modifier as an operand at all (llvm-mc: "not a valid operand"
// when it does not).
bool takes(isa::Instruction const&, int wave, Mod);

// Where a modifier's value sits in a word: `width` bits of `field` from bit `field_lo`, holding the
// value's bits from `value_lo` (gfx1250: every modifier bit the assembler sets; any other bit of
// the word has one fixed value, and llvm-mc-22's disassembler refuses the word otherwise).
struct ModBits {
  Mod mod;
  Field field;
  uint8_t field_lo, width, value_lo;
};
// A gfx1250 word: its modifier bits and the value of every other non-operand field.
struct WordLayout {
  std::span<ModBits const> bits;
  uint32_t op_sel_hi01, op_sel_hi2; // where no modifier holds them
  bool prefix;                      // the scale prefix: SRC2 0x100 (no operand there; VDST: decode_gfx1250_prefix)
};
WordLayout const& word_layout(isa::Instruction const&);
FieldValues gfx1250_fields(MachineInstruction const&);                           // modifier and fixed fields
std::optional<Error> gfx1250_modifiers(FieldValues const&, MachineInstruction&); // the reverse

// List modifiers as bit masks (bit t = element t), integer modifiers as values.
uint8_t list_bits(MachineInstruction const&, Mod);
void set_list_bits(MachineInstruction&, Mod, uint8_t);
uint8_t default_list_bits(Mod); // op_sel_hi: 0b111, others 0
int int_value(MachineInstruction const&, Mod);
void set_int_value(MachineInstruction&, Mod, int);
bool flag_value(MachineInstruction const&, Mod);
void set_flag_value(MachineInstruction&, Mod, bool);

// The bits of a list modifier the instruction accepts (a subset of 0b111).
uint8_t legal_list_bits(isa::Instruction const&, Mod);
// The largest value an integer modifier may have on the instruction at the wave size.
int max_int_value(isa::Instruction const&, int wave, Mod);

// The assembler's modifier checks: every value that is not the default must be taken and in range.
std::optional<Error> check_modifiers(MachineInstruction const&);

} // namespace wavemma::codec::detail
