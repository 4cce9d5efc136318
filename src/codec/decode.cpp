// 8 bytes (16 for the scaled forms) -> fields -> MachineInstruction, keyed by (encoding family,
// opcode; the scale prefix and ABID for the scaled MFMA, the prefix's opcode for the scaled WMMA). Rejects what
// llvm-mc-22's disassembler reports as invalid, and what it prints but its assembler rejects
// (SGPRs, out-of-range tuples, misaligned or overlapping tuples, literals).

#include "constants.hpp"
#include "modifier_syntax.hpp"
#include "operand_text.hpp"
#include "rules.hpp"
#include "wavemma/codec/codec.hpp"
#include "wavemma/codec/fields.hpp"

#include <array>
#include <fmt/format.h>
#include <optional>
#include <string>

namespace wavemma::codec {
namespace {

using enum Field;
using detail::Mod;

constexpr uint32_t kVgprBase = 256;
constexpr uint32_t kLiteral = 255;
constexpr uint32_t kTtmpFirst = 108, kTtmpLast = 123;
constexpr int kGenerations = 7; // isa::Generation values
constexpr int kOpcodes = 256;   // gfx1250: an 8-bit OP field

// (generation, opcode) -> catalog row: [0] the one-word rows, [1] the scaled rows (whose MFMA word
// has the opcode of their unscaled twin).
using OpcodeTable = std::array<std::array<isa::Instruction const*, kOpcodes>, kGenerations>;

std::array<OpcodeTable, 2> build_opcode_tables() {
  std::array<OpcodeTable, 2> t{};
  for (auto const& row : isa::catalog())
    t[row.mod_rules().scaled][static_cast<int>(row.gen)][row.opcode & (kOpcodes - 1)] = &row;
  return t;
}

isa::Instruction const* row_of(isa::Generation gen, uint32_t opcode, bool scaled) {
  static std::array<OpcodeTable, 2> const tables = build_opcode_tables();
  return tables[scaled][static_cast<int>(gen)][opcode & (kOpcodes - 1)];
}

uint64_t word_at(std::span<uint8_t const> bytes, size_t offset) {
  uint64_t word = 0;
  for (int i = 0; i < kWordBytes; ++i) word |= uint64_t{bytes[offset + static_cast<size_t>(i)]} << (8 * i);
  return word;
}

Error invalid_encoding(std::string msg) { return {ErrorKind::kInvalidEncoding, std::move(msg)}; }

// What a source field holds when it is not a VGPR, for messages.
std::string describe_source(uint32_t v, isa::Generation gen) {
  if (v <= 105) return fmt::format("SGPR s{}", v);
  if (auto const name = detail::special_name(static_cast<int>(v), gen); !name.empty()) return std::string(name);
  if (v == kLiteral) return "a literal constant (a 12-byte instruction)";
  if (detail::is_inline_code(static_cast<int>(v)))
    return fmt::format("the inline constant {}", detail::constant_text(static_cast<int>(v), detail::ConstKind::kF32));
  return fmt::format("special source {}", v);
}

Result<Operand> register_operand(uint32_t field, RegFile file, isa::Instruction const& row, Slot slot) {
  if (field >= kVgprBase)
    return file == RegFile::kAgpr ? Operand::agpr(static_cast<int>(field - kVgprBase))
                                  : Operand::vgpr(static_cast<int>(field - kVgprBase));
  static constexpr char const* kSlotNames[] = {
      "VDST", "SRC0", "SRC1", "SRC2", "the prefix's SRC0 (scale A)", "the prefix's SRC1 (scale B)"};
  return Error{ErrorKind::kInvalidOperand,
               fmt::format("{} holds {}; {} takes {} only", kSlotNames[static_cast<int>(slot)],
                           describe_source(field, row.gen), row.mnemonic,
                           slot == Slot::kScaleA || slot == Slot::kScaleB ? "VGPRs there" : "registers")};
}

Result<Operand> c_operand(uint32_t field, RegFile file, isa::Instruction const& row, int wave) {
  if (field >= kVgprBase || row.sparse() || !row.mod_rules().c_inline)
    return register_operand(field, file, row, Slot::kSrc2);
  if (detail::is_inline_code(static_cast<int>(field))) return Operand::constant(static_cast<int>(field));
  if (detail::special_is_c(static_cast<int>(field), row.gen)) {
    int const width = slot_width(row, wave, Slot::kSrc2);
    if (detail::special_decodes(static_cast<int>(field), width)) return Operand::special(static_cast<int>(field));
    return Error{ErrorKind::kInvalidEncoding,
                 fmt::format("SRC2 holds {}: llvm-mc's disassembler decodes it only as a "
                             "2-register C, and C of {} has {} in wave{}",
                             detail::special_name(static_cast<int>(field), row.gen), row.mnemonic, width, wave)};
  }
  return Error{ErrorKind::kInvalidOperand, fmt::format("SRC2 holds {}; C of {} takes a register or an inline constant",
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
      return invalid_encoding(fmt::format("OP_SEL_HI must be all ones on {} (here op_sel_hi:[{},{},{}])",
                                          isa::name(row.gen), op_sel_hi & 1, (op_sel_hi >> 1) & 1,
                                          (op_sel_hi >> 2) & 1));
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

// The scaled rows' MFMA word carries ABID = kScaledAbid, which is no modifier (the caller checked
// it); elsewhere ABID is the modifier.
void mai_modifiers(FieldValues const& f, MachineInstruction& mi) {
  mi.mods.cbsz = static_cast<int>(at(f, kCbsz));
  mi.mods.abid = static_cast<int>(at(f, kAbid) ^ (mi.row->mod_rules().scaled ? detail::kScaledAbid : 0));
  mi.mods.blgp = static_cast<int>(at(f, kBlgp));
}

// Whether llvm-mc-22's disassembler forms an operand from a source field (9 bits; VDST as 256 + its
// value) for a register class of `width` >= 4 registers. Where it does not, it reports the MFMA
// word "invalid instruction encoding" -- and after a scale prefix decodes the prefix on its own.
// [DOC: llvm-mc-22, every value of every field of both gfx950 f8f6f4 shapes, one word and scaled]
bool llvm_forms_operand(uint32_t field, int width, RegFile file, uint32_t null_code) {
  // Tuples start at multiples of 4 in `count` registers (llvm's SGPR classes count s0..s103).
  auto const fits = [width](uint32_t first, int count) {
    return static_cast<int>(first >> 2) < (count - width) / 4 + 1;
  };
  if (field >= kVgprBase) return file == RegFile::kVgpr || static_cast<int>(field - kVgprBase) + width <= 256;
  if (field <= 101) return fits(field, 104);                                                     // s0..s101
  if (field >= 108 && field <= 123) return fits(field - 108, 16);                                // ttmp0..ttmp15
  return field == null_code || (field >= 128 && field <= 208) || (field >= 240 && field <= 248); // null, constants
}

// The first field of a gfx950 f8f6f4 MFMA word (one word or scaled) or of a gfx1250 scaled WMMA word
// that llvm-mc-22's disassembler forms no operand from, as a message. It reads A and B as the widest
// format's tuples (fp8's 8 or 16 registers) before sizing them by the formats, so an AccVGPR A/B
// must fit in a255 at 8 registers. [DOC: llvm-mc-22, every value of each source field]
std::optional<std::string> unformed_operand(FieldValues const& f, isa::Instruction const& row, int wave) {
  RegFile const cd = at(f, kAccCd) ? RegFile::kAgpr : RegFile::kVgpr;
  auto const ab = [&](uint32_t bit) { return at(f, kAcc) & bit ? RegFile::kAgpr : RegFile::kVgpr; };
  struct Source {
    char const* name;
    uint32_t value;
    Slot slot;
    RegFile file;
  };
  Source const sources[] = {{"VDST", kVgprBase + at(f, kVdst), Slot::kVdst, cd},
                            {"SRC0", at(f, kSrc0), Slot::kSrc0, ab(1)},
                            {"SRC1", at(f, kSrc1), Slot::kSrc1, ab(2)},
                            {"SRC2", at(f, kSrc2), Slot::kSrc2, cd}};
  uint32_t const null_code = isa::is_rdna(row.gen) ? 124 : 125;
  for (Source const& src : sources) {
    int const width = slot_width(row, wave, src.slot); // A, B: at format 0, fp8's
    if (llvm_forms_operand(src.value, width, src.file, null_code)) continue;
    std::string const what = src.value >= kVgprBase
                                 ? detail::register_text(src.file, static_cast<int>(src.value - kVgprBase), width)
                                 : describe_source(src.value, row.gen);
    return fmt::format("{} holds {}: llvm-mc-22's disassembler forms no {}-register operand of {} from it", src.name,
                       what, width, row.mnemonic);
  }
  return std::nullopt;
}

// One word of the generation's family as `row`: modifiers, then D, A, B, C (not yet validated).
Result<MachineInstruction> decode_word(FieldValues const& f, isa::Instruction const& row, Target target) {
  if (!row.has_wave(target.wave))
    return Error{ErrorKind::kInvalidEncoding, fmt::format("{} has no wave{} form", row.mnemonic, target.wave)};
  MachineInstruction mi;
  mi.row = &row;
  mi.wave = target.wave;
  bool const mai = !isa::is_rdna(target.gen);
  // gfx908 has no ACC_CD bit: its C and D are always AccVGPRs (the bit is ignored, as llvm-mc does).
  bool const cd_agpr_only = detail::rules_of(target.gen).cd_agpr_only;
  auto const file = [&](bool acc) { return mai && acc ? RegFile::kAgpr : RegFile::kVgpr; };
  if (mai) {
    mai_modifiers(f, mi);
  } else if (target.gen == isa::Generation::kGfx1250) {
    if (auto e = detail::gfx1250_modifiers(f, mi)) return *e;
  } else if (auto e = vop3p_modifiers(f, mi)) {
    return *e;
  }
  if (row.mod_rules().format_select && !row.mod_rules().scaled && mi.mods.abid)
    return invalid_encoding(fmt::format("ABID = {}: {} has no ABID (ABID[0] = 1 marks the MFMA "
                                        "word of the scaled form, which follows "
                                        "a v_mfma_ld_scale_b32 prefix)",
                                        mi.mods.abid, row.mnemonic));
  // gfx1250: the bits read as modifiers llvm-mc-22 prints and its assembler rejects (a format 5..7)
  if (auto e = detail::check_modifiers(mi))
    return target.gen == isa::Generation::kGfx1250 ? *e : invalid_encoding(e->message);
  if (row.mod_rules().format_select && mai)
    if (auto why = unformed_operand(f, row, target.wave)) return invalid_encoding(*why);

  mi.vdst = Operand::vgpr(static_cast<int>(at(f, kVdst)));
  mi.vdst.file = file(at(f, kAccCd) || cd_agpr_only);
  auto src0 = register_operand(at(f, kSrc0), file(at(f, kAcc) & 1), row, Slot::kSrc0);
  if (!src0) return src0.error();
  auto src1 = register_operand(at(f, kSrc1), file(at(f, kAcc) & 2), row, Slot::kSrc1);
  if (!src1) return src1.error();
  auto src2 = c_operand(at(f, kSrc2), file((at(f, kAccCd) || cd_agpr_only) && !row.sparse()), row, target.wave);
  if (!src2) return src2.error();
  mi.src0 = *src0;
  mi.src1 = *src1;
  mi.src2 = *src2;
  return mi;
}

// A scalar scale operand (gfx1250's, or gfx950's v_mfma_ld_scale_b32 alone) from its 9-bit source
// field: a VGPR (pair), an SGPR or ttmp (an odd field of a 64-bit operand reads as the pair below
// it, as llvm-mc-22 prints it), an inline constant or a named source.
Result<Operand> scale_operand(uint32_t field, int width, isa::Instruction const& row, Slot slot) {
  if (field >= kVgprBase) return Operand::vgpr(static_cast<int>(field - kVgprBase));
  uint32_t const first = width == 2 ? field & ~1u : field;
  if (static_cast<int>(field) < detail::sgpr_count(row.gen)) return Operand::sgpr(static_cast<int>(first));
  if (field >= kTtmpFirst && field <= kTtmpLast) return Operand::ttmp(static_cast<int>(first - kTtmpFirst));
  if (detail::is_inline_code(static_cast<int>(field))) return Operand::constant(static_cast<int>(field));
  if (detail::scale_source_decodes(static_cast<int>(field), width, row.gen))
    return Operand::special(static_cast<int>(field));
  return invalid_encoding(fmt::format("{} holds source {}: no {}-bit scale operand of {}",
                                      slot == Slot::kScaleA ? "the prefix's SRC0" : "the prefix's SRC1", field,
                                      32 * width, row.mnemonic));
}

// gfx950's v_mfma_ld_scale_b32 on its own: VDST, NEG_HI[2], OP_SEL[2], CLAMP and NEG[2] must be 0
// (llvm-mc-22: "invalid instruction encoding" otherwise); NEG_HI[1:0], NEG[1:0], OP_SEL_HI[2] and SRC2
// are ignored. [DOC: llvm-mc-22, every combination of the modifier bits, every VDST and SRC2]
Result<MachineInstruction> decode_mfma_prefix_alone(FieldValues const& f, Target target) {
  ScalePrefix const* prefix = nullptr;
  for (ScalePrefix const& p : scale_prefixes())
    if (p.row.gen == target.gen && p.row.opcode == at(f, kOp)) prefix = &p;
  if (!prefix) return Error{ErrorKind::kNotMatrix, "no v_mfma_ld_scale_b32 on this generation"};
  isa::Instruction const& row = prefix->row;
  struct Zero {
    Field field;
    uint32_t mask;
    char const* name;
  };
  for (Zero const& z : {Zero{kVdst, 0xff, "VDST"}, Zero{kNegHi, 4, "NEG_HI[2]"}, Zero{kOpSel, 4, "OP_SEL[2]"},
                        Zero{kClamp, 1, "CLAMP"}, Zero{kNeg, 4, "NEG[2]"}})
    if (at(f, z.field) & z.mask)
      return invalid_encoding(
          fmt::format("{} is set: {} on its own has 0 there (llvm-mc-22 decodes nothing else)", z.name, row.mnemonic));
  MachineInstruction mi;
  mi.row = &row;
  mi.wave = target.wave;
  if (!row.has_wave(target.wave))
    return invalid_encoding(fmt::format("{} has no wave{} form", row.mnemonic, target.wave));
  auto scale_a = scale_operand(at(f, kSrc0), prefix->scale_width, row, Slot::kScaleA);
  if (!scale_a) return scale_a.error();
  auto scale_b = scale_operand(at(f, kSrc1), prefix->scale_width, row, Slot::kScaleB);
  if (!scale_b) return scale_b.error();
  mi.scale_a = *scale_a;
  mi.scale_b = *scale_b;
  for (int t = 0; t < 2; ++t)
    mi.mods.scale_sel[t] = static_cast<int>((at(f, kOpSel) >> t & 1) | (at(f, kOpSelHi01) >> t & 1) << 1);
  return mi;
}

// A v_mfma_ld_scale_b32 prefix at the start of `bytes`. Followed by the MFMA word of a scaled row
// (its opcode, ABID = 1) that llvm-mc-22 decodes on its own too, it is the scaled MFMA: the prefix
// gives the scale VGPRs (SRC0, SRC1) and their byte selects (OP_SEL[1:0], OP_SEL_HI[1:0]); its
// other fields are ignored, as llvm-mc ignores them. Otherwise llvm-mc decodes the prefix on its
// own (8 bytes), and so does the codec.
Result<MachineInstruction> decode_prefixed(std::span<uint8_t const> bytes, Target target) {
  FieldValues const prefix = unpack(vop3p_cdna(), word_at(bytes, 0));
  auto const alone = [&] { return decode_mfma_prefix_alone(prefix, target); };
  if (bytes.size() < static_cast<size_t>(kMaxInstructionBytes)) return alone();
  EncodingFamily const& family = family_of(target.gen);
  FieldValues const f = unpack(family, word_at(bytes, kWordBytes));
  isa::Instruction const* row = at(f, kEncoding) == family.encoding ? row_of(target.gen, at(f, kOp), true) : nullptr;
  if (!row || at(f, kAbid) != detail::kScaledAbid) return alone();
  auto mi = decode_word(f, *row, target);
  if (!mi) {
    if (mi.error().kind != ErrorKind::kInvalidEncoding) return mi.error();
    return alone(); // an MFMA word llvm-mc-22 does not decode
  }
  auto scale_a = register_operand(at(prefix, kSrc0), RegFile::kVgpr, *row, Slot::kScaleA);
  if (!scale_a) return scale_a.error();
  auto scale_b = register_operand(at(prefix, kSrc1), RegFile::kVgpr, *row, Slot::kScaleB);
  if (!scale_b) return scale_b.error();
  MachineInstruction out = *mi;
  out.scale_a = *scale_a;
  out.scale_b = *scale_b;
  for (int t = 0; t < 2; ++t)
    out.mods.scale_sel[t] = static_cast<int>((at(prefix, kOpSel) >> t & 1) | (at(prefix, kOpSelHi01) >> t & 1) << 1);
  return out;
}

// gfx1250: a scale prefix word, and the scaled WMMA when the next word is one of its rows (an f8f6f4
// or f4 WMMA word llvm-mc-22 decodes); otherwise the prefix on its own.
Result<MachineInstruction> decode_gfx1250_prefix(std::span<uint8_t const> bytes, ScalePrefix const& prefix,
                                                 Target target) {
  EncodingFamily const& family = vop3p_gfx1250();
  FieldValues const p = unpack(family, word_at(bytes, 0));
  MachineInstruction alone;
  alone.row = &prefix.row;
  alone.wave = target.wave;
  if (!alone.row->has_wave(target.wave))
    return invalid_encoding(fmt::format("{} has no wave{} form", prefix.row.mnemonic, target.wave));
  if (auto e = detail::gfx1250_modifiers(p, alone)) return *e;
  if (auto e = detail::check_modifiers(alone)) return invalid_encoding(e->message);
  auto scale_a = scale_operand(at(p, kSrc0), prefix.scale_width, prefix.row, Slot::kScaleA);
  if (!scale_a) return scale_a.error();
  auto scale_b = scale_operand(at(p, kSrc1), prefix.scale_width, prefix.row, Slot::kScaleB);
  if (!scale_b) return scale_b.error();
  alone.scale_a = *scale_a;
  alone.scale_b = *scale_b;
  // The prefix alone has VDST = 0; before the word of its scaled form llvm-mc-22 ignores VDST.
  Result<MachineInstruction> const only = at(p, kVdst) == 0
                                              ? Result<MachineInstruction>(alone)
                                              : invalid_encoding(fmt::format("VDST = 0x{:x}: {} on its own has 0 there",
                                                                             at(p, kVdst), prefix.row.mnemonic));
  if (bytes.size() < static_cast<size_t>(kMaxInstructionBytes)) return only;
  FieldValues const f = unpack(family, word_at(bytes, kWordBytes));
  if (at(f, kEncoding) != family.encoding) return only;
  for (auto const& row : isa::catalog()) {
    if (row.gen != target.gen || row.opcode != at(f, kOp) || prefix_of(row) != &prefix) continue;
    // llvm-mc-22 decodes the prefix alone when it cannot decode the word: bits no modifier sets, a
    // source it forms no operand from. Otherwise it prints the scaled form, sound or not.
    if (unformed_operand(f, row, target.wave)) return only;
    auto mi = decode_word(f, row, target);
    if (!mi) return mi.error().kind == ErrorKind::kInvalidEncoding ? only : mi;
    MachineInstruction out = *mi;
    out.scale_a = alone.scale_a;
    out.scale_b = alone.scale_b;
    out.mods.scale_sel = alone.mods.scale_sel;
    out.mods.scale_fmt = alone.mods.scale_fmt;
    out.mods.reuse = alone.mods.reuse;
    return out;
  }
  return only;
}

ScalePrefix const* prefix_with_opcode(isa::Generation gen, uint32_t opcode) {
  for (ScalePrefix const& p : scale_prefixes())
    if (p.row.gen == gen && p.row.opcode == opcode) return &p;
  return nullptr;
}

} // namespace

Result<MachineInstruction> decode(std::span<uint8_t const> bytes, Target target) {
  if (bytes.size() < static_cast<size_t>(kWordBytes))
    return Error{ErrorKind::kTruncated,
                 fmt::format("an instruction has 8 bytes (16 for a scaled MFMA), got {}", bytes.size())};
  EncodingFamily const& family = family_of(target.gen);
  FieldValues const f = unpack(family, word_at(bytes, 0));
  if (at(f, kEncoding) != family.encoding)
    return Error{ErrorKind::kNotMatrix, fmt::format("not a {} instruction (ENCODING = 0x{:03x}, {} has 0x{:03x})",
                                                    family.name, at(f, kEncoding), family.name, family.encoding)};
  bool const prefix = static_cast<int>(at(f, kOp)) == detail::rules_of(target.gen).scale_prefix_op;
  ScalePrefix const* const gfx1250_prefix = prefix_with_opcode(target.gen, at(f, kOp));
  auto mi = [&]() -> Result<MachineInstruction> {
    if (prefix) return decode_prefixed(bytes, target);
    if (gfx1250_prefix) return decode_gfx1250_prefix(bytes, *gfx1250_prefix, target);
    isa::Instruction const* row = row_of(target.gen, at(f, kOp), false);
    if (!row)
      return Error{ErrorKind::kNotMatrix, fmt::format("{} opcode 0x{:02x} is not a matrix instruction of {}",
                                                      family.name, at(f, kOp), isa::name(target.gen))};
    return decode_word(f, *row, target);
  }();
  if (!mi) return mi;
  if (auto e = validate(*mi)) return *e;
  return mi;
}

bool decodes_back(MachineInstruction const& mi) {
  if (!mi.row) return true;
  isa::Instruction const& row = *mi.row;
  if (mi.src2.kind == Operand::Kind::kSpecial && detail::special_is_c(mi.src2.value, row.gen) &&
      !detail::special_decodes(mi.src2.value, slot_width(mi, Slot::kSrc2)))
    return false;
  if (detail::list_bits(mi, Mod::kNegHi) & row.mod_rules().neg_hi_dropped) return false;
  for (Slot s : {Slot::kScaleA, Slot::kScaleB})
    if (mi.operand(s).kind == Operand::Kind::kSpecial && detail::scalar_scales(row) &&
        !detail::scale_source_decodes(mi.operand(s).value, slot_width(mi, s), row.gen))
      return false;
  if (row.mod_rules().format_select)
    for (Slot s : {Slot::kSrc0, Slot::kSrc1}) {
      Operand const& op = mi.operand(s);
      if (op.is_register() && op.file == RegFile::kAgpr &&
          !llvm_forms_operand(kVgprBase + op.value, slot_width(row, mi.wave, s), RegFile::kAgpr, 125))
        return false;
    }
  return true;
}

Result<std::string> disassemble(std::span<uint8_t const> bytes, Target target) {
  auto mi = decode(bytes, target);
  if (!mi) return mi.error();
  return print(*mi);
}

} // namespace wavemma::codec
