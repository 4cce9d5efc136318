// Modifier syntax and legality (reference/encoding.md §5; legal bits from the catalog's ModRules).

#include "modifier_syntax.hpp"

#include "rules.hpp"
#include "wavemma/codec/codec.hpp"
#include "wavemma/isa/modifiers.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace wavemma::codec::detail {
namespace {

using enum Mod;
using enum ModForm;

// clang-format off
// VOP3P: gfx11 prints op_sel op_sel_hi neg_lo neg_hi clamp; gfx12 index_key neg_lo neg_hi clamp.
// A fourth list element is accepted and ignored, as llvm-mc does.
constexpr ModSyntax kVop3pSyntax[] = {
//  mod         name         form   max extra0 glued
  {kOpSel,    "op_sel",    kList,  4, false, false},
  {kOpSelHi,  "op_sel_hi", kList,  4, false, false},
  {kIndexKey, "index_key", kInt,   3, false, false},
  {kNegLo,    "neg_lo",    kList,  4, false, false},
  {kNegHi,    "neg_hi",    kList,  4, false, false},
  {kClamp,    "clamp",     kFlag,  0, false, false},
};
// VOP3P-MAI: cbsz abid blgp, or on f64 cbsz abid neg (a fourth element of neg must be 0). The
// gfx950 scaled MFMA takes its prefix's op_sel op_sel_hi first (a fourth element is ignored).
constexpr ModSyntax kMaiSyntax[] = {
  {kOpSel,    "op_sel",    kList,  4, false, false},
  {kOpSelHi,  "op_sel_hi", kList,  4, false, false},
  {kCbsz,     "cbsz",      kInt,   7, false, false},
  {kAbid,     "abid",      kInt,  15, false, false},
  {kBlgp,     "blgp",      kInt,   7, false, false},
  {kNeg,      "neg",       kList,  4, true,  true},
};
// gfx1250 (reference/gfx1250.md §4.1): the formats, scale rows and scale formats by name (or number),
// index_key, the reuse hints, then the VOP3P modifiers. llvm-mc-22 takes them in this order only.
constexpr std::string_view kFmtNames[] = {"MATRIX_FMT_FP8", "MATRIX_FMT_BF8", "MATRIX_FMT_FP6", "MATRIX_FMT_BF6",
                                          "MATRIX_FMT_FP4"};
constexpr std::string_view kScaleRowNames[] = {"MATRIX_SCALE_ROW0", "MATRIX_SCALE_ROW1"};
constexpr std::string_view kScaleFmtNames[] = {"MATRIX_SCALE_FMT_E8", "MATRIX_SCALE_FMT_E5M3", "MATRIX_SCALE_FMT_E4M3"};
constexpr ModSyntax kGfx1250Syntax[] = {
  {kMatrixAFmt,      "matrix_a_fmt",       kEnum,  4, false, false, kFmtNames},
  {kMatrixBFmt,      "matrix_b_fmt",       kEnum,  4, false, false, kFmtNames},
  {kMatrixAScale,    "matrix_a_scale",     kEnum,  1, false, false, kScaleRowNames},
  {kMatrixBScale,    "matrix_b_scale",     kEnum,  1, false, false, kScaleRowNames},
  {kMatrixAScaleFmt, "matrix_a_scale_fmt", kEnum,  2, false, false, kScaleFmtNames},
  {kMatrixBScaleFmt, "matrix_b_scale_fmt", kEnum,  2, false, false, kScaleFmtNames},
  {kIndexKey,        "index_key",          kInt,   1, false, false},
  {kMatrixAReuse,    "matrix_a_reuse",     kFlag,  0, false, false},
  {kMatrixBReuse,    "matrix_b_reuse",     kFlag,  0, false, false},
  {kNegLo,           "neg_lo",             kList,  4, false, false},
  {kNegHi,           "neg_hi",             kList,  4, false, false},
  {kClamp,           "clamp",              kFlag,  0, false, false},
};

// gfx1250 words: where each modifier sits [DOC: llvm-mc-22, every modifier bit of each form set
// alone; reference/gfx1250.md §3.1, §3.2]. OP_SEL_HI is [1,1,1] unless a modifier holds its bits,
// except OP_SEL_HI[2] on the reuse forms (matrix_b_reuse, 0 by default); the scale prefix
// holds every modifier of the scaled form but the formats and neg_lo/neg_hi.
using F = Field;
constexpr ModBits kVop3pMods[] = {
  {kNegLo, F::kNeg, 0, 3, 0}, {kNegHi, F::kNegHi, 0, 3, 0}, {kClamp, F::kClamp, 0, 1, 0}};
constexpr ModBits kReuseMods[] = {
  {kNegLo, F::kNeg, 0, 3, 0}, {kNegHi, F::kNegHi, 0, 3, 0}, {kClamp, F::kClamp, 0, 1, 0},
  {kMatrixAReuse, F::kOpSel, 2, 1, 0}, {kMatrixBReuse, F::kOpSelHi2, 0, 1, 0}};
constexpr ModBits kSparseReuseMods[] = {
  {kNegLo, F::kNeg, 0, 3, 0}, {kNegHi, F::kNegHi, 0, 3, 0}, {kClamp, F::kClamp, 0, 1, 0},
  {kMatrixAReuse, F::kOpSel, 2, 1, 0}, {kMatrixBReuse, F::kOpSelHi2, 0, 1, 0}, {kIndexKey, F::kOpSel, 0, 1, 0}};
constexpr ModBits kGfx12SparseMods[] = {
  {kNegLo, F::kNeg, 0, 3, 0}, {kNegHi, F::kNegHi, 0, 3, 0}, {kClamp, F::kClamp, 0, 1, 0},
  {kIndexKey, F::kOpSel, 0, 1, 0}};
constexpr ModBits kF8f6f4Mods[] = {
  {kNegLo, F::kNeg, 0, 3, 0}, {kNegHi, F::kNegHi, 0, 3, 0}, {kClamp, F::kClamp, 0, 1, 0},
  {kMatrixAFmt, F::kOpSel, 0, 3, 0}, {kMatrixBFmt, F::kOpSelHi01, 0, 2, 0}, {kMatrixBFmt, F::kOpSelHi2, 0, 1, 2}};
constexpr ModBits kPrefixMods[] = {
  {kMatrixBScaleFmt, F::kNegHi, 0, 2, 0}, {kMatrixAScale, F::kOpSel, 0, 1, 0}, {kMatrixAReuse, F::kOpSel, 2, 1, 0},
  {kMatrixBReuse, F::kOpSelHi2, 0, 1, 0}, {kMatrixBScale, F::kOpSelHi01, 0, 1, 0},
  {kMatrixAScaleFmt, F::kNeg, 0, 2, 0}};
//                                      bits              op_sel_hi[1:0] [2] prefix
constexpr WordLayout kReuseWord       {kReuseMods,        0b11,          0,  false};
constexpr WordLayout kSparseReuseWord {kSparseReuseMods,  0b11,          0,  false};
constexpr WordLayout kF8f6f4Word      {kF8f6f4Mods,       0,             0,  false};
constexpr WordLayout kF4Word          {kVop3pMods,        0b11,          1,  false};
constexpr WordLayout kGfx12Word       {kVop3pMods,        0b11,          1,  false};
constexpr WordLayout kGfx12SparseWord {kGfx12SparseMods,  0b11,          1,  false};
constexpr WordLayout kPrefixWord      {kPrefixMods,       0,             0,  true};
// clang-format on

constexpr uint32_t kPrefixSrc2 = 0x100; // llvm-mc-22 writes v0 there, and decodes nothing else

char const* const kSrcNames[3] = {"A", "B", "C"};

// The list a modifier is held in (MI is MachineInstruction, const or not).
template <class MI>
auto& list_of(MI& mi, Mod m) {
  switch (m) {
  case kOpSel:
    return mi.mods.op_sel;
  case kOpSelHi:
    return mi.op_sel_hi;
  case kNegLo:
    return mi.mods.neg_lo;
  case kNegHi:
    return mi.mods.neg_hi;
  default:
    throw std::logic_error("codec: not a list modifier held as a list");
  }
}

uint8_t to_bits(std::array<bool, 3> const& a) { return static_cast<uint8_t>(a[0] | a[1] << 1 | a[2] << 2); }

// The scaled MFMA: op_sel[t] and op_sel_hi[t] (t = 0 A, 1 B) are bit 0 and bit 1 of the byte
// select scale_sel[t]; element 2 does not exist (dropped when given, printed as 0).
bool scale_list(MachineInstruction const& mi, Mod m) {
  return (m == kOpSel || m == kOpSelHi) && mi.row && mi.row->mod_rules().scaled;
}
int scale_bit(Mod m) { return m == kOpSelHi ? 1 : 0; }

std::string bits_text(uint8_t bits) { return fmt::format("[{},{},{}]", bits & 1, (bits >> 1) & 1, (bits >> 2) & 1); }

} // namespace

