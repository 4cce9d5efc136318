#pragma once
// What the code that wavemma-hipcc writes calls (apps/wavemma-hipcc/rewrite.hpp). A HIP source is
// compiled twice, as real HIP compiles it: once for the host, and once per target for the device.
// The device pass's kernels register themselves here (per target, by file and
// __PRETTY_FUNCTION__); the host pass's kernels are stubs that look the launched target's kernel
// up and run it on the grid of the launch configuration that `<<< >>>` pushed. __device__ and
// __constant__ variables register their host copy (the address host code names) and the device
// copy of each target, so that hipMemcpyToSymbol and hipGetSymbolAddress reach the device copy.

#include "wavemma/simt/runtime.hpp"

#include <cstddef>
#include <initializer_list>
#include <type_traits>
#include <utility>

using hipStream_t = struct ihipStream_t*;

namespace wavemma::hip::detail {

// `<<<grid, block, shared, stream>>>`: the configuration of the next kernel call on this thread
// (cooperative: hipLaunchCooperativeKernel's, every block resident at once).
void push_launch(simt::Dim3 grid, simt::Dim3 block, size_t dynamic_shared, hipStream_t stream,
                 bool cooperative = false);

// A launch's stream is the null stream, hipStreamPerThread/Legacy or one created and not destroyed.
bool live_stream(hipStream_t);

// The device pass: kernel `name` of `file` for one target. Returns true (a static initialiser).
bool register_kernel(char const* target, int wave, char const* file, char const* name, void (*run)(void** args));
// The host pass's stub: runs the registered kernel on the launched target with the pushed
// configuration; the arguments are the stub's parameters, which each lane copies.
void launch_stub(char const* file, char const* name, std::initializer_list<void*> args);

// The device pass's trampoline: calls `kernel` with copies of the parameters at `args`.
template <class... P, class F, size_t... I>
void invoke_at(F const& kernel, void** args, std::index_sequence<I...>) {
  kernel(*static_cast<std::add_pointer_t<P>>(args[I])...);
}
template <class... P, class F>
void invoke(F const& kernel, void** args) {
  invoke_at<P...>(kernel, args, std::index_sequence_for<P...>{});
}

// The address of a kernel parameter or a variable, whatever its qualifiers (const, volatile,
// __restrict__): what the host stub hands the device pass's trampoline. A C cast, in a system
// header, so that the rewritten code stays clean under -Wold-style-cast.
template <class T>
void* address_of(T& x) {
  return (void*)__builtin_addressof(x);
}

bool register_host_shadow(char const* key, void const* host);
bool register_device_variable(char const* key, char const* target, int wave, void* device, size_t bytes);
// The launched target's copy of a __device__/__constant__ variable named by its host address;
// nullptr if it has none (a variable of C++ built without wavemma-hipcc is its own device copy:
// see hip_api.cpp).
void* device_variable(void const* host, size_t* bytes);

// The targets wavemma-hipcc compiled the program for ("gfx942:64,gfx1201:32"): the first is the
// default, WAVEMMA_ARCH (and WAVEMMA_WAVE) picks another at run time.
bool register_program_targets(char const* targets);

// extern __shared__: the running lane's block's dynamic shared memory.
void* dynamic_shared_memory();

} // namespace wavemma::hip::detail
