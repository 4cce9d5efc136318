#pragma once
// wavemma::simt — HIP kernels on the CPU. A launch runs a kernel over a grid of blocks on the
// current target architecture: each block on one OS thread, its threads (lanes) as fibers, waves
// of the target's size meeting in lockstep at every cross-lane operation. Kernel sources include
// <wavemma/hip.hpp>; this header is the C++ side for hosts that do not speak HIP.
//
//   simt::set_target("gfx942");                         // wave64, the MFMA builtins
//   auto err = simt::launch("k", k, {4}, {256}, 0, x, y); // synchronous; err.message names
//   if (!err.ok()) ...                                  // kernel, block, wave and lanes

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace wavemma::isa {
struct Arch; // wavemma/isa/arch.hpp
}

namespace wavemma::simt {

// HIP's dim3.
struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  constexpr Dim3(uint32_t x_ = 1, uint32_t y_ = 1, uint32_t z_ = 1) : x(x_), y(y_), z(z_) {}
  constexpr uint64_t count() const { return uint64_t(x) * y * z; }
};

// The HIP error codes the runtime reports (values as in hip_runtime_api.h).
enum class Status : int {
  kSuccess = 0,
  kInvalidValue = 1,
  kOutOfMemory = 2,
  kInvalidConfiguration = 9,
  kInvalidDeviceFunction = 98, // a builtin the launched architecture does not have
  kInvalidDevice = 101,        // a bad target (WAVEMMA_ARCH / WAVEMMA_WAVE)
  kInvalidHandle = 400,
  kIllegalAddress = 700,            // an access outside every device allocation
  kLaunchTimeOut = 702,             // the watchdog stopped lanes that could not progress
  kContextIsDestroyed = 709,        // a launch on a destroyed stream [SRC: ROCclr hip_module.cpp]
  kLaunchFailure = 719,             // divergence, a barrier not reached, an exception in a lane
  kCooperativeLaunchTooLarge = 720, // a resident grid whose blocks cannot all run at once
};

struct Error {
  Status status = Status::kSuccess;
  std::string message; // one line: "kernel k, block (3,1,0), wave 2: lanes 0-15 ..."; empty on success
  bool ok() const { return status == Status::kSuccess; }
};

// The architecture and wave size launches run on: set_target(), else the environment
// (WAVEMMA_ARCH, WAVEMMA_WAVE), else gfx1201 wave32.
struct Target {
  isa::Arch const* arch = nullptr;
  int wave = 0;
};
// Throws std::invalid_argument for an unknown architecture or a wave size it does not have;
// wave 0 = the architecture's default (32 on RDNA, 64 on CDNA3).
void set_target(std::string_view arch, int wave = 0);
Target target();      // throws std::invalid_argument if the environment names a bad target
Error target_error(); // the environment's mistake, if any, as an error (kInvalidDevice)
// The targets a program has device code for (wavemma-hipcc): the first becomes the default, and
// a target the environment names must be one of them.
void set_program_targets(std::vector<Target> const& compiled);
// "gfx942" or "gfx942:64" -> the target (throws std::invalid_argument as set_target does).
Target parse_target(std::string_view);

// OS threads that run blocks (the caller is one of them): set_threads(n), else WAVEMMA_THREADS,
// else every core. 1 = single-threaded. set_threads(0) returns to the default.
void set_threads(int n);
int threads();

namespace detail {

// A kernel with its arguments bound, as the lanes call it.
struct KernelRef {
  void (*call)(void const* self);
  void const* self;
};
// resident: every block of the grid runs at once, each on an OS thread of its own, so that the
// blocks can wait for one another at grid_barrier() (lane.hpp); a grid of more threads than the
// host can hold as fibers at once is refused with kCooperativeLaunchTooLarge.
Error launch(std::string_view name, Dim3 grid, Dim3 block, size_t dynamic_shared, KernelRef kernel,
             bool resident = false);
// The most threads (lanes) a resident grid may have: each lane's fiber stack, with its guard page,
// is two memory mappings, and the process may hold vm.max_map_count of them.
uint64_t max_resident_threads();

template <class... Params, class... Args>
Error launch_bound(std::string_view name, void (*kernel)(Params...), Dim3 grid, Dim3 block, size_t dynamic_shared,
                   bool resident, Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args), "wrong number of kernel arguments");
  struct Bound {
    void (*kernel)(Params...);
    std::tuple<std::decay_t<Params>...> args;
  } const bound{kernel, {std::forward<Args>(args)...}};
  auto call = [](void const* self) {
    auto const& b = *static_cast<Bound const*>(self);
    std::apply(b.kernel, b.args);
  };
  return launch(name, grid, block, dynamic_shared, {call, &bound}, resident);
}

} // namespace detail

// Runs kernel(args...) on every thread of grid x block and returns when the grid is done. The
// arguments are converted to the kernel's parameter types once, as a call would, and every
// lane receives its own copy.
template <class... Params, class... Args>
Error launch(std::string_view name, void (*kernel)(Params...), Dim3 grid, Dim3 block, size_t dynamic_shared,
             Args&&... args) {
  return detail::launch_bound(name, kernel, grid, block, dynamic_shared, false, std::forward<Args>(args)...);
}
// The same with every block resident at once (detail::launch): the blocks may wait for one
// another at grid_barrier(), as a cooperative launch's do.
template <class... Params, class... Args>
Error launch_resident(std::string_view name, void (*kernel)(Params...), Dim3 grid, Dim3 block, size_t dynamic_shared,
                      Args&&... args) {
  return detail::launch_bound(name, kernel, grid, block, dynamic_shared, true, std::forward<Args>(args)...);
}

} // namespace wavemma::simt