std::span<ModSyntax const> modifier_syntax(isa::Generation gen) {
  if (gen == isa::Generation::kGfx1250) return kGfx1250Syntax;
  if (!isa::is_rdna(gen)) return kMaiSyntax;
  return kVop3pSyntax;
}

ModSyntax const& syntax_of(Mod m) {
  for (auto const& s : kVop3pSyntax)
    if (s.mod == m) return s;
  for (auto const& s : kMaiSyntax)
    if (s.mod == m) return s;
  for (auto const& s : kGfx1250Syntax)
    if (s.mod == m) return s;
  throw std::logic_error("codec: modifier without syntax");
}

WordLayout const& word_layout(isa::Instruction const& row) {
  isa::ModRules const& r = row.mod_rules();
  if (scale_prefix(row)) return kPrefixWord;
  if (row.gfx12_form()) return row.sparse() ? kGfx12SparseWord : kGfx12Word;
  if (r.format_select) return kF8f6f4Word;
  if (r.scaled || !r.reuse) return kF4Word; // the reuse bits of the scaled forms are in their prefix
  return row.sparse() ? kSparseReuseWord : kReuseWord;
}

namespace {

constexpr uint32_t mask(int width) { return (1u << width) - 1; }

// A modifier's value as the word holds it (neg_hi without the bits llvm-mc-22 drops).
uint32_t encoded_value(MachineInstruction const& mi, Mod m) {
  switch (syntax_of(m).form) {
  case kList:
    return list_bits(mi, m) & static_cast<uint8_t>(m == kNegHi ? ~mi.row->mod_rules().neg_hi_dropped : 0xff);
  case kFlag:
    return flag_value(mi, m);
  case kInt:
  case kEnum:
    return static_cast<uint32_t>(int_value(mi, m));
  }
  return 0;
}

void set_value(MachineInstruction& mi, Mod m, uint32_t v) {
  switch (syntax_of(m).form) {
  case kList:
    set_list_bits(mi, m, static_cast<uint8_t>(v));
    return;
  case kFlag:
    set_flag_value(mi, m, v != 0);
    return;
  case kInt:
  case kEnum:
    set_int_value(mi, m, static_cast<int>(v));
    return;
  }
}

std::string_view name_of(Field fld) {
  for (BitField const& b : vop3p_gfx1250().fields)
    if (b.field == fld) return b.name;
  return "a field";
}

constexpr Field kModifierFields[] = {Field::kNegHi, Field::kOpSel,     Field::kOpSelHi2,
                                     Field::kClamp, Field::kOpSelHi01, Field::kNeg};

} // namespace

