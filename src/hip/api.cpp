// The hip* runtime API on the host: errors and memory (hip_device_api.cpp: the device;
// hip_stream_api.cpp: streams and events). Errors follow HIP (hip_errors.hpp).

#include "errors.hpp"
#include "wavemma/simt/memory.hpp"
#include "wavemma/hip/host.hpp"
#include "wavemma/hip/program.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <utility>

namespace {

using wavemma::hip::detail::report;
using wavemma::simt::Error;

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

// HIP's names and texts of its codes (hip_runtime_api.h, hipGetErrorString).
struct ErrorText {
  hipError_t code;
  char const* name;
  char const* text;
};
// clang-format off
constexpr ErrorText kErrors[] = {
  {hipSuccess,                        "hipSuccess",                        "no error"},
  {hipErrorInvalidValue,              "hipErrorInvalidValue",              "invalid argument"},
  {hipErrorOutOfMemory,               "hipErrorOutOfMemory",               "out of memory"},
  {hipErrorNotInitialized,            "hipErrorNotInitialized",            "initialization error"},
  {hipErrorDeinitialized,             "hipErrorDeinitialized",             "driver shutting down"},
  {hipErrorProfilerDisabled,          "hipErrorProfilerDisabled",          "profiler disabled while using external profiling tool"},
  {hipErrorProfilerNotInitialized,    "hipErrorProfilerNotInitialized",    "profiler is not initialized"},
  {hipErrorProfilerAlreadyStarted,    "hipErrorProfilerAlreadyStarted",    "profiler already started"},
  {hipErrorProfilerAlreadyStopped,    "hipErrorProfilerAlreadyStopped",    "profiler already stopped"},
  {hipErrorInvalidConfiguration,      "hipErrorInvalidConfiguration",      "invalid configuration argument"},
  {hipErrorInvalidPitchValue,         "hipErrorInvalidPitchValue",         "invalid pitch argument"},
  {hipErrorInvalidSymbol,             "hipErrorInvalidSymbol",             "invalid device symbol"},
  {hipErrorInvalidDevicePointer,      "hipErrorInvalidDevicePointer",      "invalid device pointer"},
  {hipErrorInvalidMemcpyDirection,    "hipErrorInvalidMemcpyDirection",    "invalid copy direction for memcpy"},
  {hipErrorInsufficientDriver,        "hipErrorInsufficientDriver",        "driver version is insufficient for runtime version"},
  {hipErrorMissingConfiguration,      "hipErrorMissingConfiguration",      "__global__ function call is not configured"},
  {hipErrorPriorLaunchFailure,        "hipErrorPriorLaunchFailure",        "unspecified launch failure in prior launch"},
  {hipErrorInvalidDeviceFunction,     "hipErrorInvalidDeviceFunction",     "invalid device function"},
  {hipErrorNoDevice,                  "hipErrorNoDevice",                  "no ROCm-capable device is detected"},
  {hipErrorInvalidDevice,             "hipErrorInvalidDevice",             "invalid device ordinal"},
  {hipErrorInvalidImage,              "hipErrorInvalidImage",              "device kernel image is invalid"},
  {hipErrorInvalidContext,            "hipErrorInvalidContext",            "invalid device context"},
  {hipErrorContextAlreadyCurrent,     "hipErrorContextAlreadyCurrent",     "context is already current context"},
  {hipErrorMapFailed,                 "hipErrorMapFailed",                 "mapping of buffer object failed"},
  {hipErrorUnmapFailed,               "hipErrorUnmapFailed",               "unmapping of buffer object failed"},
  {hipErrorArrayIsMapped,             "hipErrorArrayIsMapped",             "array is mapped"},
  {hipErrorAlreadyMapped,             "hipErrorAlreadyMapped",             "resource already mapped"},
  {hipErrorNoBinaryForGpu,            "hipErrorNoBinaryForGpu",            "no kernel image is available for execution on the device"},
  {hipErrorAlreadyAcquired,           "hipErrorAlreadyAcquired",           "resource already acquired"},
  {hipErrorNotMapped,                 "hipErrorNotMapped",                 "resource not mapped"},
  {hipErrorNotMappedAsArray,          "hipErrorNotMappedAsArray",          "resource not mapped as array"},
  {hipErrorNotMappedAsPointer,        "hipErrorNotMappedAsPointer",        "resource not mapped as pointer"},
  {hipErrorECCNotCorrectable,         "hipErrorECCNotCorrectable",         "uncorrectable ECC error encountered"},
  {hipErrorUnsupportedLimit,          "hipErrorUnsupportedLimit",          "limit is not supported on this architecture"},
  {hipErrorContextAlreadyInUse,       "hipErrorContextAlreadyInUse",       "exclusive-thread device already in use by a different thread"},
  {hipErrorPeerAccessUnsupported,     "hipErrorPeerAccessUnsupported",     "peer access is not supported between these two devices"},
  {hipErrorInvalidKernelFile,         "hipErrorInvalidKernelFile",         "invalid kernel file"},
  {hipErrorInvalidGraphicsContext,    "hipErrorInvalidGraphicsContext",    "invalid OpenGL or DirectX context"},
  {hipErrorInvalidSource,             "hipErrorInvalidSource",             "device kernel image is invalid"},
  {hipErrorFileNotFound,              "hipErrorFileNotFound",              "file not found"},
  {hipErrorSharedObjectSymbolNotFound,"hipErrorSharedObjectSymbolNotFound","shared object symbol not found"},
  {hipErrorSharedObjectInitFailed,    "hipErrorSharedObjectInitFailed",    "shared object initialization failed"},
  {hipErrorOperatingSystem,           "hipErrorOperatingSystem",           "OS call failed or operation not supported on this OS"},
  {hipErrorInvalidHandle,             "hipErrorInvalidHandle",             "invalid resource handle"},
  {hipErrorIllegalState,              "hipErrorIllegalState",              "the operation cannot be performed in the present state"},
  {hipErrorNotFound,                  "hipErrorNotFound",                  "named symbol not found"},
  {hipErrorNotReady,                  "hipErrorNotReady",                  "device not ready"},
  {hipErrorIllegalAddress,            "hipErrorIllegalAddress",            "an illegal memory access was encountered"},
  {hipErrorLaunchOutOfResources,      "hipErrorLaunchOutOfResources",      "too many resources requested for launch"},
  {hipErrorLaunchTimeOut,             "hipErrorLaunchTimeOut",             "the launch timed out and was terminated"},
  {hipErrorPeerAccessAlreadyEnabled,  "hipErrorPeerAccessAlreadyEnabled",  "peer access is already enabled"},
  {hipErrorPeerAccessNotEnabled,      "hipErrorPeerAccessNotEnabled",      "peer access has not been enabled"},
  {hipErrorSetOnActiveProcess,        "hipErrorSetOnActiveProcess",        "cannot set while device is active in this process"},
  {hipErrorContextIsDestroyed,        "hipErrorContextIsDestroyed",        "context is destroyed"},
  {hipErrorAssert,                    "hipErrorAssert",                    "device-side assert triggered"},
  {hipErrorHostMemoryAlreadyRegistered,"hipErrorHostMemoryAlreadyRegistered","part or all of the requested memory range is already mapped"},
  {hipErrorHostMemoryNotRegistered,   "hipErrorHostMemoryNotRegistered",   "pointer does not correspond to a registered memory region"},
  {hipErrorLaunchFailure,             "hipErrorLaunchFailure",             "unspecified launch failure"},
  {hipErrorCooperativeLaunchTooLarge, "hipErrorCooperativeLaunchTooLarge", "too many blocks in cooperative launch"},
  {hipErrorNotSupported,              "hipErrorNotSupported",              "operation not supported"},
  {hipErrorStreamCaptureUnsupported,  "hipErrorStreamCaptureUnsupported",  "operation not permitted when stream is capturing"},
  {hipErrorStreamCaptureInvalidated,  "hipErrorStreamCaptureInvalidated",  "operation failed due to a previous error during capture"},
  {hipErrorStreamCaptureMerge,        "hipErrorStreamCaptureMerge",        "operation would result in a merge of separate capture sequences"},
  {hipErrorStreamCaptureUnmatched,    "hipErrorStreamCaptureUnmatched",    "capture was not ended in the same stream as it began"},
  {hipErrorStreamCaptureUnjoined,     "hipErrorStreamCaptureUnjoined",     "capturing stream has unjoined work"},
  {hipErrorStreamCaptureIsolation,    "hipErrorStreamCaptureIsolation",    "dependency created on uncaptured work in another stream"},
  {hipErrorStreamCaptureImplicit,     "hipErrorStreamCaptureImplicit",     "operation would make the legacy stream depend on a capturing blocking stream"},
  {hipErrorCapturedEvent,             "hipErrorCapturedEvent",             "operation not permitted on an event last recorded in a capturing stream"},
  {hipErrorStreamCaptureWrongThread,  "hipErrorStreamCaptureWrongThread",  "attempt to terminate a thread-local capture sequence from another thread"},
  {hipErrorGraphExecUpdateFailure,    "hipErrorGraphExecUpdateFailure",    "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update"},
  {hipErrorUnknown,                   "hipErrorUnknown",                   "unknown error"},
  {hipErrorRuntimeMemory,             "hipErrorRuntimeMemory",             "runtime memory call returned error"},
  {hipErrorRuntimeOther,              "hipErrorRuntimeOther",              "runtime call other than memory returned error"},
};
// clang-format on

ErrorText const* find_error(hipError_t e) {
  for (auto const& t : kErrors)
    if (t.code == e) return &t;
  return nullptr;
}

// [p, p + bytes) is an address range (it does not wrap around the address space).
bool wraps(void const* p, size_t bytes) { return bytes > UINTPTR_MAX - reinterpret_cast<uintptr_t>(p); }

// The span of `rows` rows of `width` bytes, `pitch` apart: (rows - 1) * pitch + width, unless it
// overflows (then false).
bool rows_span(size_t pitch, size_t width, size_t rows, size_t* bytes) {
  if (rows == 0 || width == 0) return *bytes = 0, true;
  size_t before_last = 0;
  return !__builtin_mul_overflow(rows - 1, pitch, &before_last) && !__builtin_add_overflow(before_last, width, bytes);
}

// The device-side ranges of a copy must lie in one allocation.
std::string check_copy(char const* call, void const* dst, void const* src, size_t bytes, hipMemcpyKind kind) {
  using wavemma::simt::detail::check_device_range;
  using wavemma::simt::detail::in_device_memory;
  bool const dst_device = kind == hipMemcpyHostToDevice || kind == hipMemcpyDeviceToDevice ||
                          (kind == hipMemcpyDefault && in_device_memory(dst));
  bool const src_device = kind == hipMemcpyDeviceToHost || kind == hipMemcpyDeviceToDevice ||
                          (kind == hipMemcpyDefault && in_device_memory(src));
  if (dst_device)
    if (auto why = check_device_range(dst, bytes); !why.empty()) return fmt::format("{}: destination {}", call, why);
  if (src_device)
    if (auto why = check_device_range(src, bytes); !why.empty()) return fmt::format("{}: source {}", call, why);
  return {};
}

hipError_t copy(char const* call, void* dst, void const* src, size_t bytes, hipMemcpyKind kind) {
  if (kind < hipMemcpyHostToHost || kind > hipMemcpyDefault)
    return report(hipErrorInvalidMemcpyDirection,
                  fmt::format("{}: unknown copy kind {}", call, static_cast<int>(kind)));
  if (bytes == 0) return hipSuccess;
  if (!dst || !src) return report(hipErrorInvalidValue, fmt::format("{}: null pointer", call));
  if (wraps(dst, bytes) || wraps(src, bytes))
    return report(hipErrorInvalidValue, fmt::format("{}: {} bytes wrap around the address space", call, bytes));
  if (auto why = check_copy(call, dst, src, bytes, kind); !why.empty()) return report(hipErrorInvalidValue, why);
  std::memmove(dst, src, bytes);
  return hipSuccess;
}

// hipMemset and the D8/D16/D32 forms: `count` elements of `width` bytes.
hipError_t fill(char const* call, void* dst, uint32_t value, int width, size_t count) {
  if (count == 0) return hipSuccess;
  size_t bytes = 0;
  if (__builtin_mul_overflow(count, size_t(width), &bytes))
    return report(hipErrorInvalidValue,
                  fmt::format("{}: {} elements of {} bytes overflow a size_t", call, count, width));
  if (auto why = wavemma::simt::detail::check_device_range(dst, bytes); !why.empty())
    return report(hipErrorInvalidValue, fmt::format("{}: {}", call, why));
  auto* p = static_cast<unsigned char*>(dst);
  for (size_t i = 0; i < count; ++i) std::memcpy(p + i * size_t(width), &value, size_t(width));
  return hipSuccess;
}

// The device copy of a __device__ or __constant__ variable, checked against the range.
hipError_t symbol_range(char const* call, void const* symbol, size_t bytes, size_t offset, void** out) {
  if (!symbol) return report(hipErrorInvalidSymbol, fmt::format("{}: null symbol", call));
  size_t size = 0;
  void* device = wavemma::hip::detail::device_variable(symbol, &size);
  if (!device) { // C++ built without wavemma-hipcc: the variable is its own device copy
    *out = static_cast<char*>(const_cast<void*>(symbol)) + offset;
    return hipSuccess;
  }
  if (offset > size || bytes > size - offset)
    return report(hipErrorInvalidValue,
                  fmt::format("{}: {} bytes at offset {} overrun the {}-byte symbol", call, bytes, offset, size));
  *out = static_cast<char*>(device) + offset;
  return hipSuccess;
}

} // namespace

