// The hip* runtime API on the host. Errors follow HIP: each call returns its code and makes it the
// thread's last error; launches are synchronous, so a launch's error is also what the next
// hipDeviceSynchronize returns. A detailed message is printed once to stderr, as one line, when
// the error happens, and hipGetErrorString of its code returns it.

#include "memory.hpp"
#include "wavemma/isa/arch.hpp"
#include "wavemma/simt/hip_host.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <thread>
#include <unistd.h>

namespace {

using wavemma::simt::Error;
using wavemma::simt::Status;

struct ErrorState {
  hipError_t last = hipSuccess;   // hipGetLastError
  hipError_t launch = hipSuccess; // hipDeviceSynchronize
  hipError_t detailed = hipSuccess;
  std::string message; // of `detailed`
};
ErrorState& state() {
  thread_local ErrorState s;
  return s;
}

hipError_t report(Status status, std::string message) {
  auto const code = static_cast<hipError_t>(status);
  if (code == hipSuccess) return code;
  ErrorState& s = state();
  s.last = code;
  s.detailed = code;
  s.message = std::move(message);
  std::replace(s.message.begin(), s.message.end(), '\n', ' '); // one line, whatever a lane threw
  std::fprintf(stderr, "wavemma::simt: %s\n", s.message.c_str());
  return code;
}

char const* generic_text(hipError_t e) {
  switch (e) {
  case hipSuccess:
    return "no error";
  case hipErrorInvalidValue:
    return "invalid argument";
  case hipErrorOutOfMemory:
    return "out of memory";
  case hipErrorInvalidConfiguration:
    return "invalid configuration argument";
  case hipErrorInvalidDeviceFunction:
    return "invalid device function";
  case hipErrorInvalidDevice:
    return "invalid device ordinal";
  case hipErrorInvalidHandle:
    return "invalid resource handle";
  case hipErrorIllegalAddress:
    return "an illegal memory access was encountered";
  case hipErrorLaunchFailure:
    return "unspecified launch failure";
  }
  return "unknown error";
}

// The device-side ranges of a copy must lie in one allocation.
std::string check_copy(char const* call, void const* dst, void const* src, size_t bytes,
                       hipMemcpyKind kind) {
  using wavemma::simt::detail::check_device_range;
  using wavemma::simt::detail::in_device_memory;
  bool const dst_device = kind == hipMemcpyHostToDevice || kind == hipMemcpyDeviceToDevice ||
                          (kind == hipMemcpyDefault && in_device_memory(dst));
  bool const src_device = kind == hipMemcpyDeviceToHost || kind == hipMemcpyDeviceToDevice ||
                          (kind == hipMemcpyDefault && in_device_memory(src));
  if (dst_device)
    if (auto why = check_device_range(dst, bytes); !why.empty())
      return fmt::format("{}: destination {}", call, why);
  if (src_device)
    if (auto why = check_device_range(src, bytes); !why.empty())
      return fmt::format("{}: source {}", call, why);
  return {};
}

struct Event {
  std::chrono::steady_clock::time_point time;
  bool recorded = false;
};

} // namespace

struct ihipEvent_t : Event {};

namespace wavemma::simt::hip {

void record(Error const& e) {
  if (e.ok()) return;
  state().launch =
      state().launch == hipSuccess ? static_cast<hipError_t>(e.status) : state().launch;
  report(e.status, e.message);
}

} // namespace wavemma::simt::hip

hipError_t hipMalloc(void** pointer, size_t bytes) {
  if (!pointer) return report(Status::kInvalidValue, "hipMalloc: null result pointer");
  if (bytes == 0) {
    *pointer = nullptr;
    return hipSuccess;
  }
  *pointer = wavemma::simt::detail::device_allocate(bytes);
  if (!*pointer)
    return report(Status::kOutOfMemory, fmt::format("hipMalloc: cannot allocate {} bytes", bytes));
  return hipSuccess;
}

hipError_t hipFree(void* pointer) {
  if (!pointer || wavemma::simt::detail::device_free(pointer)) return hipSuccess;
  return report(Status::kInvalidValue,
                fmt::format("hipFree: {} is not a pointer hipMalloc returned", pointer));
}

hipError_t hipMemcpy(void* dst, void const* src, size_t bytes, hipMemcpyKind kind) {
  if (kind < hipMemcpyHostToHost || kind > hipMemcpyDefault)
    return report(Status::kInvalidValue,
                  fmt::format("hipMemcpy: unknown copy kind {}", static_cast<int>(kind)));
  if (bytes == 0) return hipSuccess;
  if (!dst || !src) return report(Status::kInvalidValue, "hipMemcpy: null pointer");
  if (auto why = check_copy("hipMemcpy", dst, src, bytes, kind); !why.empty())
    return report(Status::kInvalidValue, why);
  std::memmove(dst, src, bytes);
  return hipSuccess;
}

