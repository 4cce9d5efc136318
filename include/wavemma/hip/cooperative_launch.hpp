#pragma once
// hipLaunchCooperativeKernel (hip_runtime_api.h): a launch whose blocks all run at once, so that
// they may wait for one another at grid.sync() (cooperative_groups.hpp). HIP refuses a grid of
// more blocks than the device holds at once, hipOccupancyMaxActiveBlocksPerMultiprocessor x
// multiProcessorCount, with hipErrorCooperativeLaunchTooLarge; wavemma also refuses, with the same
// code, one of more threads than it can hold as fibers at once (simt::detail::max_resident_threads).
// The launch is synchronous, like every launch here: it returns the launch's error.

#include "wavemma/hip/not_emulated.hpp"
#include "wavemma/hip/program.hpp"
#include "wavemma/simt/runtime.hpp"
#include "wavemma/simt/site.hpp"

#include <cstddef>
#include <type_traits>
#include <utility>

namespace wavemma::hip {

void record(simt::Error const&); // api.hpp

namespace detail {

// HIP's limit on the blocks of a cooperative grid (src/hip/device_api.cpp): hipSuccess, or the
// error, reported.
hipError_t cooperative_check(void const* kernel, simt::Dim3 grid, simt::Dim3 block, size_t dynamic_shared);
hipError_t last_launch_status(); // of this thread's last launch through a host stub (program.cpp)

// HIP's argument array: args[i] points at the value of parameter i.
template <class P>
P& argument(void** args, size_t i) {
  return *static_cast<std::add_pointer_t<std::remove_cv_t<std::remove_reference_t<P>>>>(args[i]);
}
template <class... P, size_t... I>
void call_with_arguments(void (*kernel)(P...), void** args, std::index_sequence<I...>) {
  kernel(argument<P>(args, I)...);
}
template <class... P, size_t... I>
simt::Error launch_resident_with(void (*kernel)(P...), simt::Dim3 grid, simt::Dim3 block, size_t dynamic_shared,
                                 void** args, std::index_sequence<I...>) {
  return simt::launch_resident("cooperative kernel", kernel, grid, block, dynamic_shared, argument<P>(args, I)...);
}

template <class... P>
hipError_t launch_cooperative(void (*kernel)(P...), simt::Dim3 grid, simt::Dim3 block, void** args,
                              size_t dynamic_shared, hipStream_t stream) {
  if (hipError_t const e = cooperative_check(reinterpret_cast<void const*>(kernel), grid, block, dynamic_shared);
      e != hipSuccess)
    return e;
#if defined(__WAVEMMA_HIPCC__)
  // The kernel is wavemma-hipcc's host stub: it launches what the configuration pushed says.
  push_launch(grid, block, dynamic_shared, stream, true);
  call_with_arguments(kernel, args, std::index_sequence_for<P...>{});
  return last_launch_status();
#else
  if (!live_stream(stream)) {
    simt::Error const e{simt::Status::kContextIsDestroyed, "hipLaunchCooperativeKernel: a stream that is not live"};
    record(e);
    return static_cast<hipError_t>(e.status);
  }
  simt::Error const e =
      launch_resident_with(kernel, grid, block, dynamic_shared, args, std::index_sequence_for<P...>{});
  record(e);
  return static_cast<hipError_t>(e.status);
#endif
}

} // namespace detail
} // namespace wavemma::hip

// HIP's template overload, which takes the kernel itself (the void* one: not_emulated.hpp).
template <class T>
inline hipError_t hipLaunchCooperativeKernel(T f, dim3 grid, dim3 block, void** kernel_params,
                                             unsigned int shared_mem_bytes, hipStream_t stream,
                                             ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  if constexpr (std::is_pointer_v<T> && std::is_function_v<std::remove_pointer_t<T>>) {
    (void)site;
    return ::wavemma::hip::detail::launch_cooperative(f, grid, block, kernel_params, shared_mem_bytes, stream);
  } else {
    return hipLaunchCooperativeKernel(reinterpret_cast<void const*>(f), grid, block, kernel_params, shared_mem_bytes,
                                      stream, site);
  }
}
