// wavemma.instructions, architectures, models, layout, where, what, formulas: the catalog and the
// layout calculator, with the semantics of `wavemma list`, `show`, `layout`, `where` and `what`.

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstring>
#include <fmt/format.h>

#include "arguments.hpp"
#include "arrays.hpp"
#include "bindings.hpp"
#include "wavemma/isa/builtin.hpp"
#include "wavemma/isa/row_fields.hpp"

namespace wavemma::python {
namespace {

using isa::Operand;

// One instruction at one architecture and wave size: the facts `wavemma show` prints.
struct Row {
  isa::Target t;
  isa::Instruction const& in() const { return *t.instruction; }
};

py::dict registers(Row const& r) {
  py::dict out;
  for (Operand op : isa::kOperands)
    if (r.in().has_operand(op)) out[py::str(std::string(isa::name(op)))] = isa::vgprs(r.in(), r.t.wave, op);
  return out;
}

py::list builtins(Row const& r) {
  py::list out;
  for (auto const* bi : isa::builtins_of(r.in(), r.t.wave))
    out.append(py::dict(py::arg("name") = bi->name, py::arg("signature") = bi->signature(),
                        py::arg("feature") = bi->feature, py::arg("tied") = bi->tied));
  return out;
}

py::object to_python(isa::FieldValue const& v) {
  struct {
    py::object operator()(std::monostate) const { return py::none(); }
    py::object operator()(bool b) const { return py::bool_(b); }
    py::object operator()(long x) const { return py::int_(x); }
    py::object operator()(std::string const& s) const { return py::str(s); }
    py::object operator()(std::vector<std::string> const& l) const { return py::cast(l); }
  } const visit;
  return std::visit(visit, v);
}

py::dict as_dict(py::object const& row) {
  py::dict out;
  for (auto name : row.get_type().attr("_fields")) out[name] = row.attr(name);
  return out;
}

// A structured array with the columns of the CSV contract, one record per (element, place).
py::array places_array(std::vector<std::array<int, 7>> const& records) {
  py::list fields;
  for (char const* name : {"block", "row", "col", "lane", "vgpr", "bit_lo", "bit_hi"})
    fields.append(py::make_tuple(name, "<i4"));
  py::array out(py::dtype::from_args(fields), Shape{static_cast<py::ssize_t>(records.size())});
  if (!records.empty()) std::memcpy(out.mutable_data(), records.data(), records.size() * sizeof(records[0]));
  return out;
}

struct OperandQuery {
  isa::Target t;
  Operand op;
  isa::BitLayout layout;
  isa::AxisNames names;
};

OperandQuery query(std::string const& instruction, std::string const& operand, std::optional<std::string> const& arch,
                   std::optional<int> wave, py::kwargs const& kwargs, char const* function) {
  isa::Target const t = target(instruction, arch, wave);
  Operand const op = isa::resolve_operand(*t.instruction, operand);
  isa::Modifiers const m = modifiers(t, kwargs, ModifierSet::kDataMoving, function);
  return {t, op, isa::operand_layout(*t.instruction, t.wave, op, m), isa::axis_names(*t.instruction, op)};
}

constexpr char const* kLayoutDoc =
    R"(layout(instr, operand, arch=None, wave=None, **modifiers) -> numpy structured array

Where every element of an operand lives: one record per (element, place) with the fields of
`wavemma layout --format csv`: block, row, col, lane, vgpr, bit_lo, bit_hi (int32). A is
row=i, col=k; B row=k, col=j; C and D row=i, col=j; sparse A and the index K: col = stored
position. An element held in several places (RDNA3 replication) has one record per place.

operand: "A", "B", "C", "D" or "K" (the sparsity index of SWMMAC/SMFMAC).
modifiers: the data-moving ones, cbsz=, abid=, blgp=, opsel=(a, b, c), index_key=; each record
then gives the place the instruction reads the element from.)";

constexpr char const* kInstructionsDoc =
    R"(instructions(arch=None, kind=None, wave=None, family=None) -> list[Instruction]

The catalog rows, as `wavemma list` selects them: without arch the default architecture of
every generation (gfx1100, gfx1201, gfx942, ...) at every wave size; with arch (a gfx name or
rdna3 / rdna4 / cdna3) its default wave size unless wave is given. kind: "wmma", "swmmac",
"mfma" or "smfmac" (family: its former name, still accepted). Each Instruction carries every fact `wavemma show` prints: shape, types,
blocks, registers, cost, encoding, modifiers, numeric model and evidence tag, builtins.)";

} // namespace