FieldValues gfx1250_fields(MachineInstruction const& mi) {
  WordLayout const& L = word_layout(*mi.row);
  FieldValues f{};
  at(f, Field::kOpSelHi01) = L.op_sel_hi01;
  at(f, Field::kOpSelHi2) = L.op_sel_hi2;
  if (L.prefix) at(f, Field::kSrc2) = kPrefixSrc2;
  for (ModBits const& b : L.bits) {
    uint32_t const bits = (encoded_value(mi, b.mod) >> b.value_lo) & mask(b.width);
    at(f, b.field) = (at(f, b.field) & ~(mask(b.width) << b.field_lo)) | bits << b.field_lo;
  }
  return f;
}

std::optional<Error> gfx1250_modifiers(FieldValues const& f, MachineInstruction& mi) {
  WordLayout const& L = word_layout(*mi.row);
  std::array<uint32_t, static_cast<size_t>(kMatrixBReuse) + 1> values{}; // by Mod
  for (ModBits const& b : L.bits)
    values[static_cast<size_t>(b.mod)] |= ((at(f, b.field) >> b.field_lo) & mask(b.width)) << b.value_lo;
  for (ModBits const& b : L.bits) set_value(mi, b.mod, values[static_cast<size_t>(b.mod)]);
  // Bits of modifiers the instruction does not take, and list bits it does not allow: llvm-mc-22's
  // disassembler refuses the word (values out of range, a format 5..7, it prints; check_modifiers).
  for (ModBits const& b : L.bits) {
    uint32_t const v = values[static_cast<size_t>(b.mod)];
    ModSyntax const& syn = syntax_of(b.mod);
    uint32_t const allowed = !takes(*mi.row, mi.wave, b.mod) ? 0
                             : syn.form == kList             ? legal_list_bits(*mi.row, b.mod)
                                                             : ~0u;
    if (v & ~allowed)
      return Error{ErrorKind::kInvalidEncoding,
                   fmt::format("{} = 0x{:x}: {} takes {}", syn.name, v, mi.row->mnemonic,
                               allowed ? fmt::format("only the bits 0x{:x}", allowed) : "no such modifier")};
  }
  FieldValues const again = gfx1250_fields(mi);
  for (Field const fld : kModifierFields)
    if (at(again, fld) != at(f, fld))
      return Error{ErrorKind::kInvalidEncoding,
                   fmt::format("{} = 0x{:x}: no modifier of {} sets these bits so (llvm-mc-22 expects 0x{:x})",
                               name_of(fld), at(f, fld), mi.row->mnemonic, at(again, fld))};
  if (L.prefix && at(f, Field::kSrc2) != kPrefixSrc2)
    return Error{ErrorKind::kInvalidEncoding,
                 fmt::format("SRC2 = 0x{:x}: the scale prefix {} has 0x100 there (llvm-mc-22 decodes nothing else)",
                             at(f, Field::kSrc2), mi.row->mnemonic)};
  return std::nullopt;
}

