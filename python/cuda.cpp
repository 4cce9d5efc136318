// matmul(..., device="cuda") over wavemma::cuda: NumPy operands are copied in and out; CUDA
// arrays (__cuda_array_interface__, version 2 or 3: PyTorch, CuPy) are read and written on the
// device, on their stream.

#include "cuda.hpp"

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "arguments.hpp"
#include "arrays.hpp"
#if defined(WAVEMMA_PYTHON_CUDA)
#include "wavemma/cuda/chain.hpp"
#endif

struct CUstream_st; // a cudaStream_t, as wavemma/cuda/chain.hpp takes it (no CUDA header needed)

namespace wavemma::python {
namespace {

#if defined(WAVEMMA_PYTHON_CUDA)
void require_gpu() {
  std::string why;
  if (!cuda::available(&why)) throw std::runtime_error("device='cuda': " + why);
}
#else
[[noreturn]] void require_gpu() {
  throw std::runtime_error("device='cuda': this wavemma was built without CUDA (no CUDA compiler was found, or "
                           "WAVEMMA_CUDA=OFF; docs/cuda.md)");
}
#endif

// A CUDA array's interface: C-contiguous 2-D data of one dtype.
struct CudaArray {
  uintptr_t data = 0;
  py::dtype dtype;
  std::vector<py::ssize_t> shape;
  py::object stream; // None, or the stream's handle as an int
};

CudaArray interface_of(py::handle h, char const* what) {
  py::dict cai;
  try {
    cai = h.attr("__cuda_array_interface__");
  } catch (py::error_already_set const& e) {
    throw py::type_error(fmt::format("{}: its __cuda_array_interface__ fails ({}); a bfloat16 tensor goes as its bits: "
                                     "t.view(torch.uint16)",
                                     what, e.what()));
  }
  CudaArray r;
  r.data = py::cast<py::tuple>(cai["data"])[0].cast<uintptr_t>();
  r.dtype = py::dtype(py::str(cai["typestr"]));
  for (auto const& x : py::cast<py::tuple>(cai["shape"])) r.shape.push_back(x.cast<py::ssize_t>());
  r.stream = cai.contains("stream") ? py::reinterpret_borrow<py::object>(cai["stream"]) : py::none();
  if (cai.contains("strides") && !cai["strides"].is_none()) {
    py::ssize_t expect = r.dtype.itemsize();
    auto const strides = py::cast<py::tuple>(cai["strides"]);
    for (size_t i = r.shape.size(); i-- > 0;) {
      if (r.shape[i] > 1 && strides[i].cast<py::ssize_t>() != expect)
        throw py::value_error(fmt::format("{} must be C-contiguous on the device (.contiguous())", what));
      expect *= r.shape[i];
    }
  }
  return r;
}

// The dtype of a format's elements (wavemma's Python dtypes), signedness aside for raw bits.
void require_dtype(CudaArray const& x, numeric::Format f, char const* what) {
  py::dtype const want = dtype_of(f);
  bool const raw = want.kind() == 'u' && (x.dtype.kind() == 'i' || x.dtype.kind() == 'u');
  if (x.dtype.itemsize() != want.itemsize() || (x.dtype.kind() != want.kind() && !raw))
    throw py::type_error(
        fmt::format("{} must hold {} for {} elements, not {}{}", what, dtype_text(f), numeric::name(f),
                    std::string(py::str(x.dtype)),
                    x.dtype.kind() == 'V' ? " (a bfloat16 tensor goes as its bits: t.view(torch.uint16))" : ""));
}

std::string library_of(py::handle h) {
  std::string const module = py::str(h.get_type().attr("__module__"));
  return module.substr(0, module.find('.'));
}

// An empty rows x cols array of dtype on the device of `like` (a PyTorch tensor or CuPy array).
py::object empty_like_kind(py::handle like, int rows, int cols, py::dtype const& dtype) {
  std::string const lib = library_of(like);
  py::tuple const shape = py::make_tuple(rows, cols);
  if (lib == "torch") {
    py::module_ const torch = py::module_::import("torch");
    return torch.attr("empty")(shape, py::arg("dtype") = torch.attr(py::str(dtype).cast<std::string>().c_str()),
                               py::arg("device") = like.attr("device"));
  }
  if (lib == "cupy") {
    py::module_ const cupy = py::module_::import("cupy");
    py::object const device = like.attr("device");
    py::object const scope = device.attr("__enter__")();
    py::object out = cupy.attr("empty")(shape, py::arg("dtype") = dtype);
    device.attr("__exit__")(py::none(), py::none(), py::none());
    return out;
  }
  throw py::type_error(
      fmt::format("device='cuda' returns PyTorch tensors or CuPy arrays; {} arrays are not known", lib));
}

} // namespace

bool wants_cuda(py::handle device) {
  if (device.is_none()) return false;
  if (!py::isinstance<py::str>(device)) throw py::type_error("device must be 'cpu' or 'cuda'");
  std::string const d = device.cast<std::string>();
  if (d == "cpu") return false;
  if (d == "cuda") return true;
  throw py::value_error(fmt::format("device must be 'cpu' or 'cuda', not '{}'", d));
}

bool is_cuda_array(py::handle h) { return !h.is_none() && py::hasattr(h, "__cuda_array_interface__"); }

void chain_on_cuda(emu::Issue const& is, emu::Product const& p, uint64_t* d) {
  require_gpu();
#if defined(WAVEMMA_PYTHON_CUDA)
  without_gil([&] { cuda::chain_from_host(is, p, d); });
#else
  (void)is, (void)p, (void)d;
#endif
}

py::object matmul_cuda_arrays(emu::Issue const& is, py::handle a, py::handle b, py::handle c) {
  require_gpu();
  auto const model = emu::numeric_model(is);
  CudaArray const ca = interface_of(a, "a"), cb = interface_of(b, "b");
  require_dtype(ca, model.a, "a");
  require_dtype(cb, model.b, "b");
  if (ca.shape.size() != 2 || cb.shape.size() != 2) throw py::value_error("a and b must be 2-D arrays (M x K, K x N)");
  py::ssize_t const m = ca.shape[0], k = ca.shape[1], n = cb.shape[1];
  if (cb.shape[0] != k) throw py::value_error(fmt::format("b must have {} rows (K of a), not {}", k, cb.shape[0]));
  auto const& in = *is.instruction;
  for (auto [dim, size, tile] : {std::tuple{"M", m, in.m}, {"N", n, in.n}, {"K", k, in.k}})
    if (size <= 0 || size % tile != 0 || size > (py::ssize_t{1} << 24))
      throw py::value_error(
          fmt::format("{}={} is not a multiple of {}, the {} of {} (at most 2^24)", dim, size, tile, dim, in.mnemonic));
  std::optional<CudaArray> cc;
  if (!c.is_none()) {
    if (!is_cuda_array(c)) throw py::type_error("c must be a CUDA array like a and b (or None)");
    cc = interface_of(c, "c");
    require_dtype(*cc, model.out, "c");
    if (cc->shape != std::vector<py::ssize_t>{m, n})
      throw py::value_error(fmt::format("c must have shape ({}, {})", m, n));
  }
  py::dtype const out_type = dtype_of(model.out);
  py::object d = empty_like_kind(a, int(m), int(n), out_type);
  CudaArray const cd = interface_of(d, "D");
  // The stream: a's (version 3 of the interface; 1 and 2 are the legacy and per-thread default streams).
  auto* stream = ca.stream.is_none() ? nullptr : reinterpret_cast<CUstream_st*>(ca.stream.cast<uintptr_t>());
  if (reinterpret_cast<uintptr_t>(stream) == 1) stream = nullptr;
#if defined(WAVEMMA_PYTHON_CUDA)
  auto const arr = [](CudaArray const& x) {
    return cuda::DeviceArray{reinterpret_cast<void const*>(x.data), int(x.dtype.itemsize())};
  };
  without_gil([&] {
    cuda::chain_arrays(is, int(m), int(n), int(k), arr(ca), arr(cb), cc ? arr(*cc) : cuda::DeviceArray{},
                       reinterpret_cast<void*>(cd.data), int(out_type.itemsize()), stream);
  });
#else
  (void)stream;
#endif
  return d;
}

py::object to_host(py::handle x) {
  std::string const lib = library_of(x);
  if (lib == "torch") return x.attr("detach")().attr("cpu")().attr("numpy")();
  if (lib == "cupy") return x.attr("get")();
  throw py::type_error(fmt::format("device='cuda' takes PyTorch tensors or CuPy arrays; {} arrays are not known", lib));
}

py::object to_device_like(py::handle like, py::object host) {
  std::string const lib = library_of(like);
  if (lib == "torch") return py::module_::import("torch").attr("from_numpy")(host).attr("to")(like.attr("device"));
  py::object const device = like.attr("device");
  device.attr("__enter__")();
  py::object out = py::module_::import("cupy").attr("asarray")(host);
  device.attr("__exit__")(py::none(), py::none(), py::none());
  return out;
}

void bind_cuda(py::module_& m) {
  m.def(
      "cuda_available",
      [] {
#if defined(WAVEMMA_PYTHON_CUDA)
        std::string why;
        bool const ok = cuda::available(&why);
        return py::make_tuple(ok, ok ? cuda::device_name() : why);
#else
        return py::make_tuple(false, "this wavemma was built without CUDA");
#endif
      },
      "cuda_available() -> (bool, str)\n\nWhether matmul(..., device='cuda') can run: (True, the device's name) or "
      "(False, why not).");
}

} // namespace wavemma::python
