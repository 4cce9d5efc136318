// import wavemma: layouts and bit-exact matrix products of AMD matrix cores from Python and NumPy.

#include "bindings.hpp"

PYBIND11_MODULE(wavemma, m) {
  m.doc() = R"(AMD matrix-core instructions (WMMA, SWMMAC on RDNA3/RDNA4; MFMA, SMFMAC on CDNA) on the CPU.

instructions(), instruction(), architectures(), models()  the catalog (`wavemma list`, `show`)
layout(), where(), what(), formulas()                     the layout calculator
formats                                                   number formats: encode, decode, cast
mma(), explain()                                          one instruction, bit-exactly (`wavemma exec`)
matmul()                                                  a whole product as the hardware chains it
                                                          (device="cuda": on an NVIDIA GPU)

Bad input raises TypeError or ValueError with the command line's one-line message.
See docs/python.md.)";
  m.attr("__version__") = WAVEMMA_VERSION; // CMake's PROJECT_VERSION (python/CMakeLists.txt)
  wavemma::python::bind_catalog(m);
  wavemma::python::bind_formats(m);
  wavemma::python::bind_products(m);
  wavemma::python::bind_cuda(m);
}