namespace wavemma::hip {

void record(Error const& e) {
  if (e.ok()) return;
  state().launch = state().launch == hipSuccess ? static_cast<hipError_t>(e.status) : state().launch;
  detail::report(e.status, e.message);
}

namespace detail {

hipError_t report(hipError_t code, std::string message) {
  if (code == hipSuccess) return code;
  ErrorState& s = state();
  s.last = code;
  s.detailed = code;
  s.message = std::move(message);
  std::replace(s.message.begin(), s.message.end(), '\n', ' '); // one line, whatever a lane threw
  std::fprintf(stderr, "wavemma::simt: %s\n", s.message.c_str());
  return code;
}

hipError_t take_launch_error() { return std::exchange(state().launch, hipSuccess); }

void clear_errors() { state() = ErrorState{}; }

hipError_t check_device(char const* call, int device) {
  if (device == 0) return hipSuccess;
  return report(hipErrorInvalidDevice, fmt::format("{}: device {} (there is one: 0)", call, device));
}

} // namespace detail
} // namespace wavemma::hip

// --- errors -------------------------------------------------------------------------------------
hipError_t hipGetLastError() { return std::exchange(state().last, hipSuccess); }
hipError_t hipPeekAtLastError() { return state().last; }
char const* hipGetErrorString(hipError_t e) {
  ErrorState const& s = state();
  if (e != hipSuccess && e == s.detailed && !s.message.empty()) return s.message.c_str();
  ErrorText const* t = find_error(e);
  return t ? t->text : "unknown error";
}
char const* hipGetErrorName(hipError_t e) {
  ErrorText const* t = find_error(e);
  return t ? t->name : "hipErrorUnknown";
}

