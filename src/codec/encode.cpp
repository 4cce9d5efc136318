// MachineInstruction -> fields -> 8 bytes; the scaled forms: the prefix word, then the matrix word.

#include "modifier_syntax.hpp"
#include "rules.hpp"
#include "wavemma/codec/codec.hpp"
#include "wavemma/codec/fields.hpp"

namespace wavemma::codec {
namespace {

using enum Field;
using detail::Mod;

constexpr uint32_t kVgprBase = 256; // source fields: 256 + register number
constexpr uint32_t kTtmpBase = 108; // ttmp0

uint32_t source_code(Operand const& op) {
  switch (op.kind) {
  case Operand::Kind::kRegister:
    if (op.file == RegFile::kSgpr) return op.value;
    if (op.file == RegFile::kTtmp) return kTtmpBase + op.value;
    return kVgprBase + op.value;
  case Operand::Kind::kConstant:
  case Operand::Kind::kSpecial:
    return op.value;
  }
  return 0;
}

uint32_t is_agpr(Operand const& op) { return op.is_register() && op.file == RegFile::kAgpr; }

FieldValues vop3p_fields(MachineInstruction const& mi) {
  FieldValues f{};
  bool const sparse = mi.row->mod_rules().index_key;
  at(f, kNegHi) = detail::list_bits(mi, Mod::kNegHi);
  at(f, kOpSel) = sparse ? static_cast<uint32_t>(mi.mods.index_key) : detail::list_bits(mi, Mod::kOpSel);
  at(f, kOpSelHi2) = mi.op_sel_hi[2];
  at(f, kOpSelHi01) = mi.op_sel_hi[0] | mi.op_sel_hi[1] << 1;
  at(f, kClamp) = mi.mods.clamp;
  at(f, kNeg) = detail::list_bits(mi, Mod::kNegLo);
  return f;
}

FieldValues mai_fields(MachineInstruction const& mi) {
  FieldValues f{};
  at(f, kCbsz) = static_cast<uint32_t>(mi.mods.cbsz);
  at(f, kAbid) = static_cast<uint32_t>(mi.mods.abid);
  at(f, kAccCd) = is_agpr(mi.vdst) && !detail::rules_of(mi.row->gen).cd_agpr_only; // gfx908: no such bit
  at(f, kAcc) = is_agpr(mi.src0) | is_agpr(mi.src1) << 1;
  at(f, kBlgp) = static_cast<uint32_t>(mi.mods.blgp); // f64: neg:[A,B,C]
  return f;
}

// The v_mfma_ld_scale_b32 word, the prefix of the scaled MFMA or (`alone`) the instruction on its
// own: SRC0/SRC1 the scales, OP_SEL[1:0] and OP_SEL_HI[1:0] the low and high bits of the A/B byte
// selects; every other field 0 (llvm-mc-22 encodes OP_SEL_HI[2] as 0 in the scaled MFMA, and 1 in
// the standalone instruction).
uint64_t prefix_word(MachineInstruction const& mi, bool alone) {
  EncodingFamily const& family = vop3p_cdna();
  auto const& sel = mi.mods.scale_sel;
  FieldValues f{};
  at(f, kOp) = static_cast<uint32_t>(detail::rules_of(mi.row->gen).scale_prefix_op);
  at(f, kEncoding) = family.encoding;
  at(f, kSrc0) = source_code(mi.scale_a);
  at(f, kSrc1) = source_code(mi.scale_b);
  at(f, kOpSel) = static_cast<uint32_t>((sel[0] & 1) | (sel[1] & 1) << 1);
  at(f, kOpSelHi01) = static_cast<uint32_t>((sel[0] >> 1 & 1) | (sel[1] >> 1 & 1) << 1);
  at(f, kOpSelHi2) = alone;
  return pack(family, f);
}

// gfx1250: a word of the row (its modifier bits from the word layout) or, with `prefix`, the scale
// prefix word of the scaled row or of the prefix itself.
uint64_t gfx1250_word(MachineInstruction const& mi, ScalePrefix const* prefix) {
  EncodingFamily const& family = vop3p_gfx1250();
  MachineInstruction as = mi;
  if (prefix) as.row = &prefix->row;
  FieldValues f = detail::gfx1250_fields(as);
  at(f, kOp) = as.row->opcode;
  at(f, kEncoding) = family.encoding;
  if (prefix) {
    at(f, kSrc0) = source_code(mi.scale_a);
    at(f, kSrc1) = source_code(mi.scale_b);
  } else {
    at(f, kVdst) = mi.vdst.value;
    at(f, kSrc0) = source_code(mi.src0);
    at(f, kSrc1) = source_code(mi.src1);
    at(f, kSrc2) = source_code(mi.src2);
  }
  return pack(family, f);
}

void append(Bytes& out, uint64_t word) {
  for (int i = 0; i < kWordBytes; ++i) out.push_back(static_cast<uint8_t>(word >> (8 * i)));
}

} // namespace

Result<Bytes> encode(MachineInstruction const& mi) {
  if (auto e = validate(mi)) return *e;
  if (mi.row->gen == isa::Generation::kGfx1250) {
    Bytes out;
    if (ScalePrefix const* alone = scale_prefix(*mi.row)) {
      append(out, gfx1250_word(mi, alone));
      return out;
    }
    if (ScalePrefix const* prefix = prefix_of(*mi.row)) append(out, gfx1250_word(mi, prefix));
    append(out, gfx1250_word(mi, nullptr));
    return out;
  }
  if (scale_prefix(*mi.row)) { // gfx950's v_mfma_ld_scale_b32 on its own
    Bytes out;
    append(out, prefix_word(mi, true));
    return out;
  }
  bool const scaled = mi.row->mod_rules().scaled;
  EncodingFamily const& family = family_of(mi.row->gen);
  FieldValues f = isa::is_rdna(mi.row->gen) ? vop3p_fields(mi) : mai_fields(mi);
  at(f, kVdst) = mi.vdst.value;
  at(f, kOp) = mi.row->opcode;
  at(f, kEncoding) = family.encoding;
  at(f, kSrc0) = source_code(mi.src0);
  at(f, kSrc1) = source_code(mi.src1);
  at(f, kSrc2) = source_code(mi.src2);
  if (scaled) at(f, kAbid) = detail::kScaledAbid;
  Bytes out;
  out.reserve(static_cast<size_t>(size_of(mi)));
  if (scaled) append(out, prefix_word(mi, false));
  append(out, pack(family, f));
  return out;
}

Result<Bytes> assemble(std::string_view text, Target target) {
  auto mi = parse(text, target);
  if (!mi) return mi.error();
  return encode(*mi);
}

} // namespace wavemma::codec
