// wavemma.formats: the number formats of the catalog, exact decoding and correctly rounded encoding
// between NumPy floats and bit patterns (wavemma::numeric's, vectorised).

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "arguments.hpp"
#include "arrays.hpp"
#include "bindings.hpp"
#include "wavemma/numeric/inputs.hpp"

namespace wavemma::python {
namespace {

using numeric::Format;

std::vector<Format> all_formats() {
  std::vector<Format> out;
  for (int f = 0; f < numeric::kFormatCount; ++f) out.push_back(static_cast<Format>(f));
  return out;
}

Format format(std::string const& name) {
  if (auto f = numeric::parse_format(name)) return *f;
  std::string known;
  for (Format f : all_formats()) known += (known.empty() ? "" : ", ") + std::string(numeric::name(f));
  throw py::value_error(fmt::format("unknown format '{}' (formats: {})", name, known));
}

double max_of(Format f) { return numeric::to_double(f, numeric::info(f).max_finite); }

constexpr std::pair<char const*, numeric::Rounding> kRoundings[] = {
    {"nearest_even", numeric::Rounding::kNearestEven},
    {"toward_zero", numeric::Rounding::kTowardZero},
    {"down", numeric::Rounding::kDown},
    {"up", numeric::Rounding::kUp},
};

numeric::Rounding rounding(std::string const& name) {
  for (auto const& [n, r] : kRoundings)
    if (name == n) return r;
  throw py::value_error(fmt::format("unknown rounding '{}' (choose nearest_even, toward_zero, down, up)", name));
}

std::string_view specials_name(numeric::Specials s) {
  constexpr std::string_view kNames[] = {"ieee", "ocp_e4m3", "fnuz", "integer", "finite", "e8m0"};
  return kNames[static_cast<int>(s)];
}

// One exact value (-1)^neg * (sig + sticky) * 2^exp into f; saturate: beyond the largest finite
// value (`above_max`) gives that value.
uint64_t encode_exact(Format f, numeric::Rounding r, bool saturate, bool above_max, bool neg, uint64_t sig, int exp,
                      bool sticky) {
  if (saturate && above_max) return numeric::from_double(f, neg ? -max_of(f) : max_of(f), r);
  return numeric::encode(f, neg, sig, exp, r, sticky);
}

// Encodes every value, each rounded once from its exact value; saturate: overflow (and
// infinities) to the largest finite value of the sign. Integers (NumPy's and Python's, of any
// size) and long doubles are read exactly; other numbers through float64, which holds every
// float16, float32 and float64 exactly.
std::vector<uint64_t> encode_all(Format f, py::handle values, std::string const& round, bool saturate, Shape& shape) {
  numeric::Rounding const r = rounding(round);
  double const max = max_of(f);
  auto const np = py::module_::import("numpy");
  py::array a;
  try {
    a = np.attr("asarray")(values);
  } catch (py::error_already_set const&) {
    throw py::type_error("values must be numbers or an array of numbers");
  }
  shape.assign(a.shape(), a.shape() + a.ndim());
  char const kind = a.dtype().kind();
  std::vector<uint64_t> out(static_cast<size_t>(a.size()));
  if (kind == 'i' || kind == 'u') {
    bool const is_signed = kind == 'i';
    auto const flat = np.attr("ascontiguousarray")(a, is_signed ? "int64" : "uint64").cast<py::array>();
    void const* data = flat.data();
    without_gil([&] {
      for (size_t e = 0; e < out.size(); ++e) {
        bool neg = false;
        uint64_t mag;
        if (is_signed) {
          int64_t const v = static_cast<int64_t const*>(data)[e];
          neg = v < 0;
          mag = neg ? uint64_t{0} - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
        } else {
          mag = static_cast<uint64_t const*>(data)[e];
        }
        out[e] = encode_exact(f, r, saturate, static_cast<long double>(mag) > max, neg, mag, 0, false);
      }
    });
    return out;
  }
  if (kind == 'f' && a.dtype().itemsize() > 8 && sizeof(long double) > 8) {
    auto const flat = np.attr("ascontiguousarray")(a, "longdouble").cast<py::array>();
    auto const* data = static_cast<long double const*>(flat.data());
    without_gil([&] {
      for (size_t e = 0; e < out.size(); ++e) {
        long double const v = data[e];
        if (!std::isfinite(v) || v == 0) {
          out[e] =
              numeric::from_double(f, saturate && !std::isnan(v) ? std::clamp(double(v), -max, max) : double(v), r);
          continue;
        }
        int exp = 0;
        long double const m = std::frexp(std::fabs(v), &exp); // [0.5, 1): 64 significand bits hold it exactly
        auto const sig = static_cast<uint64_t>(std::ldexp(m, 64));
        out[e] = encode_exact(f, r, saturate, std::fabs(v) > max, v < 0, sig, exp - 64, false);
      }
    });
    return out;
  }
  if (kind == 'O') {
    // Python objects: ints of any size exactly, anything else as a float64.
    py::list const items = a.attr("ravel")().attr("tolist")();
    py::float_ const py_max(max);
    for (size_t e = 0; e < out.size(); ++e) {
      py::handle const item = items[e];
      if (PyLong_Check(item.ptr()) && !PyBool_Check(item.ptr())) {
        py::int_ const v = py::reinterpret_borrow<py::int_>(item);
        bool const neg = PyObject_RichCompareBool(v.ptr(), py::int_(0).ptr(), Py_LT) == 1;
        py::int_ const mag = neg ? py::int_(-v) : v;
        bool const above = PyObject_RichCompareBool(mag.ptr(), py_max.ptr(), Py_GT) == 1;
        auto const bits = mag.attr("bit_length")().cast<int64_t>();
        int64_t const shift = std::max<int64_t>(bits - 64, 0);
        uint64_t const sig = py::int_(mag.attr("__rshift__")(shift)).cast<uint64_t>();
        py::object const low = mag.attr("__and__")(py::int_(1).attr("__lshift__")(shift).attr("__sub__")(1));
        bool const sticky = PyObject_IsTrue(low.ptr()) == 1;
        // Beyond 2^100000 every format has long overflowed: the exponent stays an int.
        out[e] =
            encode_exact(f, r, saturate, above, neg, sig, static_cast<int>(std::min<int64_t>(shift, 100000)), sticky);
        continue;
      }
      double v = 0;
      try {
        v = py::float_(py::reinterpret_borrow<py::object>(item)).cast<double>();
      } catch (py::error_already_set const&) {
        throw py::type_error("values must be numbers or an array of numbers");
      }
      out[e] = numeric::from_double(f, saturate && !std::isnan(v) ? std::clamp(v, -max, max) : v, r);
    }
    return out;
  }
  if (kind == 'c') throw py::type_error("values must be real numbers, not complex ones");
  auto const in = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(a);
  if (!in) throw py::type_error("values must be numbers or an array of numbers");
  double const* v = in.data();
  without_gil([&] {
    for (size_t e = 0; e < out.size(); ++e)
      out[e] = numeric::from_double(f, saturate && !std::isnan(v[e]) ? std::clamp(v[e], -max, max) : v[e], r);
  });
  return out;
}

py::dict info_dict(Format f) {
  auto const& fi = numeric::info(f);
  py::dict d(py::arg("name") = std::string(fi.name), py::arg("bits") = fi.bits, py::arg("is_float") = fi.is_float,
             py::arg("is_signed") = fi.is_signed, py::arg("dtype") = dtype_of(f),
             py::arg("max_finite_code") = fi.max_finite, py::arg("max") = numeric::to_double(f, fi.max_finite));
  if (fi.is_float) {
    d["exp_bits"] = fi.exp_bits;
    d["frac_bits"] = fi.frac_bits;
    d["bias"] = fi.bias;
    d["specials"] = std::string(specials_name(fi.specials));
    d["has_inf"] = fi.has_inf();
    d["has_negative_zero"] = fi.has_negative_zero();
    d["min_normal"] = std::ldexp(1.0, fi.e_min());
    d["min_subnormal"] = std::ldexp(1.0, fi.e_min() - fi.frac_bits);
    d["nan_code"] = numeric::canonical_nan(f);
  } else {
    d["min"] = fi.is_signed ? -std::ldexp(1.0, fi.bits - 1) : 0.0;
  }
  return d;
}

constexpr char const* kEncodeDoc =
    R"(encode(format, values, rounding="nearest_even", saturate=False) -> numpy array of codes

The bit patterns of `values` (anything numpy.asarray takes; real numbers) in `format`, as
unsigned integers of the storage width (uint8 for 8- and 4-bit formats, uint16, uint32, uint64).
Each value is rounded once from its exact value: integers (NumPy's, and Python ints of any size)
and long doubles are read exactly, other numbers as float64. The conversion is correctly rounded with gradual underflow in the rounding direction given:
"nearest_even" (the hardware conversions' default mode), "toward_zero", "down" or "up". An
overflow rounding away from zero gives inf, or NaN in the formats without inf (OCP8's
non-saturating conversion), one rounding toward zero the largest finite value (IEEE 754 7.4);
saturate=True clamps to the largest finite value instead (the conversions' clamp bit). NaN gives
the format's canonical NaN; FNUZ formats have no -0. Integers round, then saturate.)";

} // namespace

void bind_formats(py::module_& parent) {
  py::module_ m = parent.def_submodule(
      "formats", "The number formats of the catalog: exact decoding and correctly rounded encoding, vectorised.");
  py::module_::import("sys").attr("modules")["wavemma.formats"] = m; // import wavemma.formats

  m.def(
      "names",
      [] {
        std::vector<std::string> out;
        for (Format f : all_formats()) out.emplace_back(numeric::name(f));
        return out;
      },
      "names() -> list[str]\n\nThe canonical names of every format (f32, f64, f16, bf16, xf32, fp8, bf8, fp8_fnuz, "
      "...).");
  m.def(
      "info", [](std::string const& name) { return info_dict(format(name)); }, py::arg("format"),
      "info(format) -> dict\n\nbits, exponent and fraction bits, bias, special values, range, the NumPy dtype "
      "mma takes for it. Names as `parse_format` takes them: canonical names and aliases (fp16, e4m3fn, int8, ...).");
  m.def(
      "dtype", [](std::string const& name) { return dtype_of(format(name)); }, py::arg("format"),
      "dtype(format) -> numpy.dtype\n\nThe array type of the format's operands: float16, float32 (f32 and xf32), "
      "float64, int8, int32, uint8 where NumPy has the format, unsigned bit patterns otherwise.");
  m.def(
      "encode",
      [](std::string const& name, py::handle values, std::string const& round, bool saturate) {
        Format const f = format(name);
        Shape shape;
        auto const codes = encode_all(f, values, round, saturate, shape);
        return to_codes(codes, f, shape);
      },
      py::arg("format"), py::arg("values"), py::arg("rounding") = "nearest_even", py::arg("saturate") = false,
      kEncodeDoc);
  m.def(
      "cast",
      [](std::string const& name, py::handle values, std::string const& round, bool saturate) {
        Format const f = format(name);
        Shape shape;
        auto const codes = encode_all(f, values, round, saturate, shape);
        return to_array(codes, f, shape);
      },
      py::arg("format"), py::arg("values"), py::arg("rounding") = "nearest_even", py::arg("saturate") = false,
      "cast(format, values, rounding=\"nearest_even\", saturate=False) -> numpy array\n\nencode(), returned in the "
      "format's operand array type (formats.dtype): ready for mma and matmul.");
  m.def(
      "decode",
      [](std::string const& name, py::handle codes) {
        Format const f = format(name);
        Shape shape;
        auto const bits = read_codes(codes, f, shape);
        py::array_t<double> out(shape);
        double* d = out.mutable_data();
        without_gil([&] {
          for (size_t e = 0; e < bits.size(); ++e) d[e] = numeric::to_double(f, bits[e]);
        });
        return out;
      },
      py::arg("format"), py::arg("codes"),
      "decode(format, codes) -> numpy float64 array\n\nThe exact value of every code (every value of every format is a "
      "double). codes: unsigned integers, or the format's own array type (a float16 array for f16, int8 for i8).");
  m.def(
      "inline_constant",
      [](py::handle code_arg, std::string const& name) -> uint64_t {
        Format const f = format(name);
        // Any int: one beyond the 9-bit source field is not a constant either (never a cast error).
        int code = -1;
        try {
          code = static_cast<int>(integer_arg(code_arg, "code", 0, 511));
        } catch (py::value_error const&) {
        }
        if (code < 0 || !numeric::is_inline_constant(code))
          throw py::value_error(
              fmt::format("{} is not an inline constant code (128..208, 240..248)", std::string(py::str(code_arg))));
        if (f == Format::kF16 || f == Format::kBf16) return numeric::inline_constant_16(f, code);
        if (f == Format::kF32 || f == Format::kI32) return numeric::inline_constant_32(code);
        throw py::value_error(fmt::format("inline constants as C: f16, bf16, f32 or i32, not {}", numeric::name(f)));
      },
      py::arg("code"), py::arg("format"),
      "inline_constant(code, format) -> int\n\nThe C element an inline-constant source operand stands for (numerics.md "
      "2): 16-bit C (f16: RNE of the constant; bf16: the upper half of its f32) or 32-bit C (f32 bits; integer "
      "constants as int32 patterns). code: the operand encoding, 128..208 or 240..248.");
}

} // namespace wavemma::python