bool takes(isa::Instruction const& row, int wave, Mod m) {
  isa::ModRules const& r = row.mod_rules();
  if (scale_prefix(row)) { // the modifiers its word holds (gfx950's: the byte selects)
    if (r.mai) return m == kOpSel || m == kOpSelHi;
    for (ModBits const& b : word_layout(row).bits)
      if (b.mod == m) return true;
    return false;
  }
  switch (m) {
  case kOpSel:
    return r.scaled || (!r.index_key && r.op_sel_legal != 0);
  case kOpSelHi:
    return r.scaled || (rules_of(row.gen).op_sel_hi == OpSelHi::kOperandWithOpSel && r.op_sel_legal != 0);
  case kIndexKey: // gfx1250: one OP_SEL bit on every new sparse row, whatever the index holds
    return r.index_key &&
           ((row.gen == isa::Generation::kGfx1250 && !row.gfx12_form()) || isa::index_sets(row, wave) > 1);
  case kNegLo:
    return r.neg_lo_legal != 0;
  case kNegHi:
    return r.neg_hi_legal != 0;
  case kClamp:
    return r.clamp;
  case kCbsz:
    return r.mai;
  case kAbid: // gfx950 f8f6f4: none (the scaled form's ABID[0] marks the prefix, set by the codec)
    return r.mai && !r.format_select;
  case kBlgp:
    return r.mai && r.blgp_legal;
  case kNeg:
    return r.mai && r.blgp_is_neg;
  case kMatrixAFmt:
  case kMatrixBFmt:
    return r.format_select && !r.mai;
  case kMatrixAScale:
  case kMatrixBScale:
  case kMatrixAScaleFmt:
  case kMatrixBScaleFmt:
    return r.wmma_scaled;
  case kMatrixAReuse:
  case kMatrixBReuse:
    return r.reuse;
  }
  return false;
}

uint8_t list_bits(MachineInstruction const& mi, Mod m) {
  if (m == kNeg) return static_cast<uint8_t>(mi.mods.blgp & 7);
  if (scale_list(mi, m)) {
    auto const& sel = mi.mods.scale_sel;
    return static_cast<uint8_t>((sel[0] >> scale_bit(m) & 1) | (sel[1] >> scale_bit(m) & 1) << 1);
  }
  return to_bits(list_of(mi, m));
}

void set_list_bits(MachineInstruction& mi, Mod m, uint8_t bits) {
  if (m == kNeg) {
    mi.mods.blgp = bits & 7;
    return;
  }
  if (scale_list(mi, m)) {
    for (int t = 0; t < 2; ++t) {
      int& sel = mi.mods.scale_sel[t];
      sel = (sel & ~(1 << scale_bit(m))) | ((bits >> t) & 1) << scale_bit(m);
    }
    return;
  }
  auto& a = list_of(mi, m);
  for (int t = 0; t < 3; ++t) a[t] = (bits >> t) & 1;
}

