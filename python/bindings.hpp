#pragma once
// The parts of the wavemma Python module, each registered by one function.

#include <pybind11/pybind11.h>

namespace wavemma::python {

void bind_catalog(pybind11::module_&);  // instructions, architectures, models, layout, where, what, formulas
void bind_formats(pybind11::module_&);  // the wavemma.formats submodule
void bind_products(pybind11::module_&); // mma, explain, matmul
void bind_cuda(pybind11::module_&);     // cuda_available

} // namespace wavemma::python
