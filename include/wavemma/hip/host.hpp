#pragma once
// HIP kernels as C++ for the host, mapped onto wavemma::simt: the kernel qualifiers are empty
// macros and kernels are launched with hipLaunchKernelGGL. Include <wavemma/hip.hpp>, which picks
// this header unless the source is compiled as HIP; HIP programs as they are written (`<<< >>>`,
// <hip/hip_runtime.h>) build with wavemma-hipcc instead (docs/hipcc.md).

#include "wavemma/hip/api.hpp"

// --- qualifiers ---------------------------------------------------------------------------------
#define __global__
#define __device__
#define __host__
#define __constant__
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...) // accepted and ignored: a block may have up to 1024 threads
// LDS: one copy per block. A block runs on one OS thread, and the blocks an OS thread runs run
// one after another, so a thread_local static is shared by exactly the threads of one block.
// Like LDS it starts with whatever the previous block on that thread left.
#define __shared__ static thread_local
// Dynamic shared memory (the launch's dynamic_shared bytes, 16-byte aligned). `extern __shared__`
// arrays are not supported on the host: use this macro, which HIP also defines.
#define HIP_DYNAMIC_SHARED(type, var) type* const var = ::wavemma::hip::dynamic_shared<type>();
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(X) X // as in HIP: hipMemcpyToSymbol takes the variable itself

#define WAVEMMA_SIMT_NAME(...) #__VA_ARGS__
#define WAVEMMA_SIMT_STRINGIFY(...) WAVEMMA_SIMT_NAME(__VA_ARGS__)
// `kernel<<<grid, block, shared, stream>>>(args...)` on the host. Synchronous: returns when the
// grid is done; errors go to hipGetLastError()/hipDeviceSynchronize(). A template kernel whose
// arguments contain commas is written HIP_KERNEL_NAME(k<A, B>), as with HIP.
#define hipLaunchKernelGGL(kernel, grid, block, dynamic_shared, stream, ...)                                           \
  ::wavemma::hip::launch(WAVEMMA_SIMT_STRINGIFY(kernel), kernel, grid, block, dynamic_shared,                          \
                         stream __VA_OPT__(, ) __VA_ARGS__)

// hipExtLaunchKernelGGL (hip_ext.h): a launch between two event records (either may be null).
#define hipExtLaunchKernelGGL(kernel, grid, block, dynamic_shared, stream, start, stop, flags, ...)                    \
  do {                                                                                                                 \
    hipEvent_t const wavemma_start_ = (start), wavemma_stop_ = (stop);                                                 \
    (void)(flags);                                                                                                     \
    if (wavemma_start_) hipEventRecord(wavemma_start_, stream);                                                        \
    hipLaunchKernelGGL(kernel, grid, block, dynamic_shared, stream __VA_OPT__(, ) __VA_ARGS__);                        \
    if (wavemma_stop_) hipEventRecord(wavemma_stop_, stream);                                                          \
  } while (0)
