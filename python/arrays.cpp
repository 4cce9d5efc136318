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

struct ArrayView {
  py::array array;
  Shape shape;
};

ArrayView view(py::handle h, char const* what, std::string const& wanted) {
  if (!py::isinstance<py::array>(h))
    throw py::type_error(fmt::format("{} must be a NumPy array of {}, not {}", what, wanted,
                                     std::string(py::str(h.get_type().attr("__name__")))));
  auto a = py::reinterpret_borrow<py::array>(h);
  if (!a.dtype().attr("isnative").cast<bool>())
    throw py::type_error(fmt::format("{} must be in native byte order", what));
  return {a, Shape(a.shape(), a.shape() + a.ndim())};
}

void require_c_contiguous(ArrayView const& v, char const* what) {
  if (!(v.array.flags() & py::array::c_style))
    throw py::value_error(fmt::format("{} must be C-contiguous (numpy.ascontiguousarray gives a copy that is)", what));
}

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
  ArrayView const v = view(h, what, dtype_text(f));
  py::dtype const want = dtype_of(f);
  if (v.array.dtype().kind() != want.kind() || v.array.dtype().itemsize() != want.itemsize())
    throw py::type_error(fmt::format("{} must be a NumPy array of {}, not {}", what, dtype_text(f),
                                     std::string(py::str(v.array.dtype()))));
  if (v.shape != shape)
    throw py::value_error(
        fmt::format("{} must have shape {} ({}), not {}", what, shape_text(shape), role, shape_text(v.shape)));
  require_c_contiguous(v, what);
  return bits_of(v.array, f, what);
}

std::vector<uint64_t> read_codes(py::handle h, numeric::Format f, Shape& shape) {
  std::string const wanted = fmt::format("unsigned {} codes or {}", numeric::name(f), dtype_text(f));
  ArrayView const v = view(h, "codes", wanted);
  py::dtype const own = dtype_of(f), dt = v.array.dtype();
  bool const own_type = dt.kind() == own.kind() && dt.itemsize() == own.itemsize();
  if (!own_type && dt.kind() != 'u')
    throw py::type_error(fmt::format("codes must be {}, not {}", wanted, std::string(py::str(dt))));
  require_c_contiguous(v, "codes");
  shape = v.shape;
  return bits_of(v.array, f, "codes");
}

py::array to_array(std::vector<uint64_t> const& bits, numeric::Format f, Shape const& shape) {
  return make(dtype_of(f), bits, shape);
}

py::array to_codes(std::vector<uint64_t> const& bits, numeric::Format f, Shape const& shape) {
  return make(py::dtype(unsigned_name(storage_bytes(numeric::info(f).bits))), bits, shape);
}

} // namespace wavemma::python