// --- allocation ---------------------------------------------------------------------------------
hipError_t hipMalloc(void** pointer, size_t bytes) {
  if (!pointer) return report(hipErrorInvalidValue, "hipMalloc: null result pointer");
  if (bytes == 0) {
    *pointer = nullptr;
    return hipSuccess;
  }
  *pointer = wavemma::simt::detail::device_allocate(bytes);
  if (!*pointer) return report(hipErrorOutOfMemory, fmt::format("hipMalloc: cannot allocate {} bytes", bytes));
  return hipSuccess;
}
hipError_t hipFree(void* pointer) {
  if (!pointer || wavemma::simt::detail::device_free(pointer)) return hipSuccess;
  return report(hipErrorInvalidValue, fmt::format("hipFree: {} is not a pointer hipMalloc returned", pointer));
}
// Managed and host-pinned memory are device memory here: one address space.
hipError_t hipMallocManaged(void** pointer, size_t bytes, unsigned int) { return hipMalloc(pointer, bytes); }
hipError_t hipHostMalloc(void** pointer, size_t bytes, unsigned int) { return hipMalloc(pointer, bytes); }
hipError_t hipHostAlloc(void** pointer, size_t bytes, unsigned int flags) {
  return hipHostMalloc(pointer, bytes, flags);
}
hipError_t hipMallocHost(void** pointer, size_t bytes) { return hipHostMalloc(pointer, bytes, 0); }
hipError_t hipHostFree(void* pointer) {
  if (!pointer || wavemma::simt::detail::device_free(pointer)) return hipSuccess;
  return report(hipErrorInvalidValue, fmt::format("hipHostFree: {} is not a pointer hipHostMalloc returned", pointer));
}
hipError_t hipFreeHost(void* pointer) { return hipHostFree(pointer); }
hipError_t hipHostGetDevicePointer(void** device, void* host, unsigned int) {
  if (!device || !host) return report(hipErrorInvalidValue, "hipHostGetDevicePointer: null pointer");
  *device = host;
  return hipSuccess;
}
hipError_t hipHostRegister(void* host, size_t bytes, unsigned int) {
  if (!host || bytes == 0 || wraps(host, bytes))
    return report(hipErrorInvalidValue, "hipHostRegister: null, empty or wrapping range");
  if (!wavemma::simt::detail::device_register(host, bytes))
    return report(hipErrorHostMemoryAlreadyRegistered, fmt::format("hipHostRegister: {} is already registered", host));
  return hipSuccess;
}
hipError_t hipHostUnregister(void* host) {
  if (!wavemma::simt::detail::device_unregister(host))
    return report(hipErrorHostMemoryNotRegistered, fmt::format("hipHostUnregister: {} is not registered", host));
  return hipSuccess;
}
// Rows padded to 256 bytes, hipMalloc's alignment.
hipError_t hipMallocPitch(void** pointer, size_t* pitch, size_t width, size_t height) {
  if (!pitch || !pointer) return report(hipErrorInvalidValue, "hipMallocPitch: null pointer or pitch");
  size_t bytes = 0;
  if (width > wavemma::simt::detail::kMaxAllocation ||
      __builtin_mul_overflow((width + 255) / 256 * 256, height, &bytes))
    return report(hipErrorOutOfMemory,
                  fmt::format("hipMallocPitch: {} rows of {} bytes overflow a size_t", height, width));
  *pitch = (width + 255) / 256 * 256;
  return hipMalloc(pointer, bytes);
}
hipError_t hipPointerGetAttributes(hipPointerAttribute_t* a, void const* pointer) {
  if (!a) return report(hipErrorInvalidValue, "hipPointerGetAttributes: null attributes");
  *a = hipPointerAttribute_t{};
  bool const device = wavemma::simt::detail::in_device_memory(pointer);
  a->type = device ? hipMemoryTypeDevice : hipMemoryTypeHost;
  a->devicePointer = device ? const_cast<void*>(pointer) : nullptr;
  a->hostPointer = const_cast<void*>(pointer);
  return hipSuccess;
}

