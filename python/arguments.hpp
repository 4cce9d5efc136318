#pragma once
// Python arguments -> catalog objects through isa/resolve.hpp, so that every check and message is
// the command line's. Modifiers are keyword arguments named after `wavemma exec`'s flags
// (--neg-lo -> neg_lo, --opsel -> opsel, --index-key -> index_key, ...).

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "wavemma/emu/emulator.hpp"
#include "wavemma/isa/resolve.hpp"

namespace wavemma::python {

namespace py = pybind11;

// An integer argument: a Python int or anything with __index__ (numpy.int64 ...), not a bool.
// TypeError for another type; ValueError naming the range for a value outside [min, max] (however
// large: never a C++ cast error).
long long integer_arg(py::handle v, char const* name, long long min, long long max);
// The same, None giving nullopt.
std::optional<int> optional_int(py::handle v, char const* name, int min, int max);

isa::Target target(std::string const& instruction, std::optional<std::string> const& arch, std::optional<int> wave);

// Which modifiers a function takes.
enum class ModifierSet {
  kDataMoving, // layout, where, what: cbsz, abid, blgp, opsel, index_key
  kAll,        // mma, explain: those and neg_lo, neg_hi, neg, clamp, fp16_ovfl
  kValues,     // matmul: neg_lo, neg_hi, neg, clamp, fp16_ovfl
};
// Resolves the keyword arguments; unknown names are a TypeError, reserved values a UserWarning.
isa::Modifiers modifiers(isa::Target const&, py::kwargs const&, ModifierSet, char const* function);

emu::Issue issue(isa::Target const&, py::kwargs const&, ModifierSet, char const* function);

// Runs f with the GIL released (the engines run long; other Python threads go on meanwhile).
template <class F>
decltype(auto) without_gil(F const& f) {
  py::gil_scoped_release released;
  return f();
}

} // namespace wavemma::python
