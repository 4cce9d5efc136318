#pragma once
// The one include of a HIP kernel source. Compiled as HIP (clang++ -x hip --offload-arch=...),
// it is the real HIP runtime header; compiled as C++ for the host, it is wavemma::simt, which runs
// the same kernels on the CPU with the matrix builtins emulated bit-exactly (docs/simt.md).

#if defined(__WAVEMMA_HIPCC__)
#include <hip/hip_runtime.h> // wavemma-hipcc's, which runs the kernels on the CPU
#elif defined(__HIP__)
#include "wavemma/simt/hip_device.hpp"
#else
#include "wavemma/simt/hip_host.hpp"
#endif