uint8_t default_list_bits(Mod m) { return m == kOpSelHi ? 0b111 : 0; }

int int_value(MachineInstruction const& mi, Mod m) {
  switch (m) {
  case kIndexKey:
    return mi.mods.index_key;
  case kCbsz:
    return mi.mods.cbsz;
  case kAbid:
    return mi.mods.abid;
  case kBlgp:
    return mi.mods.blgp;
  case kMatrixAFmt:
    return mi.mods.matrix_fmt[0];
  case kMatrixBFmt:
    return mi.mods.matrix_fmt[1];
  case kMatrixAScale:
    return mi.mods.scale_sel[0];
  case kMatrixBScale:
    return mi.mods.scale_sel[1];
  case kMatrixAScaleFmt:
    return mi.mods.scale_fmt[0];
  case kMatrixBScaleFmt:
    return mi.mods.scale_fmt[1];
  default:
    throw std::logic_error("codec: not an integer modifier");
  }
}

void set_int_value(MachineInstruction& mi, Mod m, int v) {
  switch (m) {
  case kIndexKey:
    mi.mods.index_key = v;
    return;
  case kCbsz:
    mi.mods.cbsz = v;
    return;
  case kAbid:
    mi.mods.abid = v;
    return;
  case kBlgp:
    mi.mods.blgp = v;
    return;
  case kMatrixAFmt:
    mi.mods.matrix_fmt[0] = v;
    return;
  case kMatrixBFmt:
    mi.mods.matrix_fmt[1] = v;
    return;
  case kMatrixAScale:
    mi.mods.scale_sel[0] = v;
    return;
  case kMatrixBScale:
    mi.mods.scale_sel[1] = v;
    return;
  case kMatrixAScaleFmt:
    mi.mods.scale_fmt[0] = v;
    return;
  case kMatrixBScaleFmt:
    mi.mods.scale_fmt[1] = v;
    return;
  default:
    throw std::logic_error("codec: not an integer modifier");
  }
}

bool flag_value(MachineInstruction const& mi, Mod m) {
  if (m == kMatrixAReuse || m == kMatrixBReuse) return mi.mods.reuse[m == kMatrixBReuse];
  return mi.mods.clamp;
}
void set_flag_value(MachineInstruction& mi, Mod m, bool v) {
  if (m == kMatrixAReuse || m == kMatrixBReuse)
    mi.mods.reuse[m == kMatrixBReuse] = v;
  else
    mi.mods.clamp = v;
}

uint8_t legal_list_bits(isa::Instruction const& row, Mod m) {
  isa::ModRules const& r = row.mod_rules();
  switch (m) {
  case kOpSel:
    return r.scaled ? 0b011 : r.index_key ? 0 : r.op_sel_legal;
  case kOpSelHi: // the scaled form: element 2 is always 0 (not the default 1)
    return r.op_sel_legal || r.scaled ? 0b111 : 0;
  case kNegLo:
    return r.neg_lo_legal;
  case kNegHi:
    return r.neg_hi_legal;
  case kNeg:
    return r.blgp_is_neg ? 0b111 : 0;
  default:
    return 0;
  }
}

int max_int_value(isa::Instruction const& row, int wave, Mod m) {
  if (m == kIndexKey && row.gen == isa::Generation::kGfx1250) // the bits the word has for it
    for (ModBits const& b : word_layout(row).bits)
      if (b.mod == kIndexKey) return static_cast<int>(mask(b.width));
  if (m == kIndexKey) return isa::index_sets(row, wave) - 1;
  return syntax_of(m).max;
}

