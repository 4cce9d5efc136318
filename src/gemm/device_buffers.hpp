#pragma once
// Device memory for one GEMM run (host memory registered with the SIMT runtime), owned: a buffer
// is freed when it goes out of scope, also when a check between hipMalloc and the end of the run
// throws. Each HIP error is one exception naming the call.

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>
#include <utility>
#include <vector>

#include "wavemma/hip.hpp"

namespace wavemma::gemm::detail {

inline void hip_check(hipError_t e, char const* call, char const* what) {
  if (e != hipSuccess) throw std::runtime_error(fmt::format("{} {}: {}", call, what, hipGetErrorString(e)));
}

template <class T>
class DeviceBuffer {
public:
  DeviceBuffer() = default;
  // count elements of operand `what` (at least one is allocated: an empty operand has a pointer).
  DeviceBuffer(size_t count, char const* what) : count_(count), what_(what) {
    hip_check(hipMalloc(&data_, std::max<size_t>(1, count) * sizeof(T)), "hipMalloc", what);
  }
  // A copy of host.
  DeviceBuffer(std::vector<T> const& host, char const* what) : DeviceBuffer(host.size(), what) {
    hip_check(hipMemcpy(data_, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice), "hipMemcpy", what);
  }
  DeviceBuffer(DeviceBuffer&& o) noexcept : data_(std::exchange(o.data_, nullptr)), count_(o.count_), what_(o.what_) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(count_, o.count_);
    std::swap(what_, o.what_);
    return *this;
  }
  DeviceBuffer(DeviceBuffer const&) = delete;
  DeviceBuffer& operator=(DeviceBuffer const&) = delete;
  ~DeviceBuffer() {
    if (data_) hipFree(data_);
  }

  T* data() const { return data_; } // nullptr when none was allocated
  std::vector<T> to_host() const {
    std::vector<T> out(count_);
    hip_check(hipMemcpy(out.data(), data_, count_ * sizeof(T), hipMemcpyDeviceToHost), "hipMemcpy", what_);
    return out;
  }

private:
  T* data_ = nullptr;
  size_t count_ = 0;
  char const* what_ = "";
};

} // namespace wavemma::gemm::detail
