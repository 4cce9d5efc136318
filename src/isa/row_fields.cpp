// The fields of a catalog row (row_fields.hpp), one line each.

#include "wavemma/isa/row_fields.hpp"

#include <fmt/format.h>
#include <stdexcept>

#include "wavemma/isa/builtin.hpp"
#include "wavemma/isa/modifiers.hpp"

namespace wavemma::isa {
namespace {

Instruction const& in(Target const& t) { return *t.instruction; }
std::string text(std::string_view s) { return std::string(s); }

FieldValue first_builtin(Target const& t, bool signature) {
  auto const list = builtins_of(in(t), t.wave);
  if (list.empty()) return {};
  return signature ? list.front()->signature() : std::string(list.front()->name);
}

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  while (!s.empty()) {
    size_t const space = s.find(' ');
    out.emplace_back(s.substr(0, space));
    s = space == std::string_view::npos ? std::string_view{} : s.substr(space + 1);
  }
  return out;
}

// clang-format off
RowField const kFields[] = {
  // name, listed, value, doc
  {"arch",      true, [](Target const& t) -> FieldValue { return text(t.arch->name); }, ""},
  {"wave",      true, [](Target const& t) -> FieldValue { return long{t.wave}; }, ""},
  {"mnemonic",  true, [](Target const& t) -> FieldValue { return text(in(t).mnemonic); }, ""},
  {"builtin",   true, [](Target const& t) { return first_builtin(t, false); }, "the untied builtin of this wave size, or None"},
  {"m",         true, [](Target const& t) -> FieldValue { return long{in(t).m}; }, ""},
  {"n",         true, [](Target const& t) -> FieldValue { return long{in(t).n}; }, ""},
  {"k",         true, [](Target const& t) -> FieldValue { return long{in(t).k}; }, "dense K (sparse forms store K/2 of A)"},
  {"blocks",    true, [](Target const& t) -> FieldValue { return long{in(t).blocks}; }, ""},
  {"a_type",    true, [](Target const& t) -> FieldValue { return text(in(t).type_name(Operand::kA)); }, ""},
  {"b_type",    true, [](Target const& t) -> FieldValue { return text(in(t).type_name(Operand::kB)); }, ""},
  {"c_type",    true, [](Target const& t) -> FieldValue { return text(name(in(t).cd)); }, ""},
  {"d_type",    true, [](Target const& t) -> FieldValue { return text(name(in(t).type_of(Operand::kD))); }, ""},
  {"sparse",    true, [](Target const& t) -> FieldValue { return in(t).sparse(); }, ""},
  {"kind",      true, [](Target const& t) -> FieldValue { return text(name(in(t).kind)); }, "\"wmma\", \"swmmac\", \"mfma\" or \"smfmac\""},
  {"opcode",    true, [](Target const& t) -> FieldValue { return long{in(t).opcode}; }, "OP field (D0 bits 22:16)"},
  {"ops",       true, [](Target const& t) -> FieldValue { return in(t).ops(); }, "2*M*N*K*blocks"},
  {"cycles",    true, [](Target const& t) -> FieldValue { return long{in(t).cycles}; }, "execution cycles on one matrix unit"},
  {"numeric_model", true, [](Target const& t) -> FieldValue { return text(in(t).numeric().name); }, ""},
  {"evidence",  true, [](Target const& t) -> FieldValue { return text(name(in(t).numeric().evidence)); }, "HW, DOC, SRC or ASSUME"},
  // Not columns of the CSV and JSON listing: the table's composite columns and the facts of `wavemma show`.
  {"shape",     false, [](Target const& t) -> FieldValue { return fmt::format("{}x{}x{}", in(t).m, in(t).n, in(t).k); }, "MxNxK"},
  {"numerics",  false, [](Target const& t) -> FieldValue { return fmt::format("{} [{}]", in(t).numeric().name, name(in(t).numeric().evidence)); }, "numeric model [evidence]"},
  {"generation", false, [](Target const& t) -> FieldValue { return text(name(in(t).gen)); }, "\"gfx11\", \"gfx12\", \"gfx94x\", ..."},
  {"arch_family", false, [](Target const& t) -> FieldValue { return text(family_name(in(t).gen)); }, "\"RDNA3\", \"RDNA4\", \"CDNA3\", ..."},
  {"valu_coexec", false, [](Target const& t) -> FieldValue { if (is_rdna(in(t).gen)) return {}; return long{in(t).valu_coexec}; }, "VALU cycles that can issue during the instruction (CDNA; None on RDNA)"},
  {"matrix_units_per_cu", false, [](Target const& t) -> FieldValue { return long{t.arch->matrix_units_per_cu}; }, ""},
  {"encoding",  false, [](Target const& t) -> FieldValue { return text(is_rdna(in(t).gen) ? "VOP3P" : "VOP3P-MAI"); }, ""},
  {"aliases",   false, [](Target const& t) -> FieldValue { return words(in(t).aliases); }, "other mnemonics llvm-mc-22 accepts; '~name': only the assembler's (a CDNA2 trap)"},
  {"modifiers", false, [](Target const& t) -> FieldValue { return modifier_summary(in(t)); }, ""},
  {"index_sets", false, [](Target const& t) -> FieldValue { if (!in(t).sparse()) return {}; return long{index_sets(in(t), t.wave)}; }, ""},
  {"scale_block", false, [](Target const& t) -> FieldValue { return long{in(t).scale_block()}; }, "K positions per scale byte of the scaled forms (32; 16 for v_wmma_scale16_*), else 0"},
  {"group",     false, [](Target const& t) -> FieldValue { return long{in(t).numeric().group}; }, "products per step or block"},
  {"evidence_sources", false, [](Target const& t) -> FieldValue { return text(in(t).numeric().sources); }, ""},
  {"numeric_summary", false, [](Target const& t) -> FieldValue { return text(in(t).numeric().summary); }, ""},
  {"signature", false, [](Target const& t) { return first_builtin(t, true); }, ""},
  {"archs",     false, [](Target const& t) -> FieldValue {
                  std::vector<std::string> out;
                  for (auto const& a : architectures()) if (a.gen == in(t).gen) out.emplace_back(a.name);
                  return out; }, "every architecture with the instruction"},
};
// clang-format on

} // namespace

std::span<RowField const> row_fields() { return kFields; }

RowField const& row_field(std::string_view name) {
  for (auto const& f : kFields)
    if (f.name == name) return f;
  throw std::out_of_range(fmt::format("no row field '{}'", name));
}

std::string field_text(FieldValue const& v) {
  struct {
    std::string operator()(std::monostate) const { return ""; }
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(long x) const { return std::to_string(x); }
    std::string operator()(std::string const& s) const { return s; }
    std::string operator()(std::vector<std::string> const& l) const { return fmt::format("{}", fmt::join(l, " ")); }
  } const visit;
  return std::visit(visit, v);
}

} // namespace wavemma::isa
