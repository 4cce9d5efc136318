// 8 bytes -> fields -> MachineInstruction, keyed by (encoding family, opcode). Rejects what
// llvm-mc-22's disassembler reports as invalid, and what it prints but its assembler rejects
// (SGPRs, out-of-range tuples, misaligned or overlapping tuples, literals).

#include "constants.hpp"
#include "modifier_syntax.hpp"
#include "rules.hpp"
#include "wavemma/codec/codec.hpp"
#include "wavemma/codec/fields.hpp"

#include <array>
#include <fmt/format.h>

namespace wavemma::codec {
namespace {

using enum Field;
using detail::Mod;

constexpr uint32_t kVgprBase = 256;
constexpr uint32_t kLiteral = 255;
constexpr int kGenerations = 6; // isa::Generation values
constexpr int kOpcodes = 128;

// (generation, opcode) -> catalog row.
using OpcodeTable = std::array<std::array<isa::Instruction const*, kOpcodes>, kGenerations>;

OpcodeTable build_opcode_table() {
  OpcodeTable t{};
  for (auto const& row : isa::catalog())
    t[static_cast<int>(row.gen)][row.opcode & (kOpcodes - 1)] = &row;
  return t;
}

isa::Instruction const* row_of(isa::Generation gen, uint32_t opcode) {
  static OpcodeTable const table = build_opcode_table();
  return table[static_cast<int>(gen)][opcode & (kOpcodes - 1)];
}

Error invalid_encoding(std::string msg) {
  return {ErrorKind::kInvalidEncoding, std::move(msg)};
}

// What a source field holds when it is not a VGPR, for messages.
std::string describe_source(uint32_t v, isa::Generation gen) {
  if (v <= 105) return fmt::format("SGPR s{}", v);
  if (auto const name = detail::special_name(static_cast<int>(v), gen); !name.empty())
    return std::string(name);
  if (v == kLiteral) return "a literal constant (a 12-byte instruction)";
  if (detail::is_inline_code(static_cast<int>(v)))
    return fmt::format("the inline constant {}",
                       detail::constant_text(static_cast<int>(v), detail::ConstKind::kF32));
  return fmt::format("special source {}", v);
}

Result<Operand> register_operand(uint32_t field, RegFile file, isa::Instruction const& row,
                                 Slot slot) {
  if (field >= kVgprBase)
    return file == RegFile::kAgpr ? Operand::agpr(static_cast<int>(field - kVgprBase))
                                  : Operand::vgpr(static_cast<int>(field - kVgprBase));
  static constexpr char const* kSlotNames[] = {"VDST", "SRC0", "SRC1", "SRC2"};
  return Error{ErrorKind::kInvalidOperand,
               fmt::format("{} holds {}; {} takes registers only",
                           kSlotNames[static_cast<int>(slot)], describe_source(field, row.gen),
                           row.mnemonic)};
}

Result<Operand> c_operand(uint32_t field, RegFile file, isa::Instruction const& row, int wave) {
  if (field >= kVgprBase || row.sparse() || !row.mod_rules().c_inline)
    return register_operand(field, file, row, Slot::kSrc2);
  if (detail::is_inline_code(static_cast<int>(field)))
    return Operand::constant(static_cast<int>(field));
  if (detail::special_is_c(static_cast<int>(field), row.gen)) {
    int const width = slot_width(row, wave, Slot::kSrc2);
    if (detail::special_decodes(static_cast<int>(field), width))
      return Operand::special(static_cast<int>(field));
    return Error{ErrorKind::kInvalidEncoding,
                 fmt::format("SRC2 holds {}: llvm-mc's disassembler decodes it only as a "
                             "2-register C, and C of {} has {} in wave{}",
                             detail::special_name(static_cast<int>(field), row.gen), row.mnemonic,
                             width, wave)};
  }
  return Error{ErrorKind::kInvalidOperand,
               fmt::format("SRC2 holds {}; C of {} takes a register or an inline constant",
                           describe_source(field, row.gen), row.mnemonic)};
}

// Fills the modifiers of a VOP3P word; the OP_SEL_HI rule of the generation applies here.
std::optional<Error> vop3p_modifiers(FieldValues const& f, MachineInstruction& mi) {
  isa::Instruction const& row = *mi.row;
  uint32_t const op_sel_hi = at(f, kOpSelHi01) | at(f, kOpSelHi2) << 2;
  detail::set_list_bits(mi, Mod::kNegHi, static_cast<uint8_t>(at(f, kNegHi)));
  detail::set_list_bits(mi, Mod::kNegLo, static_cast<uint8_t>(at(f, kNeg)));
  if (row.mod_rules().index_key) {
    mi.mods.index_key = static_cast<int>(at(f, kOpSel) & 3);
    detail::set_list_bits(mi, Mod::kOpSel, static_cast<uint8_t>(at(f, kOpSel) & 4));
  } else {
    detail::set_list_bits(mi, Mod::kOpSel, static_cast<uint8_t>(at(f, kOpSel)));
  }
  mi.mods.clamp = at(f, kClamp);
  switch (detail::rules_of(row.gen).op_sel_hi) {
  case detail::OpSelHi::kAllOnes:
    if (op_sel_hi != 0b111)
      return invalid_encoding(fmt::format(
          "OP_SEL_HI must be all ones on {} (here op_sel_hi:[{},{},{}])", isa::name(row.gen),
          op_sel_hi & 1, (op_sel_hi >> 1) & 1, (op_sel_hi >> 2) & 1));
    break;
  case detail::OpSelHi::kOperandWithOpSel:
    // Where op_sel_hi is no operand the disassembler ignores the bits (and re-encodes ones).
    if (detail::takes(row, mi.wave, Mod::kOpSelHi))
      detail::set_list_bits(mi, Mod::kOpSelHi, static_cast<uint8_t>(op_sel_hi));
    break;
  case detail::OpSelHi::kAbsent:
    break;
  }
  return std::nullopt;
}

void mai_modifiers(FieldValues const& f, MachineInstruction& mi) {
  mi.mods.cbsz = static_cast<int>(at(f, kCbsz));
  mi.mods.abid = static_cast<int>(at(f, kAbid));
  mi.mods.blgp = static_cast<int>(at(f, kBlgp));
}

} // namespace

Result<MachineInstruction> decode(std::span<uint8_t const> bytes, Target target) {
  if (bytes.size() < static_cast<size_t>(kInstructionBytes))
    return Error{ErrorKind::kTruncated,
                 fmt::format("an instruction has 8 bytes, got {}", bytes.size())};
  uint64_t word = 0;
  for (int i = 0; i < kInstructionBytes; ++i) word |= uint64_t{bytes[i]} << (8 * i);

  EncodingFamily const& family = family_of(target.gen);
  FieldValues const f = unpack(family, word);
  if (at(f, kEncoding) != family.encoding)
    return Error{ErrorKind::kNotMatrix,
                 fmt::format("not a {} instruction (ENCODING = 0x{:03x}, {} has 0x{:03x})",
                             family.name, at(f, kEncoding), family.name, family.encoding)};
  isa::Instruction const* row = row_of(target.gen, at(f, kOp));
  if (!row)
    return Error{ErrorKind::kNotMatrix,
                 fmt::format("{} opcode 0x{:02x} is not a matrix instruction of {}", family.name,
                             at(f, kOp), isa::name(target.gen))};
  if (!row->has_wave(target.wave))
    return Error{ErrorKind::kInvalidEncoding,
                 fmt::format("{} has no wave{} form", row->mnemonic, target.wave)};

  MachineInstruction mi;
  mi.row = row;
  mi.wave = target.wave;
  bool const mai = !isa::is_rdna(target.gen);
  // gfx908 has no ACC_CD bit: its C and D are always AccVGPRs (the bit is ignored, as llvm-mc does).
  bool const cd_agpr_only = detail::rules_of(target.gen).cd_agpr_only;
  auto const file = [&](bool acc) { return mai && acc ? RegFile::kAgpr : RegFile::kVgpr; };
  if (mai) {
    mai_modifiers(f, mi);
  } else if (auto e = vop3p_modifiers(f, mi)) {
    return *e;
  }
  if (auto e = detail::check_modifiers(mi)) return invalid_encoding(e->message);

  mi.vdst = Operand::vgpr(static_cast<int>(at(f, kVdst)));
  mi.vdst.file = file(at(f, kAccCd) || cd_agpr_only);
  auto src0 = register_operand(at(f, kSrc0), file(at(f, kAcc) & 1), *row, Slot::kSrc0);
  if (!src0) return src0.error();
  auto src1 = register_operand(at(f, kSrc1), file(at(f, kAcc) & 2), *row, Slot::kSrc1);
  if (!src1) return src1.error();
  auto src2 = c_operand(at(f, kSrc2), file((at(f, kAccCd) || cd_agpr_only) && !row->sparse()), *row, target.wave);
  if (!src2) return src2.error();
  mi.src0 = *src0;
  mi.src1 = *src1;
  mi.src2 = *src2;
  if (auto e = validate(mi)) return *e;
  return mi;
}

Result<std::string> disassemble(std::span<uint8_t const> bytes, Target target) {
  auto mi = decode(bytes, target);
  if (!mi) return mi.error();
  return print(*mi);
}

} // namespace wavemma::codec
