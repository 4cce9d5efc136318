#pragma once
// The one include of a HIP kernel source. Compiled as HIP (clang++ -x hip --offload-arch=...),
// it is the real HIP runtime header; compiled as C++ for the host, it is wavemma::hip (HIP's API on
// the SIMT runtime), which runs the same kernels on the CPU with the matrix builtins emulated
// bit-exactly (docs/simt.md).

#if defined(__WAVEMMA_HIPCC__)
#include <hip/hip_runtime.h> // wavemma-hipcc's, which runs the kernels on the CPU
#elif defined(__HIP__)
#include "wavemma/hip/device.hpp"
#else
#include "wavemma/hip/host.hpp"
#endif