void bind_catalog(py::module_& m) {
  py::class_<Row> cls(m, "Instruction", "One catalog row at one architecture and wave size (read-only).");
  // The row's fields, as `wavemma list` renders them (isa::row_fields), then what only Python shows.
  for (auto const& f : isa::row_fields())
    cls.def_property_readonly(std::string(f.name).c_str(),
                              py::cpp_function([&f](Row const& r) { return to_python(f.value(r.t)); }),
                              f.doc.empty() ? "" : f.doc.data());
  cls.def_property_readonly("type_descriptions",
                            [](Row const& r) {
                              py::dict out;
                              for (auto op : {isa::Operand::kA, isa::Operand::kB, isa::Operand::kC})
                                out[py::str(std::string(r.in().type_name(op)))] =
                                    std::string(r.in().type_description(op));
                              return out;
                            })
      .def_property_readonly("registers", &registers, "VGPRs per lane of each operand, {\"A\": 4, ...}")
      .def_property_readonly("engine",
                             [](Row const& r) { return std::string(numeric::engine_name(r.in().numeric().engine)); })
      .def_property_readonly("builtins", &builtins, "[{name, signature, feature, tied}] of this wave size");
  cls.def_property_readonly_static("_fields",
                                   [](py::object const&) {
                                     py::list names;
                                     for (auto const& f : isa::row_fields()) names.append(std::string(f.name));
                                     for (char const* name : {"type_descriptions", "registers", "engine", "builtins"})
                                       names.append(name);
                                     return py::tuple(names);
                                   })
      .def(
          "as_dict", [](py::object const& self) { return as_dict(self); }, "Every field in a dict.")
      .def("__repr__", [](Row const& r) {
        return fmt::format("<wavemma.Instruction {} {} wave{}: {}x{}x{}{} {} x {} -> {}, {} [{}]>", r.in().mnemonic,
                           r.t.arch->name, r.t.wave, r.in().m, r.in().n, r.in().k,
                           r.in().blocks > 1 ? fmt::format(" x{} blocks", r.in().blocks) : "",
                           r.in().type_name(isa::Operand::kA), r.in().type_name(isa::Operand::kB),
                           numeric::name(r.in().cd), r.in().numeric().name, isa::name(r.in().numeric().evidence));
      });

  m.def(
      "instructions",
      [](std::optional<std::string> const& arch, std::optional<std::string> const& kind, std::optional<int> wave,
         std::optional<std::string> const& family) {
        if (kind && family) throw py::value_error("give kind or family (its former name), not both");
        std::vector<Row> out;
        for (auto const& t : isa::list_targets(arch.value_or(""), kind.value_or(family.value_or("")), wave.value_or(0)))
          out.push_back({t});
        return out;
      },
      py::arg("arch") = py::none(), py::arg("kind") = py::none(), py::arg("wave") = py::none(),
      py::arg("family") = py::none(), kInstructionsDoc);

  m.def(
      "instruction",
      [](std::string const& instr, std::optional<std::string> const& arch, std::optional<int> wave) {
        return Row{target(instr, arch, wave)};
      },
      py::arg("instr"), py::arg("arch") = py::none(), py::arg("wave") = py::none(),
      "instruction(instr, arch=None, wave=None) -> Instruction\n\nOne row by mnemonic, LLVM alias or builtin name, "
      "resolved as the command line resolves it (`wavemma show`).");

  m.def(
      "architectures",
      [] {
        py::list out;
        for (auto const& a : isa::architectures())
          out.append(py::dict(
              py::arg("name") = std::string(a.name), py::arg("generation") = std::string(isa::name(a.gen)),
              py::arg("family") = std::string(isa::family_name(a.gen)), py::arg("products") = std::string(a.products),
              py::arg("waves") = a.wave_sizes(), py::arg("default_wave") = a.default_wave(),
              py::arg("matrix_units_per_cu") = a.matrix_units_per_cu, py::arg("clang22_target") = a.clang22_target));
        return out;
      },
      "architectures() -> list[dict]\n\nEvery architecture of the catalog: name, generation, family, products, waves, "
      "default_wave, matrix_units_per_cu, clang22_target.");

  m.def(
      "models",
      [] {
        py::list out;
        for (auto const& nm : isa::numeric_models()) {
          py::list users;
          for (auto const& in : isa::catalog())
            if (in.model == nm.id) users.append(fmt::format("{} {}", isa::name(in.gen), in.mnemonic));
          out.append(py::dict(py::arg("model") = std::string(nm.name),
                              py::arg("engine") = std::string(numeric::engine_name(nm.engine)),
                              py::arg("group") = nm.group, py::arg("evidence") = std::string(isa::name(nm.evidence)),
                              py::arg("instructions") = users, py::arg("summary") = std::string(nm.summary),
                              py::arg("sources") = std::string(nm.sources)));
        }
        return out;
      },
      "models() -> list[dict]\n\nThe numeric models (`wavemma list --models`): engine, group, evidence tag, the "
      "instructions that use each, summary, sources.");

  m.def(
      "layout",
      [](std::string const& instr, std::string const& operand, std::optional<std::string> const& arch,
         std::optional<int> wave, py::kwargs const& kwargs) {
        auto const q = query(instr, operand, arch, wave, kwargs, "layout");
        auto const& L = q.layout;
        std::vector<std::array<int, 7>> records;
        for (int b = 0; b < L.blocks(); ++b)
          for (int r = 0; r < L.rows(); ++r)
            for (int c = 0; c < L.cols(); ++c)
              for (auto const& p : L.places({b, r, c}))
                records.push_back({b, r, c, p.lane, p.vgpr, p.bit_lo, p.bit_hi});
        return places_array(records);
      },
      py::arg("instr"), py::arg("operand"), py::arg("arch") = py::none(), py::arg("wave") = py::none(), kLayoutDoc);

  m.def(
      "where",
      [](std::string const& instr, std::string const& operand, int row, int col, int block,
         std::optional<std::string> const& arch, std::optional<int> wave, py::kwargs const& kwargs) {
        auto const q = query(instr, operand, arch, wave, kwargs, "where");
        isa::Coord const c{block, row, col};
        isa::check_element(q.layout, q.names, c);
        std::vector<std::array<int, 7>> records;
        for (auto const& p : q.layout.places(c))
          records.push_back({block, row, col, p.lane, p.vgpr, p.bit_lo, p.bit_hi});
        return places_array(records);
      },
      py::arg("instr"), py::arg("operand"), py::arg("row"), py::arg("col"), py::arg("block") = 0,
      py::arg("arch") = py::none(), py::arg("wave") = py::none(),
      "where(instr, operand, row, col, block=0, arch=None, wave=None, **modifiers) -> numpy structured array\n\n"
      "Element -> places (`wavemma where --format csv`): one record per place of the element, fields as layout().");

  m.def(
      "what",
      [](std::string const& instr, std::string const& operand, int lane, int vgpr,
         std::optional<std::string> const& arch, std::optional<int> wave, py::kwargs const& kwargs) {
        auto const q = query(instr, operand, arch, wave, kwargs, "what");
        isa::check_register(q.layout, q.op, lane, vgpr);
        std::vector<std::array<int, 7>> records;
        for (auto const& [c, p] : q.layout.elements(vgpr, lane))
          records.push_back({c.block, c.row, c.col, lane, vgpr, p.bit_lo, p.bit_hi});
        return places_array(records);
      },
      py::arg("instr"), py::arg("operand"), py::arg("lane"), py::arg("vgpr"), py::arg("arch") = py::none(),
      py::arg("wave") = py::none(),
      "what(instr, operand, lane, vgpr, arch=None, wave=None, **modifiers) -> numpy structured array\n\n"
      "Register place -> elements (`wavemma what --format csv`): the elements held in that lane's VGPR, ordered by "
      "bit.");

  m.def(
      "formulas",
      [](std::string const& instr, std::string const& operand, std::optional<std::string> const& arch,
         std::optional<int> wave, py::kwargs const& kwargs) {
        auto const q = query(instr, operand, arch, wave, kwargs, "formulas");
        auto const f = isa::formulas(q.layout, q.names);
        auto const e = isa::layout_evidence(*q.t.instruction, q.op);
        return py::dict(py::arg("lane") = f.lane, py::arg("vgpr") = f.vgpr, py::arg("bits") = f.bits,
                        py::arg("inverse") = f.inverse, py::arg("notes") = f.notes,
                        py::arg("evidence") = std::string(isa::name(e.evidence)),
                        py::arg("evidence_sources") = std::string(e.sources));
      },
      py::arg("instr"), py::arg("operand"), py::arg("arch") = py::none(), py::arg("wave") = py::none(),
      "formulas(instr, operand, arch=None, wave=None, **modifiers) -> dict\n\n"
      "The layout's formulas as `wavemma show` prints them: lane, vgpr, bits (element -> place, C integer "
      "expressions) and inverse (place -> coordinates), with notes on replication and modifiers; evidence (HW, DOC, "
      "SRC, ASSUME) and evidence_sources of the layout.");
}

} // namespace wavemma::python
