#pragma once
// matmul(..., device="cuda"): wavemma::cuda from Python. Without the CUDA build (WAVEMMA_CUDA off)
// every entry raises one RuntimeError saying so.

#include <pybind11/pybind11.h>

#include "wavemma/emu/chain.hpp"

namespace wavemma::python {

namespace py = pybind11;

// Whether `device` (None, "cpu" or "cuda") asks for the GPU; a ValueError for anything else.
bool wants_cuda(py::handle device);

// Whether h is a CUDA array (it has __cuda_array_interface__: PyTorch, CuPy, Numba).
bool is_cuda_array(py::handle h);

// emu::chain on the GPU, host arrays in and out (a RuntimeError without a usable GPU).
void chain_on_cuda(emu::Issue const&, emu::Product const& host, uint64_t* d);

// D = the chain of `is` over CUDA arrays a, b and c (None: zeros), on a's stream, returned as an
// array of a's kind (PyTorch tensor, CuPy array) on a's device. Dense unscaled instructions only:
// the caller routes the others through the host.
py::object matmul_cuda_arrays(emu::Issue const&, py::handle a, py::handle b, py::handle c);

// A CUDA array's copy on the host (a NumPy array), and a NumPy array moved to the kind and device
// of `like`.
py::object to_host(py::handle cuda_array);
py::object to_device_like(py::handle like, py::object host);

void bind_cuda(py::module_&); // cuda_available()

} // namespace wavemma::python
