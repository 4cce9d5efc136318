#include "arrays.hpp"

#include <cstring>
#include <fmt/format.h>

namespace wavemma::python {
namespace {

int storage_bytes(int bits) { return bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 4 : 8; }

std::string unsigned_name(int bytes) { return fmt::format("uint{}", bytes * 8); }

// The NumPy scalar type name of a format's array type.
std::string type_name(numeric::Format f) {
  auto const& fi = numeric::info(f);
  int const bytes = storage_bytes(fi.bits);
  if (fi.is_float && fi.specials == numeric::Specials::kIeee && fi.bits == 8 * bytes && fi.bits >= 16) {
    bool const ieee = (fi.bits == 16 && fi.exp_bits == 5 && fi.stored_frac_bits == 10) ||
                      (fi.bits == 32 && fi.exp_bits == 8 && fi.stored_frac_bits == 23) ||
                      (fi.bits == 64 && fi.exp_bits == 11 && fi.stored_frac_bits == 52);
    if (ieee) return fmt::format("float{}", fi.bits); // xf32 is an f32 word
  }
  if (!fi.is_float && fi.bits == 8 * bytes) return fmt::format("{}int{}", fi.is_signed ? "" : "u", fi.bits);
  return unsigned_name(bytes);
}

py::module_ numpy() { return py::module_::import("numpy"); }

bool same_type(py::dtype const& a, py::dtype const& b) { return a.kind() == b.kind() && a.itemsize() == b.itemsize(); }

// Any array_like as a NumPy array: an ndarray as it is, anything else through numpy.asarray (a
// TypeError naming `wanted` when NumPy cannot make numbers of it).
py::array as_array(py::handle h, char const* what, std::string const& wanted) {
  if (py::isinstance<py::array>(h)) return py::reinterpret_borrow<py::array>(h);
  py::array a;
  try {
    a = numpy().attr("asarray")(h);
  } catch (py::error_already_set const&) {
    a = py::array();
  }
  char const kind = a ? a.dtype().kind() : 'O';
  if (kind != 'b' && kind != 'i' && kind != 'u' && kind != 'f')
    throw py::type_error(fmt::format("{} must be an array_like of {} (a NumPy array, nested lists of numbers), not {}",
                                     what, wanted, std::string(py::str(h.get_type().attr("__name__")))));
  return a;
}

// C-contiguous and in native byte order: a copy where the array is not (a transposed view, a slice
// of a bigger matrix, Fortran order, big-endian data).
py::array contiguous_native(py::array a) {
  if (!a.dtype().attr("isnative").cast<bool>()) a = a.attr("astype")(a.dtype().attr("newbyteorder")("="));
  if (!(a.flags() & py::array::c_style)) a = numpy().attr("ascontiguousarray")(a);
  return a;
}

std::string dtype_name(py::array const& a) { return std::string(py::str(a.dtype())); }

} // namespace

py::array operand_array(py::handle h, char const* what, numeric::Format f) {
  auto const& fi = numeric::info(f);
  std::string const wanted = dtype_text(f);
  bool const given_array = py::isinstance<py::array>(h);
  py::array a = as_array(h, what, wanted);
  py::dtype const want = dtype_of(f);
  if (!same_type(a.dtype(), want)) {
    char const kind = a.dtype().kind();
    bool const integer_data = kind == 'i' || kind == 'u';
    if (!fi.is_float && integer_data && fi.bits == 4 && fi.is_signed && kind == 'i') {
      // Signed 4-bit values given as signed integers: their two's-complement codes, when they fit.
      auto const np = numpy();
      if (!np.attr("all")(np.attr("logical_and")(np.attr("greater_equal")(a, -8), np.attr("less_equal")(a, 7)))
               .cast<bool>())
        throw py::value_error(fmt::format("{}: a value outside -8..7 does not fit i4", what));
      return contiguous_native(np.attr("bitwise_and")(a, 15).attr("astype")(want));
    }
    if (!fi.is_float && integer_data && (kind == 'i') != fi.is_signed && a.dtype().itemsize() == 1)
      throw py::type_error(fmt::format(
          "{} must be {}, not {}: the operand is read as {} ({}); on the RDNA iu8/iu4 instructions neg_lo=(a, b, c) "
          "makes A and B signed",
          what, wanted, dtype_name(a), fi.is_signed ? "signed" : "unsigned", numeric::name(f)));
    if (given_array)
      throw py::type_error(fmt::format("{} must be a NumPy array of {}, not {}", what, wanted, dtype_name(a)));
    // Numbers from lists: taken when every one is exactly a value of the array type (no rounding
    // happens here; formats.cast rounds on purpose).
    py::array const converted = a.attr("astype")(want);
    bool const exact =
        numpy()
            .attr("array_equal")(converted.attr("astype")(a.dtype()), a, py::arg("equal_nan") = kind == 'f')
            .cast<bool>() &&
        (kind != 'f' || want.kind() == 'f');
    if (!exact)
      throw py::value_error(fmt::format("{}: the numbers given as {} are not all exactly {} (formats.cast rounds them)",
                                        what, dtype_name(a), wanted));
    a = converted;
  }
  return contiguous_native(a);
}

namespace {

// The elements of a C-contiguous array as raw bits, each checked to fit the format.
template <class T>
void widen(void const* data, size_t count, int bits, std::vector<uint64_t>& out, size_t& wide) {
  T const* p = static_cast<T const*>(data);
  uint64_t const mask = bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  for (size_t e = 0; e < count; ++e) {
    T v;
    std::memcpy(&v, p + e, sizeof(T)); // NumPy does not promise alignment
    out[e] = v;
    if ((out[e] & ~mask) != 0 && wide == count) wide = e;
  }
}

std::vector<uint64_t> bits_of(py::array const& a, numeric::Format f, char const* what) {
  size_t const count = static_cast<size_t>(a.size());
  std::vector<uint64_t> out(count);
  int const bits = numeric::info(f).bits;
  size_t wide = count; // the first element wider than the format
  switch (a.itemsize()) {
  case 1:
    widen<uint8_t>(a.data(), count, bits, out, wide);
    break;
  case 2:
    widen<uint16_t>(a.data(), count, bits, out, wide);
    break;
  case 4:
    widen<uint32_t>(a.data(), count, bits, out, wide);
    break;
  default:
    widen<uint64_t>(a.data(), count, bits, out, wide);
    break;
  }
  if (wide != count)
    throw py::value_error(
        fmt::format("{}: {:#x} (element {}) does not fit {} ({} bits)", what, out[wide], wide, numeric::name(f), bits));
  return out;
}

py::array make(py::dtype const& dt, std::vector<uint64_t> const& bits, Shape const& shape) {
  py::array out(dt, shape);
  int const bytes = static_cast<int>(dt.itemsize());
  auto* p = static_cast<uint8_t*>(out.mutable_data());
  for (size_t e = 0; e < bits.size(); ++e) std::memcpy(p + e * size_t(bytes), &bits[e], size_t(bytes)); // little-endian
  return out;
}

} // namespace

py::dtype dtype_of(numeric::Format f) { return py::dtype(type_name(f)); }

std::string dtype_text(numeric::Format f) {
  auto const& fi = numeric::info(f);
  std::string const t = type_name(f);
  bool const patterns = t.starts_with("uint") && (fi.is_float || fi.bits < 8 * storage_bytes(fi.bits));
  return patterns ? fmt::format("{} ({} bit patterns)", t, numeric::name(f)) : t;
}

std::string shape_text(Shape const& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + (s.size() == 1 ? ",)" : ")");
}

std::vector<uint64_t> read_bits(py::handle h, char const* what, numeric::Format f, Shape const& shape,
                                std::string const& role) {
  py::array const a = operand_array(h, what, f);
  Shape const got(a.shape(), a.shape() + a.ndim());
  if (got != shape)
    throw py::value_error(
        fmt::format("{} must have shape {} ({}), not {}", what, shape_text(shape), role, shape_text(got)));
  return bits_of(a, f, what);
}

std::vector<uint64_t> read_codes(py::handle h, numeric::Format f, Shape& shape) {
  std::string const wanted = fmt::format("unsigned {} codes or {}", numeric::name(f), dtype_text(f));
  py::array a = as_array(h, "codes", wanted);
  py::dtype const own = dtype_of(f), dt = a.dtype();
  if (!py::isinstance<py::array>(h) && dt.kind() == 'i') {
    // A list of codes: non-negative integers.
    if (numpy().attr("any")(numpy().attr("less")(a, 0)).cast<bool>())
      throw py::value_error("codes: a negative number is not a code");
    a = a.attr("astype")("uint64");
  } else if (!same_type(dt, own) && dt.kind() != 'u') {
    throw py::type_error(fmt::format("codes must be {}, not {}", wanted, std::string(py::str(dt))));
  }
  a = contiguous_native(a);
  shape = Shape(a.shape(), a.shape() + a.ndim());
  return bits_of(a, f, "codes");
}

py::array to_array(std::vector<uint64_t> const& bits, numeric::Format f, Shape const& shape) {
  return make(dtype_of(f), bits, shape);
}

py::array to_codes(std::vector<uint64_t> const& bits, numeric::Format f, Shape const& shape) {
  return make(py::dtype(unsigned_name(storage_bytes(numeric::info(f).bits))), bits, shape);
}

} // namespace wavemma::python
