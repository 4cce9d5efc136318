// wavemma.formats: the number formats of the catalog, exact decoding and correctly rounded encoding
// between NumPy floats and bit patterns (wavemma::numeric's, vectorised).

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

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

// Encodes every value; saturate: overflow (and infinities) to the largest finite value of the sign.
std::vector<uint64_t> encode_all(Format f, py::handle values, std::string const& round, bool saturate, Shape& shape) {
  auto const in = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(values);
  if (!in) throw py::type_error("values must be numbers or an array of numbers");
  shape.assign(in.shape(), in.shape() + in.ndim());
  numeric::Rounding const r = rounding(round);
  double const max = numeric::to_double(f, numeric::info(f).max_finite);
  std::vector<uint64_t> out(static_cast<size_t>(in.size()));
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

The bit patterns of `values` (anything numpy.asarray(values, float64) takes) in `format`, as
unsigned integers of the storage width (uint8 for 8- and 4-bit formats, uint16, uint32, uint64).
The conversion is correctly rounded with gradual underflow in the rounding direction given:
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
      [](int code, std::string const& name) -> uint64_t {
        Format const f = format(name);
        if (!numeric::is_inline_constant(code))
          throw py::value_error(fmt::format("{} is not an inline constant code (128..208, 240..248)", code));
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