// --- copies -------------------------------------------------------------------------------------
hipError_t hipMemcpy(void* dst, void const* src, size_t bytes, hipMemcpyKind kind) {
  return copy("hipMemcpy", dst, src, bytes, kind);
}
hipError_t hipMemcpyAsync(void* dst, void const* src, size_t bytes, hipMemcpyKind kind, hipStream_t) {
  return copy("hipMemcpyAsync", dst, src, bytes, kind);
}
hipError_t hipMemcpyWithStream(void* dst, void const* src, size_t bytes, hipMemcpyKind kind, hipStream_t) {
  return copy("hipMemcpyWithStream", dst, src, bytes, kind);
}
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void const* src, size_t bytes) {
  return copy("hipMemcpyHtoD", dst, src, bytes, hipMemcpyHostToDevice);
}
hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t bytes) {
  return copy("hipMemcpyDtoH", dst, src, bytes, hipMemcpyDeviceToHost);
}
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t bytes) {
  return copy("hipMemcpyDtoD", dst, src, bytes, hipMemcpyDeviceToDevice);
}
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void const* src, size_t bytes, hipStream_t) {
  return copy("hipMemcpyHtoDAsync", dst, src, bytes, hipMemcpyHostToDevice);
}
hipError_t hipMemcpyDtoHAsync(void* dst, hipDeviceptr_t src, size_t bytes, hipStream_t) {
  return copy("hipMemcpyDtoHAsync", dst, src, bytes, hipMemcpyDeviceToHost);
}
hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t bytes, hipStream_t) {
  return copy("hipMemcpyDtoDAsync", dst, src, bytes, hipMemcpyDeviceToDevice);
}
hipError_t hipMemcpy2D(void* dst, size_t dpitch, void const* src, size_t spitch, size_t width, size_t height,
                       hipMemcpyKind kind) {
  if (width > dpitch || width > spitch)
    return report(hipErrorInvalidPitchValue,
                  fmt::format("hipMemcpy2D: width {} exceeds a pitch ({}, {})", width, dpitch, spitch));
  size_t dst_bytes = 0, src_bytes = 0;
  if (!rows_span(dpitch, width, height, &dst_bytes) || !rows_span(spitch, width, height, &src_bytes) ||
      wraps(dst, dst_bytes) || wraps(src, src_bytes))
    return report(hipErrorInvalidValue, fmt::format("hipMemcpy2D: {} rows of pitch {} or {} overflow the address space",
                                                    height, dpitch, spitch));
  for (size_t row = 0; row < height; ++row)
    if (hipError_t e = copy("hipMemcpy2D", static_cast<char*>(dst) + row * dpitch,
                            static_cast<char const*>(src) + row * spitch, width, kind);
        e != hipSuccess)
      return e;
  return hipSuccess;
}
hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, void const* src, size_t spitch, size_t width, size_t height,
                            hipMemcpyKind kind, hipStream_t) {
  return hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

hipError_t hipMemcpyToSymbol(void const* symbol, void const* src, size_t bytes, size_t offset, hipMemcpyKind kind) {
  void* dst = nullptr;
  if (hipError_t e = symbol_range("hipMemcpyToSymbol", symbol, bytes, offset, &dst); e != hipSuccess) return e;
  if (kind != hipMemcpyHostToDevice && kind != hipMemcpyDeviceToDevice && kind != hipMemcpyDefault)
    return report(hipErrorInvalidMemcpyDirection, "hipMemcpyToSymbol: the copy must go to the device");
  if (bytes != 0 && !src) return report(hipErrorInvalidValue, "hipMemcpyToSymbol: null source");
  if (bytes != 0) std::memmove(dst, src, bytes);
  return hipSuccess;
}
hipError_t hipMemcpyFromSymbol(void* dst, void const* symbol, size_t bytes, size_t offset, hipMemcpyKind kind) {
  void* src = nullptr;
  if (hipError_t e = symbol_range("hipMemcpyFromSymbol", symbol, bytes, offset, &src); e != hipSuccess) return e;
  if (kind != hipMemcpyDeviceToHost && kind != hipMemcpyDeviceToDevice && kind != hipMemcpyDefault)
    return report(hipErrorInvalidMemcpyDirection, "hipMemcpyFromSymbol: the copy must come from the device");
  if (bytes != 0 && !dst) return report(hipErrorInvalidValue, "hipMemcpyFromSymbol: null destination");
  if (bytes != 0) std::memmove(dst, src, bytes);
  return hipSuccess;
}
hipError_t hipMemcpyToSymbolAsync(void const* symbol, void const* src, size_t bytes, size_t offset, hipMemcpyKind kind,
                                  hipStream_t) {
  return hipMemcpyToSymbol(symbol, src, bytes, offset, kind);
}
hipError_t hipMemcpyFromSymbolAsync(void* dst, void const* symbol, size_t bytes, size_t offset, hipMemcpyKind kind,
                                    hipStream_t) {
  return hipMemcpyFromSymbol(dst, symbol, bytes, offset, kind);
}
hipError_t hipGetSymbolAddress(void** pointer, void const* symbol) {
  if (!pointer) return report(hipErrorInvalidValue, "hipGetSymbolAddress: null result");
  return symbol_range("hipGetSymbolAddress", symbol, 0, 0, pointer);
}
hipError_t hipGetSymbolSize(size_t* bytes, void const* symbol) {
  if (!bytes || !symbol) return report(hipErrorInvalidValue, "hipGetSymbolSize: null pointer");
  if (!wavemma::hip::detail::device_variable(symbol, bytes))
    return report(hipErrorInvalidSymbol,
                  "hipGetSymbolSize: not a __device__ variable of a source built with wavemma-hipcc");
  return hipSuccess;
}

// --- fills --------------------------------------------------------------------------------------
hipError_t hipMemset(void* dst, int value, size_t bytes) { return fill("hipMemset", dst, uint8_t(value), 1, bytes); }
hipError_t hipMemsetAsync(void* dst, int value, size_t bytes, hipStream_t) {
  return fill("hipMemsetAsync", dst, uint8_t(value), 1, bytes);
}
hipError_t hipMemsetD8(hipDeviceptr_t dst, unsigned char value, size_t count) {
  return fill("hipMemsetD8", dst, value, 1, count);
}
hipError_t hipMemsetD16(hipDeviceptr_t dst, unsigned short value, size_t count) {
  return fill("hipMemsetD16", dst, value, 2, count);
}
hipError_t hipMemsetD32(hipDeviceptr_t dst, int value, size_t count) {
  return fill("hipMemsetD32", dst, uint32_t(value), 4, count);
}
hipError_t hipMemsetD8Async(hipDeviceptr_t dst, unsigned char value, size_t count, hipStream_t) {
  return fill("hipMemsetD8Async", dst, value, 1, count);
}
hipError_t hipMemsetD16Async(hipDeviceptr_t dst, unsigned short value, size_t count, hipStream_t) {
  return fill("hipMemsetD16Async", dst, value, 2, count);
}
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t) {
  return fill("hipMemsetD32Async", dst, uint32_t(value), 4, count);
}
hipError_t hipMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height) {
  if (width > pitch)
    return report(hipErrorInvalidPitchValue, fmt::format("hipMemset2D: width {} exceeds the pitch {}", width, pitch));
  if (size_t bytes = 0; !rows_span(pitch, width, height, &bytes) || wraps(dst, bytes))
    return report(hipErrorInvalidValue,
                  fmt::format("hipMemset2D: {} rows of pitch {} overflow the address space", height, pitch));
  for (size_t row = 0; row < height; ++row)
    if (hipError_t e = fill("hipMemset2D", static_cast<char*>(dst) + row * pitch, uint8_t(value), 1, width);
        e != hipSuccess)
      return e;
  return hipSuccess;
}
