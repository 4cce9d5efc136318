// Assembler text -> MachineInstruction, accepting what llvm-mc-22 accepts for these instructions:
// canonical names and aliases (any case, optional _e64), v/a/acc registers, inline constants as
// integers (decimal, 0x, 0b, octal) or reals, lists of 1 to 4 elements, modifiers in llvm-mc's
// order, optional commas. Not accepted (llvm-mc takes them): expressions ("1+1"), register lists
// ("[v8,v9]"), hex reals ("0x1p0").

#include "constants.hpp"
#include "modifier_syntax.hpp"
#include "operand_text.hpp"
#include "rules.hpp"
#include "scanner.hpp"
#include "wavemma/codec/codec.hpp"
#include "wavemma/isa/arch.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fmt/format.h>
#include <optional>

namespace wavemma::codec {
namespace {

using detail::Mod;
using detail::ModForm;
using detail::ModSyntax;
using detail::Scanner;

constexpr int kRegisterCount = 256;
constexpr std::string_view kEncodingSuffix = "_e64";

Error syntax(std::string msg) { return {ErrorKind::kSyntax, std::move(msg)}; }
Error invalid_operand(std::string msg) { return {ErrorKind::kInvalidOperand, std::move(msg)}; }
Error invalid_modifier(std::string msg) { return {ErrorKind::kInvalidModifier, std::move(msg)}; }

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view strip_comment(std::string_view text) {
  size_t const semi = text.find(';'), slashes = text.find("//");
  return text.substr(0, std::min(semi, slashes));
}

Result<isa::Instruction const*> find_row(std::string_view mnemonic, Target target) {
  std::string name = lower(mnemonic);
  if (name.ends_with(kEncodingSuffix)) name.resize(name.size() - kEncodingSuffix.size());
  if (!name.starts_with("v_"))
    return Error{ErrorKind::kUnknownInstruction, fmt::format("unknown instruction '{}'", mnemonic)};
  if (auto const* row = isa::find_instruction(target.gen, name, isa::AliasUse::kAssembler)) return row;
  for (ScalePrefix const& p : scale_prefixes())
    if (p.row.gen == target.gen && p.row.mnemonic == name) return &p.row;
  for (auto const& g : isa::generations())
    if (g.gen != target.gen && isa::find_instruction(g.gen, name))
      return Error{ErrorKind::kUnknownInstruction,
                   fmt::format("{} is a {} instruction, not one of {}", mnemonic, g.name, isa::name(target.gen))};
  return Error{ErrorKind::kUnknownInstruction,
               fmt::format("unknown instruction '{}' for {}", mnemonic, isa::name(target.gen))};
}

// Registers: v5, v[8:15], v[5], a[0:3], acc0, acc[0:3].
struct RegisterName {
  RegFile file;
  int first, last;
};

// `scalar`: SGPRs and ttmps are operands here (gfx1250's scale operands).
bool is_register_prefix(std::string_view id, RegFile& file, bool scalar = false) {
  if (id == "v")
    file = RegFile::kVgpr;
  else if (id == "a" || id == "acc")
    file = RegFile::kAgpr;
  else if (scalar && id == "s")
    file = RegFile::kSgpr;
  else if (scalar && id == "ttmp")
    file = RegFile::kTtmp;
  else
    return false;
  return true;
}

// A single register spelled as one identifier ("v12", "acc3"; "s5", "ttmp3" when `scalar`).
std::optional<RegisterName> single_register(std::string_view id, bool scalar = false) {
  for (auto const& [prefix, file] :
       {std::pair{std::string_view{"acc"}, RegFile::kAgpr}, std::pair{std::string_view{"v"}, RegFile::kVgpr},
        std::pair{std::string_view{"a"}, RegFile::kAgpr}, std::pair{std::string_view{"ttmp"}, RegFile::kTtmp},
        std::pair{std::string_view{"s"}, RegFile::kSgpr}}) {
    if (!scalar && (file == RegFile::kSgpr || file == RegFile::kTtmp)) continue;
    if (!id.starts_with(prefix) || id.size() == prefix.size()) continue;
    std::string_view const digits = id.substr(prefix.size());
    if (!std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      continue;
    if (digits.size() > 4) return RegisterName{file, kRegisterCount, kRegisterCount};
    int const n = std::stoi(std::string(digits));
    return RegisterName{file, n, n};
  }
  return std::nullopt;
}

class Parser {
public:
  Parser(std::string_view text, Target target) : sc_(strip_comment(text)), target_(target) {}

  Result<MachineInstruction> run() {
    std::string_view const mnemonic = sc_.identifier();
    if (mnemonic.empty()) return syntax("expected an instruction mnemonic");
    auto row = find_row(mnemonic, target_);
    if (!row) return row.error();
    mi_.row = *row;
    mi_.wave = target_.wave;
    if (detail::mfma_prefix_alone(*mi_.row))
      mi_.mods.scale_sel = {detail::kMfmaPrefixDefaultSel, detail::kMfmaPrefixDefaultSel};
    if (!mi_.row->has_wave(target_.wave))
      return Error{ErrorKind::kUnknownInstruction,
                   fmt::format("{} has no wave{} form", mi_.row->mnemonic, target_.wave)};
    bool first = true;
    for (Slot slot : slots_of(*mi_.row)) {
      if (!first) sc_.eat(',');
      first = false;
      if (sc_.at_end())
        return syntax(fmt::format("too few operands: {} takes {}", mi_.row->mnemonic,
                                  scale_prefix(*mi_.row)        ? "the scales of A and B"
                                  : mi_.row->sparse()           ? "D, A, B and the index"
                                  : mi_.row->mod_rules().scaled ? "D, A, B, C, then the scales of A and B"
                                                                : "D, A, B and C"));
      if (auto e = operand(slot)) return *e;
    }
    if (auto e = modifiers()) return *e;
    for (Slot slot : {Slot::kSrc0, Slot::kSrc1}) // widths that follow cbsz/blgp: now known
      if (auto e = check_width(slot)) return *e;
    if (auto e = validate(mi_)) return *e;
    return mi_;
  }

private:
  // The register tuples as written, for the width checks.
  std::array<std::optional<RegisterName>, 6> given_;

  static bool scale_slot(Slot slot) { return slot == Slot::kScaleA || slot == Slot::kScaleB; }

  // gfx1250's scale operands and the scale prefixes' may also be SGPRs, special sources and inline
  // constants.
  bool scalar_scale(Slot slot) const { return scale_slot(slot) && detail::scalar_scales(*mi_.row); }

  // Whether a slot's width follows the modifiers (gfx950 f8f6f4 A and B: the formats).
  bool width_by_format(Slot slot) const {
    return mi_.row->mod_rules().format_select && (slot == Slot::kSrc0 || slot == Slot::kSrc1);
  }

  std::optional<Error> check_width(Slot slot) const {
    auto const& reg = given_[static_cast<int>(slot)];
    if (!reg) return std::nullopt;
    int const width = slot_width(mi_, slot);
    int const given = reg->last - reg->first + 1;
    if (given == width) return std::nullopt;
    std::string by = fmt::format("in wave{}", mi_.wave);
    if (width_by_format(slot)) {
      bool const mai = mi_.row->mod_rules().mai;
      char const* const field = slot == Slot::kSrc0 ? (mai ? "cbsz" : "matrix_a_fmt") : (mai ? "blgp" : "matrix_b_fmt");
      int const code = slot == Slot::kSrc0 ? (mai ? mi_.mods.cbsz : mi_.mods.matrix_fmt[0])
                                           : (mai ? mi_.mods.blgp : mi_.mods.matrix_fmt[1]);
      auto const format = isa::f8f6f4_format(code);
      by = fmt::format("with {}:{} ({})", field, code, format ? numeric::name(*format) : "reserved: 8 registers");
    }
    return invalid_operand(fmt::format(
        "{} is {} register{}; {} takes {} {} ({})", detail::register_text(reg->file, reg->first, given), given,
        given == 1 ? "" : "s", where(slot), width, by, detail::register_text(reg->file, reg->first, width)));
  }

  std::string where(Slot s) const { return fmt::format("{} of {}", detail::slot_name(*mi_.row, s), mi_.row->mnemonic); }

  std::optional<Error> operand(Slot slot) {
    if (sc_.at_number()) return constant(slot);
    size_t const column = sc_.column();
    std::string_view const id = sc_.identifier();
    if (id.empty()) return syntax(fmt::format("expected an operand at column {}, got '{}'", column, sc_.rest()));
    if (scalar_scale(slot))
      if (auto const code = detail::scale_source_code(id, slot_width(mi_, slot), target_.gen)) {
        mi_.operand(slot) = Operand::special(*code); // validate() decides whether it assembles
        return std::nullopt;
      }
    if (auto const code = detail::special_code(id, target_.gen)) {
      mi_.operand(slot) = Operand::special(*code); // validate() decides where it may stand
      return std::nullopt;
    }
    RegisterName reg{};
    RegFile file{};
    if (is_register_prefix(id, file, scalar_scale(slot)) && sc_.peek('[')) {
      auto r = tuple(file);
      if (!r) return r.error();
      reg = *r;
    } else if (auto single = single_register(id, scalar_scale(slot))) {
      reg = *single;
    } else {
      return invalid_operand(fmt::format("{} must be a VGPR{}, not '{}' (SGPRs and special registers are not accepted)",
                                         where(slot),
                                         isa::is_rdna(target_.gen) || scale_slot(slot) ? "" : " or AccVGPR", id));
    }
    if (reg.first >= kRegisterCount || reg.last >= detail::rules_of(target_.gen).tuple_end)
      return invalid_operand(fmt::format("register index is out of range in {}", where(slot)));
    given_[static_cast<int>(slot)] = reg;
    if (!width_by_format(slot))
      if (auto e = check_width(slot)) return e;
    mi_.operand(slot) = Operand{Operand::Kind::kRegister, reg.file, static_cast<uint16_t>(reg.first)};
    return std::nullopt;
  }

  Result<RegisterName> tuple(RegFile file) {
    sc_.eat('[');
    std::string err;
    auto first = sc_.integer(err);
    if (!first) return syntax(err);
    int64_t last = *first;
    if (sc_.eat(':')) {
      auto l = sc_.integer(err);
      if (!l) return syntax(err);
      last = *l;
    }
    if (!sc_.eat(']')) return syntax("expected ']' closing the register tuple");
    if (*first < 0 || last < 0) return invalid_operand("register index is out of range");
    if (last < *first) return invalid_operand("first register index should not exceed second index");
    if (*first >= kRegisterCount || last >= detail::rules_of(target_.gen).tuple_end)
      return invalid_operand("register index is out of range");
    return RegisterName{file, static_cast<int>(*first), static_cast<int>(last)};
  }

  std::optional<Error> constant(Slot slot) {
    std::string err;
    size_t const column = sc_.column();
    auto n = sc_.number(err);
    if (!n) return syntax(err);
    bool const scale = scalar_scale(slot);
    if (!scale && (slot != Slot::kSrc2 || mi_.row->sparse() || !mi_.row->mod_rules().c_inline))
      return invalid_operand(fmt::format("{} must be a register, not a constant", where(slot)));
    detail::ConstKind const kind = scale ? detail::scale_constant_kind(slot_width(mi_, slot))
                                         : detail::constant_kind(mi_.row->gen, mi_.wave, mi_.row->cd);
    std::optional<int> const code = std::holds_alternative<int64_t>(*n)
                                        ? detail::constant_from_integer(std::get<int64_t>(*n), kind)
                                        : detail::constant_from_real(std::get<double>(*n), kind);
    if (!code)
      return invalid_operand(fmt::format("the constant at column {} is not an inline constant of {} (integers -16..64, "
                                         "+-0.5, +-1.0, +-2.0, +-4.0, 1/(2pi)); literals are not accepted",
                                         column, where(slot)));
    mi_.operand(slot) = Operand::constant(*code);
    return std::nullopt;
  }

  std::optional<Error> modifiers() {
    auto const syntax_list = detail::modifier_syntax(mi_.row->gen);
    int last = -1;
    for (;;) {
      sc_.eat(',');
      if (sc_.at_end()) return std::nullopt;
      size_t const column = sc_.column();
      std::string_view const name = sc_.identifier();
      if (name.empty()) return syntax(fmt::format("unexpected '{}' at column {}", sc_.rest(), column));
      auto const it =
          std::find_if(syntax_list.begin(), syntax_list.end(), [&](ModSyntax const& s) { return s.name == name; });
      if (it == syntax_list.end())
        return invalid_modifier(fmt::format("unknown modifier '{}' for {}", name, mi_.row->mnemonic));
      int const index = static_cast<int>(it - syntax_list.begin());
      if (index == last) return invalid_modifier(fmt::format("{} is given twice", name));
      if (index < last)
        return invalid_modifier(fmt::format("{} must come before {} (modifiers go in llvm-mc's order: {})", name,
                                            syntax_list[last].name, order_text()));
      last = index;
      if (auto e = modifier(*it)) return e;
    }
  }

  static std::string symbols_text(ModSyntax const& s) {
    std::string out;
    for (auto const& sym : s.symbols) out += fmt::format("{}{}", out.empty() ? "" : ", ", sym);
    return out;
  }

  std::string order_text() const {
    std::string out;
    for (ModSyntax const& s : detail::modifier_syntax(mi_.row->gen))
      if (detail::takes(*mi_.row, mi_.wave, s.mod)) out += fmt::format("{}{}", out.empty() ? "" : " ", s.name);
    return out.empty() ? "none" : out;
  }

  std::optional<Error> modifier(ModSyntax const& s) {
    isa::Instruction const& row = *mi_.row;
    if (!detail::takes(row, mi_.wave, s.mod)) {
      if (s.mod == Mod::kBlgp && detail::takes(row, mi_.wave, Mod::kNeg))
        return invalid_modifier(
            fmt::format("blgp is not supported on {}: its BLGP bits are neg:[A,B,C]", row.mnemonic));
      if (s.mod == Mod::kClamp) return invalid_modifier(isa::clamp_refused(row.mnemonic));
      if (s.mod == Mod::kIndexKey && row.mod_rules().index_key)
        return invalid_modifier(isa::index_key_refused(row.mnemonic, mi_.wave));
      return invalid_modifier(
          fmt::format("{} takes no {} modifier (it takes: {})", row.mnemonic, s.name, order_text()));
    }
    std::string err;
    switch (s.form) {
    case ModForm::kFlag:
      detail::set_flag_value(mi_, s.mod, true);
      return std::nullopt;
    case ModForm::kInt: {
      if (!(s.glued_colon ? sc_.eat_here(':') : sc_.eat(':')))
        return syntax(fmt::format("expected ':' after {}", s.name));
      char const close = sc_.eat('[') ? ']' : sc_.eat('(') ? ')' : 0; // "index_key:[1]" is an expression too
      auto v = sc_.integer(err);
      if (!v) return syntax(err);
      if (close && !sc_.eat(close)) return syntax(fmt::format("expected '{}' after the value of {}", close, s.name));
      int const hi = detail::max_int_value(row, mi_.wave, s.mod);
      if (*v < 0 || *v > hi)
        return invalid_modifier(
            isa::out_of_range(s.name, static_cast<int>(*v), hi) +
            (s.mod == Mod::kIndexKey ? fmt::format(" for {} in wave{}", row.mnemonic, mi_.wave) : ""));
      detail::set_int_value(mi_, s.mod, static_cast<int>(*v));
      return std::nullopt;
    }
    case ModForm::kEnum: {
      if (!sc_.eat(':')) return syntax(fmt::format("expected ':' after {}", s.name));
      std::optional<int64_t> v;
      if (sc_.at_number()) {
        v = sc_.integer(err);
        if (!v) return syntax(err);
      } else {
        std::string_view const symbol = sc_.identifier();
        for (size_t i = 0; i < s.symbols.size(); ++i)
          if (s.symbols[i] == symbol) v = static_cast<int64_t>(i);
      }
      if (!v || *v < 0 || *v > detail::max_int_value(row, mi_.wave, s.mod))
        return invalid_modifier(fmt::format("invalid {} value (0..{}: {})", s.name,
                                            detail::max_int_value(row, mi_.wave, s.mod), symbols_text(s)));
      detail::set_int_value(mi_, s.mod, static_cast<int>(*v));
      return std::nullopt;
    }
    case ModForm::kList: {
      bool const colon = s.glued_colon ? sc_.eat_here(':') : sc_.eat(':');
      if (!colon || !sc_.eat('[')) return syntax(fmt::format("expected {}:[...]", s.name));
      uint8_t bits = 0;
      int count = 0;
      do {
        auto v = sc_.integer(err);
        if (!v) return syntax(err);
        if (*v != 0 && *v != 1) return invalid_modifier(fmt::format("invalid {} value {} (0 or 1)", s.name, *v));
        if (++count > s.max) return syntax(fmt::format("{} takes at most {} elements", s.name, s.max));
        if (count > 3 && *v != 0 && s.extra_zero)
          return invalid_modifier(fmt::format("the fourth element of {} must be 0", s.name));
        if (count <= 3) bits |= static_cast<uint8_t>(*v << (count - 1));
      } while (sc_.eat(','));
      if (!sc_.eat(']')) return syntax(fmt::format("expected ']' closing {}", s.name));
      detail::set_list_bits(mi_, s.mod, bits);
      return std::nullopt;
    }
    }
    return std::nullopt;
  }

  Scanner sc_;
  Target target_;
  MachineInstruction mi_;
};

} // namespace

Result<MachineInstruction> parse(std::string_view text, Target target) { return Parser(text, target).run(); }

} // namespace wavemma::codec
