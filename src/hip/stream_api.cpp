// Streams and events. Launches and copies complete before they return, so a stream is only a
// handle (with its flags), every wait is already satisfied, and an event records the host's time
// when hipEventRecord is called: the elapsed time between two records covers the work issued
// between them.

#include "errors.hpp"
#include "wavemma/hip/program.hpp"

#include <chrono>
#include <fmt/format.h>
#include <mutex>
#include <set>

struct ihipStream_t {
  unsigned int flags = 0;
  int priority = 0;
};
struct ihipEvent_t {
  unsigned int flags = 0;
  std::chrono::steady_clock::time_point time;
  bool recorded = false;
};

namespace {

using wavemma::hip::detail::report;

// The live handles, so that a destroyed or invented one is an error rather than a crash.
template <class T>
struct Handles {
  std::mutex mutex;
  std::set<T*> live;

  T* create(T value) {
    auto* h = new T(value);
    std::lock_guard lock(mutex);
    live.insert(h);
    return h;
  }
  bool destroy(T* h) {
    {
      std::lock_guard lock(mutex);
      if (live.erase(h) == 0) return false;
    }
    delete h;
    return true;
  }
  bool valid(T* h) {
    std::lock_guard lock(mutex);
    return live.count(h) != 0;
  }
};
Handles<ihipStream_t>& streams() {
  static Handles<ihipStream_t> h;
  return h;
}
Handles<ihipEvent_t>& events() {
  static Handles<ihipEvent_t> h;
  return h;
}

// The null stream and hipStreamPerThread/hipStreamLegacy are always valid.
bool special_stream(hipStream_t s) { return s == nullptr || s == hipStreamPerThread || s == hipStreamLegacy; }
hipError_t check_stream(char const* call, hipStream_t s) {
  if (special_stream(s) || streams().valid(s)) return hipSuccess;
  return report(hipErrorInvalidHandle, fmt::format("{}: {} is not a live stream", call, static_cast<void*>(s)));
}
hipError_t check_event(char const* call, hipEvent_t e) {
  if (e && events().valid(e)) return hipSuccess;
  return report(hipErrorInvalidHandle, fmt::format("{}: {} is not a live event", call, static_cast<void*>(e)));
}

} // namespace

bool wavemma::hip::detail::live_stream(hipStream_t s) { return special_stream(s) || streams().valid(s); }

hipError_t hipStreamCreate(hipStream_t* stream) { return hipStreamCreateWithPriority(stream, hipStreamDefault, 0); }
hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags) {
  return hipStreamCreateWithPriority(stream, flags, 0);
}
hipError_t hipStreamCreateWithPriority(hipStream_t* stream, unsigned int flags, int priority) {
  if (!stream) return report(hipErrorInvalidValue, "hipStreamCreate: null stream");
  if (flags & ~unsigned(hipStreamNonBlocking))
    return report(hipErrorInvalidValue, fmt::format("hipStreamCreate: unknown flags {:#x}", flags));
  *stream = streams().create({flags, priority});
  return hipSuccess;
}
hipError_t hipStreamDestroy(hipStream_t stream) {
  if (stream && !special_stream(stream) && streams().destroy(stream)) return hipSuccess;
  return report(hipErrorInvalidHandle, fmt::format("hipStreamDestroy: {} is not a stream hipStreamCreate returned",
                                                   static_cast<void*>(stream)));
}
hipError_t hipStreamSynchronize(hipStream_t stream) { return check_stream("hipStreamSynchronize", stream); }
hipError_t hipStreamQuery(hipStream_t stream) {
  return check_stream("hipStreamQuery", stream); // hipSuccess: all work is complete
}
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int) {
  if (hipError_t e = check_stream("hipStreamWaitEvent", stream); e != hipSuccess) return e;
  return check_event("hipStreamWaitEvent", event);
}
hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags) {
  if (!flags) return report(hipErrorInvalidValue, "hipStreamGetFlags: null flags");
  if (hipError_t e = check_stream("hipStreamGetFlags", stream); e != hipSuccess) return e;
  *flags = special_stream(stream) ? 0 : stream->flags;
  return hipSuccess;
}
hipError_t hipStreamGetPriority(hipStream_t stream, int* priority) {
  if (!priority) return report(hipErrorInvalidValue, "hipStreamGetPriority: null priority");
  if (hipError_t e = check_stream("hipStreamGetPriority", stream); e != hipSuccess) return e;
  *priority = special_stream(stream) ? 0 : stream->priority;
  return hipSuccess;
}

hipError_t hipEventCreate(hipEvent_t* event) { return hipEventCreateWithFlags(event, hipEventDefault); }
hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned int flags) {
  if (!event) return report(hipErrorInvalidValue, "hipEventCreate: null event");
  unsigned const known = hipEventBlockingSync | hipEventDisableTiming | hipEventInterprocess;
  if (flags & ~known) return report(hipErrorInvalidValue, fmt::format("hipEventCreate: unknown flags {:#x}", flags));
  *event = events().create({flags, {}, false});
  return hipSuccess;
}
hipError_t hipEventDestroy(hipEvent_t event) {
  if (event && events().destroy(event)) return hipSuccess;
  return report(hipErrorInvalidHandle,
                fmt::format("hipEventDestroy: {} is not a live event", static_cast<void*>(event)));
}
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  if (hipError_t e = check_event("hipEventRecord", event); e != hipSuccess) return e;
  if (hipError_t e = check_stream("hipEventRecord", stream); e != hipSuccess) return e;
  event->time = std::chrono::steady_clock::now();
  event->recorded = true;
  return hipSuccess;
}
hipError_t hipEventSynchronize(hipEvent_t event) {
  return check_event("hipEventSynchronize", event); // the work before the record is complete
}
hipError_t hipEventQuery(hipEvent_t event) { return check_event("hipEventQuery", event); }
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop) {
  if (!ms) return report(hipErrorInvalidValue, "hipEventElapsedTime: null result");
  if (hipError_t e = check_event("hipEventElapsedTime", start); e != hipSuccess) return e;
  if (hipError_t e = check_event("hipEventElapsedTime", stop); e != hipSuccess) return e;
  if ((start->flags | stop->flags) & hipEventDisableTiming)
    return report(hipErrorInvalidHandle, "hipEventElapsedTime: an event was created with hipEventDisableTiming");
  if (!start->recorded || !stop->recorded)
    return report(hipErrorInvalidHandle, "hipEventElapsedTime: an event was not recorded");
  *ms = std::chrono::duration<float, std::milli>(stop->time - start->time).count();
  return hipSuccess;
}
