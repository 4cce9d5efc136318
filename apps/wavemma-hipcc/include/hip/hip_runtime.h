#pragma once
// wavemma's <hip/hip_runtime.h>. Under wavemma-hipcc (which defines __WAVEMMA_HIPCC__ and compiles
// each source in two passes, as HIP does) the kernel qualifiers are clang's HIP attributes, which
// wavemma-hipcc's rewriting step reads; `kernel<<<...>>>(...)` and hipLaunchKernelGGL push a launch
// configuration and call the kernel's host stub (wavemma/hip/program.hpp). Included by plain
// C++, it is <wavemma/hip/host.hpp>: empty qualifiers, launches by hipLaunchKernelGGL.

#if defined(__WAVEMMA_HIPCC__)

// The standard headers wavemma's headers use, first: the pragma below must not reach them. HIP's
// own hip_runtime.h brings in the C library's (printf, assert, malloc, the math functions) too.
#include <array>
#include <atomic>
#include <cassert>
#include <chrono> // C++20's brings <sstream>, and with it the locale's functions
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

// wavemma's functions are callable from device code and host code alike, as HIP's device
// functions are (they all run on the CPU); clang's HIP front end, which wavemma-hipcc's rewriting
// step runs, checks device code against that.
#pragma clang force_cuda_host_device begin
#include "hip/hip_runtime_api.h"
#include "hip/library_types.h" // as HIP's hip_runtime.h
#include "wavemma/hip/program.hpp"
#include "wavemma/hip/vector_types.hpp"
#include "wavemma/hip/mixed_dot.hpp" // amd_mixed_dot on HIP's vector types, as amd_math_functions.h
#pragma clang force_cuda_host_device end
#include "wavemma/hip/math_host.hpp"

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ inline __attribute__((always_inline))
// Empty, as in HIP 5.2's host_defines.h: libstdc++ writes __attribute__((__noinline__)), which a
// macro holding an attribute would break in every standard header included after this one.
#define __noinline__
// Accepted as on a GPU; a block may have up to 1024 threads whatever the bound says.
#define __launch_bounds__(...)
#if !defined(__align__) // as amd_hip_runtime.h defines it
#define __align__(x) __attribute__((aligned(x)))
#endif
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(X) X         // as in HIP: hipMemcpyToSymbol takes the variable itself
#define CUDA_SUCCESS hipSuccess // as amd_hip_runtime.h
typedef int hipLaunchParm;      // HIP 5.2's, for the old launch macros

// What clang's HIP front end calls for `<<< >>>`; wavemma-hipcc rewrites every launch to
// __wavemma_push_launch, so these are declared for the parser only.
extern "C" hipError_t __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shared = 0,
                                                 hipStream_t stream = nullptr);
extern "C" hipError_t __hipPopCallConfiguration(dim3* grid, dim3* block, size_t* shared, hipStream_t* stream);

inline void __wavemma_push_launch(dim3 grid, dim3 block, size_t shared = 0, hipStream_t stream = nullptr) {
  ::wavemma::hip::detail::push_launch(grid, block, shared, stream);
}
// As HIP's: a `<<< >>>` launch of `kernel` (HIP_KERNEL_NAME(k<A, B>) for a template with commas).
#define hipLaunchKernelGGL(kernel, grid, block, shared, stream, ...)                                                   \
  do {                                                                                                                 \
    (kernel)<<<(grid), (block), (shared), (stream)>>>(__VA_ARGS__);                                                    \
  } while (0)

// hipExtLaunchKernelGGL (hip/hip_ext.h in HIP): the launch between two event records, either of
// which may be null.
inline void __wavemma_record_event(hipEvent_t event, hipStream_t stream) {
  if (event) hipEventRecord(event, stream);
}
#define hipExtLaunchKernelGGL(kernel, grid, block, shared, stream, start, stop, flags, ...)                            \
  do {                                                                                                                 \
    ::__wavemma_record_event((start), (stream));                                                                       \
    (void)(flags);                                                                                                     \
    (kernel)<<<(grid), (block), (shared), (stream)>>>(__VA_ARGS__);                                                    \
    ::__wavemma_record_event((stop), (stream));                                                                        \
  } while (0)

// The device pass's kernels register through this (wavemma-hipcc writes the Key struct, whose
// members have reserved names: a kernel the struct's member calls may be named run or file).
template <class Key>
struct __wavemma_kernel_registered {
  static inline bool const value =
      ::wavemma::hip::detail::register_kernel(Key::__wavemma_target(), Key::__wavemma_wave(), Key::__wavemma_file(),
                                              Key::__wavemma_name(), &Key::__wavemma_run);
};

#if defined(__WAVEMMA_OFFLOAD_TARGETS__) && !defined(__HIP_DEVICE_COMPILE__)
[[maybe_unused]] static bool const __wavemma_program_targets =
    ::wavemma::hip::detail::register_program_targets(__WAVEMMA_OFFLOAD_TARGETS__);
#endif

#else
#include "wavemma/hip/host.hpp"
#endif
