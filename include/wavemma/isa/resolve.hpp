#pragma once
// User input -> catalog objects: an instruction named by mnemonic, alias or builtin, with an
// architecture and a wave size; modifier values as the assembler spells them; an operand and a
// place of its layout. The command line and the Python module read their input through these
// functions, so both reject bad input with the same one-line messages (thrown as InputError).

#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "wavemma/isa/arch.hpp"
#include "wavemma/isa/instruction.hpp"
#include "wavemma/isa/modifiers.hpp"

namespace wavemma::isa {

// Bad input: the message is one line meant for the user.
struct InputError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// The default architecture (isa::default_arch) of every generation, in catalog order: what
// `wavemma list` shows.
std::vector<Arch const*> default_architectures();

// Text from the user or a file, quoted for a one-line message: bytes outside printable ASCII (and
// the backslash) as \xNN, at most `max` characters, then "...".
std::string excerpt(std::string_view text, size_t max = 32);

// A gfx name or a family alias, any case; InputError "unknown architecture ...".
Arch const& resolve_arch(std::string_view name);
// The wave size to use on `arch`: `wave` (0: the architecture's default), checked.
int wave_on(Arch const& arch, int wave);

struct Target {
  Arch const* arch = nullptr;
  int wave = 0;
  Instruction const* instruction = nullptr;
};
// Resolves an instruction (mnemonic, alias or builtin name, any case), an architecture (empty: an
// unambiguous instruction picks its generation's default architecture) and a wave size (0: the
// builtin's, else the architecture's default).
Target resolve_target(std::string_view instruction, std::string_view arch, int wave);

// The rows `wavemma list` shows: one per instruction and wave size of an architecture (empty: the
// default architecture of every generation, every wave size; named: its default wave unless `wave`
// is given), optionally of one kind ("wmma", "swmmac", "mfma", "smfmac", any case).
std::vector<Target> list_targets(std::string_view arch, std::string_view kind, int wave);

// Modifier values as the command line spells them: bit lists "a,b,c" of 0/1 (empty: all 0).
struct ModifierText {
  std::string neg_lo, neg_hi, op_sel, neg; // neg: f64 MFMA neg:[a,b,c], encoded in the BLGP bits
  std::string scale_sel;                   // scaled MFMA: "A,B" bytes 0..3 of the scale VGPRs; gfx1250
                                           // scaled WMMA: "A,B" scale rows (matrix_*_scale) 0..1
  std::string matrix_fmt;                  // gfx1250 f8f6f4: "A,B" formats 0..4 (matrix_a_fmt, matrix_b_fmt)
  std::string scale_fmt;                   // gfx1250 scaled WMMA: "A,B" scale formats 0..2 (E8, E5M3, E4M3)
  std::string reuse;                       // gfx1250: "a,b" matrix_a_reuse, matrix_b_reuse (hints, no effect)
  int cbsz = 0, abid = 0, blgp = 0, index_key = 0;
  bool clamp = false, fp16_ovfl = false;
};
// "1,0,0", "[1,0,0]", "1": up to three 0/1 values; `flag` names the option in the message.
std::array<bool, 3> parse_modifier_bits(std::string_view flag, std::string_view text);
// Parses and checks the modifiers against the instruction (check_modifiers); warnings describe
// legal-but-reserved values.
Modifiers resolve_modifiers(Instruction const&, int wave, ModifierText const&, std::vector<std::string>* warnings);

// A, B, C, D or K (the sparsity index), for this instruction.
Operand resolve_operand(Instruction const&, std::string_view operand);
// An element coordinate (where) and a register place (what) inside an operand's layout.
void check_element(BitLayout const&, AxisNames const&, Coord);
void check_register(BitLayout const&, Operand, int lane, int vgpr);

// What the modifiers of a row do, one line (`wavemma show`).
std::string modifier_summary(Instruction const&);

} // namespace wavemma::isa