std::optional<Error> check_modifiers(MachineInstruction const& mi) {
  isa::Instruction const& row = *mi.row;
  auto fail = [](std::string msg) { return Error{ErrorKind::kInvalidModifier, std::move(msg)}; };
  for (ModSyntax const& s : modifier_syntax(row.gen)) {
    bool const taken = takes(row, mi.wave, s.mod);
    switch (s.form) {
    case kList: {
      if (s.mod == kNeg && !taken) break; // the BLGP bits are blgp here, checked below
      uint8_t const bits = list_bits(mi, s.mod), dflt = default_list_bits(s.mod);
      if (bits == dflt) break;
      if (!taken) {
        if (s.mod == kOpSelHi)
          return fail(fmt::format("{} takes no op_sel_hi (it must be [1,1,1]; got {})", row.mnemonic, bits_text(bits)));
        return fail(fmt::format("{} takes no {} modifier", row.mnemonic, s.name));
      }
      uint8_t const legal = legal_list_bits(row, s.mod);
      uint8_t const changed = static_cast<uint8_t>(bits ^ dflt);
      for (int t = 0; t < 3; ++t)
        if ((changed >> t) & 1 && !((legal >> t) & 1))
          return fail(fmt::format("{}[{}] ({}) is not allowed on {} (allowed: {} bits {})", s.name, t, kSrcNames[t],
                                  row.mnemonic, s.name, bits_text(legal)));
      break;
    }
    case kInt:
    case kEnum: {
      int const v = int_value(mi, s.mod);
      if (s.mod == kBlgp && !takes(row, mi.wave, kBlgp)) {
        if (takes(row, mi.wave, kNeg)) break; // f64: the BLGP bits hold neg:[A,B,C], checked as a list
        if (v != 0) return fail(fmt::format("{} takes no blgp modifier (BLGP must be 0)", row.mnemonic));
        break;
      }
      if (v == 0) break;
      if (!taken) {
        if (s.mod == kIndexKey && row.mod_rules().index_key) return fail(isa::index_key_refused(row.mnemonic, mi.wave));
        return fail(fmt::format("{} takes no {} modifier", row.mnemonic, s.name));
      }
      int const hi = max_int_value(row, mi.wave, s.mod);
      if (v < 0 || v > hi)
        return fail(isa::out_of_range(s.name, v, hi) +
                    (s.mod == kIndexKey ? fmt::format(" for {} in wave{}", row.mnemonic, mi.wave) : ""));
      break;
    }
    case kFlag:
      if (flag_value(mi, s.mod) && !taken) {
        if (s.mod == kClamp) return fail(isa::clamp_refused(row.mnemonic));
        return fail(fmt::format("{} takes no {} modifier", row.mnemonic, s.name));
      }
      break;
    }
  }
  // Values of the other family's modifiers must stay at their defaults.
  bool const mai = !isa::is_rdna(row.gen);
  isa::Modifiers const& m = mi.mods;
  if (mai &&
      (m.neg_lo != std::array<bool, 3>{} || m.neg_hi != std::array<bool, 3>{} || m.op_sel != std::array<bool, 3>{} ||
       m.clamp || m.index_key || mi.op_sel_hi != std::array<bool, 3>{true, true, true}))
    return fail(fmt::format("neg_lo/neg_hi/op_sel/op_sel_hi/clamp/index_key are RDNA (VOP3P) modifiers, not for {}",
                            row.mnemonic));
  if (!mai && (m.cbsz || m.abid || m.blgp)) return fail(isa::mfma_modifiers_refused(row.mnemonic));
  bool const gfx1250 = row.gen == isa::Generation::kGfx1250;
  if (gfx1250 && (m.op_sel != std::array<bool, 3>{} || mi.op_sel_hi != std::array<bool, 3>{true, true, true}))
    return fail(fmt::format("op_sel/op_sel_hi are not operands of {} on gfx1250", row.mnemonic));
  if (!gfx1250 &&
      (m.matrix_fmt != std::array<int, 2>{} || m.scale_fmt != std::array<int, 2>{} || m.reuse != std::array<bool, 2>{}))
    return fail(fmt::format("matrix_*_fmt, matrix_*_scale_fmt and matrix_*_reuse are gfx1250 modifiers, not for {}",
                            row.mnemonic));
  for (int t = 0; t < 2 && !gfx1250; ++t) {
    if (m.scale_sel[t] == 0) continue;
    if (!row.mod_rules().scaled)
      return fail(fmt::format("{} has no scale operands: scale_sel (op_sel/op_sel_hi of the scale prefix) "
                              "is for the gfx950 v_mfma_scale_* rows",
                              row.mnemonic));
    if (m.scale_sel[t] < 0 || m.scale_sel[t] > 3)
      return fail(fmt::format("scale_sel[{}] = {} out of range 0..3 (a byte of the scale VGPR)", t, m.scale_sel[t]));
  }
  if (m.fp16_ovfl) return fail("fp16_ovfl is a MODE register bit, not an encoding bit");
  return std::nullopt;
}

} // namespace wavemma::codec::detail