hipError_t hipMemset(void* dst, int value, size_t bytes) {
  if (bytes == 0) return hipSuccess;
  if (auto why = wavemma::simt::detail::check_device_range(dst, bytes); !why.empty())
    return report(Status::kInvalidValue, fmt::format("hipMemset: {}", why));
  std::memset(dst, value, bytes);
  return hipSuccess;
}

hipError_t hipDeviceSynchronize() {
  return std::exchange(state().launch, hipSuccess);
}
hipError_t hipGetLastError() {
  return std::exchange(state().last, hipSuccess);
}
hipError_t hipPeekAtLastError() {
  return state().last;
}

char const* hipGetErrorString(hipError_t e) {
  ErrorState const& s = state();
  return e != hipSuccess && e == s.detailed && !s.message.empty() ? s.message.c_str()
                                                                  : generic_text(e);
}

char const* hipGetErrorName(hipError_t e) {
  switch (e) {
  case hipSuccess:
    return "hipSuccess";
  case hipErrorInvalidValue:
    return "hipErrorInvalidValue";
  case hipErrorOutOfMemory:
    return "hipErrorOutOfMemory";
  case hipErrorInvalidConfiguration:
    return "hipErrorInvalidConfiguration";
  case hipErrorInvalidDeviceFunction:
    return "hipErrorInvalidDeviceFunction";
  case hipErrorInvalidDevice:
    return "hipErrorInvalidDevice";
  case hipErrorInvalidHandle:
    return "hipErrorInvalidHandle";
  case hipErrorIllegalAddress:
    return "hipErrorIllegalAddress";
  case hipErrorLaunchFailure:
    return "hipErrorLaunchFailure";
  }
  return "hipErrorUnknown";
}

hipError_t hipGetDeviceProperties(hipDeviceProp_t* p, int device) {
  if (!p) return report(Status::kInvalidValue, "hipGetDeviceProperties: null properties");
  if (device != 0)
    return report(Status::kInvalidDevice,
                  fmt::format("hipGetDeviceProperties: device {} (there is one: 0)", device));
  if (Error e = wavemma::simt::target_error(); !e.ok()) return report(e.status, e.message);
  auto const t = wavemma::simt::target();
  *p = hipDeviceProp_t{};
  std::string_view const arch = t.arch->name;
  fmt::format_to_n(p->name, sizeof p->name - 1, "wavemma emulated {}", arch);
  fmt::format_to_n(p->gcnArchName, sizeof p->gcnArchName - 1, "{}", arch);
  p->warpSize = t.wave;
  p->multiProcessorCount = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  p->maxThreadsPerBlock = 1024;
  p->maxThreadsDim[0] = p->maxThreadsDim[1] = p->maxThreadsDim[2] = 1024;
  p->maxGridSize[0] = p->maxGridSize[1] = p->maxGridSize[2] = 2147483647;
  p->sharedMemPerBlock = 65536;
  p->totalGlobalMem =
      static_cast<size_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<size_t>(sysconf(_SC_PAGESIZE));
  // gfx<major><minor><stepping>: gfx1201 -> 12.0, gfx942 -> 9.4.
  std::string const digits(arch.substr(3));
  p->major = std::atoi(digits.substr(0, digits.size() - 2).c_str());
  p->minor = digits[digits.size() - 2] - '0';
  return hipSuccess;
}

hipError_t hipGetDeviceCount(int* count) {
  if (!count) return report(Status::kInvalidValue, "hipGetDeviceCount: null count");
  *count = 1;
  return hipSuccess;
}

hipError_t hipGetDevice(int* device) {
  if (!device) return report(Status::kInvalidValue, "hipGetDevice: null device");
  *device = 0;
  return hipSuccess;
}

hipError_t hipSetDevice(int device) {
  if (device == 0) return hipSuccess;
  return report(Status::kInvalidDevice,
                fmt::format("hipSetDevice: device {} (there is one: 0)", device));
}

hipError_t hipEventCreate(hipEvent_t* event) {
  if (!event) return report(Status::kInvalidValue, "hipEventCreate: null event");
  *event = new ihipEvent_t{};
  return hipSuccess;
}

hipError_t hipEventDestroy(hipEvent_t event) {
  if (!event) return report(Status::kInvalidHandle, "hipEventDestroy: null event");
  delete event;
  return hipSuccess;
}

hipError_t hipEventRecord(hipEvent_t event, hipStream_t) {
  if (!event) return report(Status::kInvalidHandle, "hipEventRecord: null event");
  event->time = std::chrono::steady_clock::now();
  event->recorded = true;
  return hipSuccess;
}

hipError_t hipEventSynchronize(hipEvent_t event) {
  if (!event) return report(Status::kInvalidHandle, "hipEventSynchronize: null event");
  return hipSuccess; // launches are synchronous
}

hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop) {
  if (!ms) return report(Status::kInvalidValue, "hipEventElapsedTime: null result");
  if (!start || !stop || !start->recorded || !stop->recorded)
    return report(Status::kInvalidHandle, "hipEventElapsedTime: an event was not recorded");
  *ms = std::chrono::duration<float, std::milli>(stop->time - start->time).count();
  return hipSuccess;
}
