// The registry behind wavemma-hipcc's two passes (wavemma/hip/program.hpp): launch
// configurations, kernels and device variables per target, the program's targets.

#include "wavemma/isa/arch.hpp"
#include "wavemma/simt/lane.hpp"
#include "wavemma/simt/memory.hpp"
#include "wavemma/hip/host.hpp"
#include "wavemma/hip/program.hpp"

#include <fmt/format.h>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace wavemma::hip::detail {
namespace {

struct LaunchConfig {
  simt::Dim3 grid, block;
  size_t dynamic_shared;
  hipStream_t stream;
  bool cooperative;
};
// A stack: a kernel argument may itself launch a kernel before the call it configures.
thread_local std::vector<LaunchConfig> pending;

std::string target_key(std::string_view arch, int wave) { return fmt::format("{}:{}", arch, wave); }

struct Registry {
  std::mutex mutex;
  // (file, name) -> target -> trampoline
  std::map<std::pair<std::string, std::string>, std::map<std::string, void (*)(void**)>> kernels;
  std::map<void const*, std::string> shadows; // host address -> variable key
  struct DeviceCopy {
    void* address;
    size_t bytes;
  };
  std::map<std::string, std::map<std::string, DeviceCopy>> variables; // key -> target -> copy
};
Registry& registry() {
  static Registry r;
  return r;
}

} // namespace

// The status of this thread's last launch through a stub, for hipLaunchCooperativeKernel.
thread_local hipError_t last_status = hipSuccess;

void push_launch(simt::Dim3 grid, simt::Dim3 block, size_t dynamic_shared, hipStream_t stream, bool cooperative) {
  pending.push_back({grid, block, dynamic_shared, stream, cooperative});
}

hipError_t last_launch_status() { return last_status; }

namespace {
void record_stub(simt::Error const& e) {
  last_status = static_cast<hipError_t>(e.status);
  record(e);
}
} // namespace

bool register_kernel(char const* target, int wave, char const* file, char const* name, void (*run)(void**)) {
  auto& r = registry();
  std::lock_guard lock(r.mutex);
  r.kernels[{file, name}].emplace(target_key(target, wave), run); // the first of identical copies
  return true;
}

void launch_stub(char const* file, char const* name, std::initializer_list<void*> args) {
  if (pending.empty()) {
    record_stub({simt::Status::kInvalidConfiguration,
                 fmt::format("kernel {} called without a launch configuration (<<< >>> or hipLaunchKernelGGL)", name)});
    return;
  }
  LaunchConfig const config = pending.back();
  pending.pop_back();
  if (!live_stream(config.stream)) {
    record_stub({simt::Status::kContextIsDestroyed,
                 fmt::format("kernel {} launched on {}, which is not a live stream (destroyed?)", name,
                             static_cast<void*>(config.stream))});
    return;
  }
  if (simt::Error e = simt::target_error(); !e.ok()) {
    record_stub(e);
    return;
  }
  simt::Target const t = simt::target();
  void (*run)(void**) = nullptr;
  std::string compiled;
  {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    if (auto k = r.kernels.find({file, name}); k != r.kernels.end()) {
      if (auto c = k->second.find(target_key(t.arch->name, t.wave)); c != k->second.end()) run = c->second;
      for (auto const& [target, _] : k->second) compiled += (compiled.empty() ? "" : ", ") + target;
    }
  }
  if (run == nullptr) {
    record_stub({simt::Status::kInvalidDeviceFunction,
                 fmt::format("kernel {} has no device code for {} wave{} ({}): {}", name, t.arch->name, t.wave, file,
                             compiled.empty()
                                 ? "the device pass did not compile it (its host code and device code see different "
                                   "target macros, or the file was not built with wavemma-hipcc --offload-arch=" +
                                       std::string(t.arch->name) + ")"
                                 : "compiled for " + compiled)});
    return;
  }
  struct Bound {
    void (*run)(void**);
    void** args;
  } const bound{run, const_cast<void**>(args.begin())};
  auto call = [](void const* self) {
    auto const& b = *static_cast<Bound const*>(self);
    b.run(b.args);
  };
  record_stub(
      simt::detail::launch(name, config.grid, config.block, config.dynamic_shared, {call, &bound}, config.cooperative));
}

bool register_host_shadow(char const* key, void const* host) {
  auto& r = registry();
  std::lock_guard lock(r.mutex);
  r.shadows.emplace(host, key);
  return true;
}

bool register_device_variable(char const* key, char const* target, int wave, void* device, size_t bytes) {
  auto& r = registry();
  std::lock_guard lock(r.mutex);
  // The device copy is device memory, as on a GPU: hipGetSymbolAddress's pointer may be copied to
  // and from like any hipMalloc'd one.
  if (r.variables[key].emplace(target_key(target, wave), Registry::DeviceCopy{device, bytes}).second)
    simt::detail::device_register(device, bytes);
  return true;
}

void* device_variable(void const* host, size_t* bytes) {
  auto& r = registry();
  simt::Target const t = simt::target();
  std::lock_guard lock(r.mutex);
  auto const shadow = r.shadows.find(host);
  if (shadow == r.shadows.end()) return nullptr;
  auto const v = r.variables.find(shadow->second);
  if (v == r.variables.end()) return nullptr;
  auto const copy = v->second.find(target_key(t.arch->name, t.wave));
  if (copy == v->second.end()) return nullptr;
  if (bytes) *bytes = copy->second.bytes;
  return copy->second.address;
}

bool register_program_targets(char const* targets) {
  std::vector<simt::Target> compiled;
  std::string_view rest = targets;
  try {
    while (!rest.empty()) {
      size_t const comma = rest.find(',');
      compiled.push_back(simt::parse_target(rest.substr(0, comma)));
      rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    }
  } catch (std::invalid_argument const&) {
    return false; // wavemma-hipcc checked the targets; a mismatch of versions is not worth a crash
  }
  simt::set_program_targets(compiled);
  return true;
}

void* dynamic_shared_memory() { return simt::detail::lane("extern __shared__").dynamic_shared; }

// _Exit: the call may come from a kernel's lane, on a fiber's stack, where running the program's
// destructors is not safe; the streams are flushed first.
void refuse(char const* call, char const* what, simt::Site site) {
  std::fflush(stdout);
  fmt::print(stderr, "{}:{}: {}: {} (wavemma-hipcc runs kernels on the CPU; docs/hipcc.md lists what is emulated)\n",
             site.file_name(), site.line(), call, what);
  std::fflush(nullptr);
  std::_Exit(EXIT_FAILURE);
}

} // namespace wavemma::hip::detail
