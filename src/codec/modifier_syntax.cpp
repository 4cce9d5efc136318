// Modifier syntax and legality (reference/encoding.md §5; legal bits from the catalog's ModRules).

#include "modifier_syntax.hpp"

#include "rules.hpp"

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
// clang-format on

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
  if (!isa::is_rdna(gen)) return kMaiSyntax;
  return kVop3pSyntax;
}

ModSyntax const& syntax_of(Mod m) {
  for (auto const& s : kVop3pSyntax)
    if (s.mod == m) return s;
  for (auto const& s : kMaiSyntax)
    if (s.mod == m) return s;
  throw std::logic_error("codec: modifier without syntax");
}

bool takes(isa::Instruction const& row, int wave, Mod m) {
  isa::ModRules const& r = row.mod_rules();
  switch (m) {
  case kOpSel:
    return r.scaled || (!r.index_key && r.op_sel_legal != 0);
  case kOpSelHi:
    return r.scaled || (rules_of(row.gen).op_sel_hi == OpSelHi::kOperandWithOpSel && r.op_sel_legal != 0);
  case kIndexKey:
    return r.index_key && isa::index_sets(row, wave) > 1;
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
  default:
    throw std::logic_error("codec: not an integer modifier");
  }
}

bool flag_value(MachineInstruction const& mi, Mod) { return mi.mods.clamp; }
void set_flag_value(MachineInstruction& mi, Mod, bool v) { mi.mods.clamp = v; }

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
    case kInt: {
      int const v = int_value(mi, s.mod);
      if (s.mod == kBlgp && !takes(row, mi.wave, kBlgp)) {
        if (takes(row, mi.wave, kNeg)) break; // f64: the BLGP bits hold neg:[A,B,C], checked as a list
        if (v != 0) return fail(fmt::format("{} takes no blgp modifier (BLGP must be 0)", row.mnemonic));
        break;
      }
      if (v == 0) break;
      if (!taken) {
        if (s.mod == kIndexKey && row.mod_rules().index_key)
          return fail(fmt::format("{} has one index set in wave{}: no index_key", row.mnemonic, mi.wave));
        return fail(fmt::format("{} takes no {} modifier", row.mnemonic, s.name));
      }
      int const hi = max_int_value(row, mi.wave, s.mod);
      if (v < 0 || v > hi)
        return fail(fmt::format("{} {} out of range 0..{}{}", s.name, v, hi,
                                s.mod == kIndexKey ? fmt::format(" for {} in wave{}", row.mnemonic, mi.wave) : ""));
      break;
    }
    case kFlag:
      if (flag_value(mi, s.mod) && !taken)
        return fail(fmt::format("clamp is not allowed on {} (integer instructions only)", row.mnemonic));
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
  if (!mai && (m.cbsz || m.abid || m.blgp))
    return fail(fmt::format("cbsz/abid/blgp are CDNA3 (MFMA) modifiers, not for {}", row.mnemonic));
  for (int t = 0; t < 2; ++t) {
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
