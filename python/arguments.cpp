#include "arguments.hpp"

#include <fmt/format.h>
#include <limits>

namespace wavemma::python {
namespace {

struct Keyword {
  char const* name;
  bool data_moving;
};
// clang-format off
constexpr Keyword kKeywords[] = {
  {"neg_lo", false}, {"neg_hi", false}, {"neg", false}, {"clamp", false}, {"fp16_ovfl", false},
  {"opsel", true}, {"cbsz", true}, {"abid", true}, {"blgp", true}, {"index_key", true}, {"scale_sel", true},
  {"matrix_fmt", true}, {"scale_fmt", false}, {"reuse", false},
};
// clang-format on

bool takes(ModifierSet set, Keyword const& k) {
  return set == ModifierSet::kAll || (set == ModifierSet::kDataMoving) == k.data_moving;
}

// A bit list as the command line spells it: "1,0,0" from a string, or from a sequence of up to
// three 0/1 values (booleans or integers); isa::parse_modifier_bits checks it.
std::string bit_list(py::handle v, char const* key) {
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (!py::isinstance<py::sequence>(v))
    throw py::type_error(fmt::format("{} takes a sequence of up to three 0/1 values such as (1, 0, 0)", key));
  std::string out;
  for (auto item : v.cast<py::sequence>()) {
    if (!py::isinstance<py::int_>(item))
      throw py::type_error(fmt::format("{} takes a sequence of up to three 0/1 values such as (1, 0, 0)", key));
    bool const b = py::isinstance<py::bool_>(item);
    out += (out.empty() ? "" : ",") + (b ? std::string(item.cast<bool>() ? "1" : "0")
                                         : std::to_string(integer_arg(item, key, 0, std::numeric_limits<int>::max())));
  }
  return out;
}

// (a, b) or "a,b": a modifier of two small fields (scale_sel, matrix_fmt, scale_fmt, reuse), as the
// command line takes them.
std::string bit_pair(py::handle v, char const* key, long long max) {
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  auto const t = py::isinstance<py::sequence>(v) ? v.cast<py::sequence>() : py::sequence();
  if (!py::isinstance<py::sequence>(v) || t.size() != 2 || !py::isinstance<py::int_>(t[0]) ||
      !py::isinstance<py::int_>(t[1]))
    throw py::type_error(fmt::format("{} takes two small integers (a, b), each 0..{}", key, max));
  // The field's width bounds each; isa::resolve_modifiers checks what the instruction allows.
  return fmt::format("{},{}", integer_arg(t[0], key, 0, max), integer_arg(t[1], key, 0, max));
}

// A modifier field: isa::resolve_modifiers checks its range against the instruction.
int integer(py::handle v, char const* key) {
  return static_cast<int>(integer_arg(v, key, 0, std::numeric_limits<int>::max()));
}

bool flag(py::handle v, char const* key) {
  if (!py::isinstance<py::bool_>(v)) throw py::type_error(fmt::format("{} takes True or False", key));
  return v.cast<bool>();
}

std::string names(ModifierSet set) {
  std::string out;
  for (auto const& k : kKeywords)
    if (takes(set, k)) out += (out.empty() ? "" : ", ") + std::string(k.name);
  return out;
}

} // namespace

long long integer_arg(py::handle v, char const* name, long long min, long long max) {
  if (py::isinstance<py::bool_>(v) || !PyIndex_Check(v.ptr()))
    throw py::type_error(
        fmt::format("{} takes an integer, not {}", name, std::string(py::str(v.get_type().attr("__name__")))));
  py::int_ const i = py::reinterpret_steal<py::int_>(PyNumber_Index(v.ptr()));
  if (!i) throw py::error_already_set();
  int overflow = 0;
  long long const value = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  if (overflow == 0 && value == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow != 0 || value < min || value > max) {
    throw py::value_error(fmt::format("{} must be {}..{}, not {}", name, min, max, std::string(py::str(i))));
  }
  return value;
}

std::optional<int> optional_int(py::handle v, char const* name, int min, int max) {
  if (v.is_none()) return std::nullopt;
  return static_cast<int>(integer_arg(v, name, min, max));
}

isa::Target target(std::string const& instruction, std::optional<std::string> const& arch, std::optional<int> wave) {
  return isa::resolve_target(instruction, arch.value_or(""), wave.value_or(0));
}

isa::Modifiers modifiers(isa::Target const& t, py::kwargs const& kwargs, ModifierSet set, char const* function) {
  isa::ModifierText text;
  for (auto const& [key_handle, value] : kwargs) {
    std::string const key = key_handle.cast<std::string>();
    Keyword const* k = nullptr;
    for (auto const& kw : kKeywords)
      if (key == kw.name) k = &kw;
    // gfx950 f8f6f4: cbsz and blgp choose the A and B formats; they move no data.
    bool const format = (key == "cbsz" || key == "blgp") && t.instruction->mod_rules().format_select;
    if (!k || (!takes(set, *k) && !format)) {
      if (k && set == ModifierSet::kValues)
        throw py::value_error(fmt::format("{}() takes no {}: it moves data inside one instruction, so the instruction "
                                          "tiles would not form A @ B (use mma)",
                                          function, key));
      throw py::type_error(
          fmt::format("{}() got an unexpected keyword argument '{}' (modifiers: {})", function, key, names(set)));
    }
    char const* name = k->name;
    if (key == "neg_lo")
      text.neg_lo = bit_list(value, name);
    else if (key == "neg_hi")
      text.neg_hi = bit_list(value, name);
    else if (key == "neg")
      text.neg = bit_list(value, name);
    else if (key == "opsel")
      text.op_sel = bit_list(value, name);
    else if (key == "clamp")
      text.clamp = flag(value, name);
    else if (key == "fp16_ovfl")
      text.fp16_ovfl = flag(value, name);
    else if (key == "cbsz")
      text.cbsz = integer(value, name);
    else if (key == "abid")
      text.abid = integer(value, name);
    else if (key == "blgp")
      text.blgp = integer(value, name);
    else if (key == "index_key")
      text.index_key = integer(value, name);
    else if (key == "scale_sel")
      text.scale_sel = bit_pair(value, name, 3);
    else if (key == "matrix_fmt")
      text.matrix_fmt = bit_pair(value, name, 7);
    else if (key == "scale_fmt")
      text.scale_fmt = bit_pair(value, name, 3);
    else if (key == "reuse")
      text.reuse = bit_pair(value, name, 1);
  }
  std::vector<std::string> warnings;
  isa::Modifiers const m = isa::resolve_modifiers(*t.instruction, t.wave, text, &warnings);
  auto const warn = py::module_::import("warnings").attr("warn");
  for (auto const& w : warnings) warn(w);
  return m;
}

emu::Issue issue(isa::Target const& t, py::kwargs const& kwargs, ModifierSet set, char const* function) {
  return {t.instruction, t.wave, modifiers(t, kwargs, set, function)};
}

} // namespace wavemma::python
