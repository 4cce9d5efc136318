#pragma once
// Test helpers for wavemma::simt: a scoped target and thread count, device buffers, and stderr
// capture for the one-line error messages.

#include "wavemma/hip.hpp"
#include "wavemma/isa/arch.hpp"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace wavemma::simt::test {

// Launches run on `arch` (wave: its default) until the end of the scope.
class ScopedTarget {
public:
  explicit ScopedTarget(std::string_view arch, int wave = 0) : saved_(target()) { set_target(arch, wave); }
  ~ScopedTarget() { set_target(saved_.arch->name, saved_.wave); }
  ScopedTarget(ScopedTarget const&) = delete;
  ScopedTarget& operator=(ScopedTarget const&) = delete;

private:
  Target saved_;
};

class ScopedThreads {
public:
  explicit ScopedThreads(int n) : saved_(threads()) { set_threads(n); }
  ~ScopedThreads() { set_threads(saved_); }
  ScopedThreads(ScopedThreads const&) = delete;
  ScopedThreads& operator=(ScopedThreads const&) = delete;

private:
  int saved_;
};

// A hipMalloc'd array with host copies in and out.
template <class T>
class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t n) : n_(n) { EXPECT_EQ(hipMalloc(&p_, n * sizeof(T)), hipSuccess); }
  explicit DeviceBuffer(std::vector<T> const& host) : DeviceBuffer(host.size()) {
    EXPECT_EQ(hipMemcpy(p_, host.data(), n_ * sizeof(T), hipMemcpyHostToDevice), hipSuccess);
  }
  ~DeviceBuffer() { EXPECT_EQ(hipFree(p_), hipSuccess); }
  DeviceBuffer(DeviceBuffer const&) = delete;
  DeviceBuffer& operator=(DeviceBuffer const&) = delete;
  T* get() const { return p_; }
  std::vector<T> host() const {
    std::vector<T> out(n_);
    EXPECT_EQ(hipMemcpy(out.data(), p_, n_ * sizeof(T), hipMemcpyDeviceToHost), hipSuccess);
    return out;
  }

private:
  T* p_ = nullptr;
  size_t n_;
};

// The lines of stderr that the runtime printed (ASan's own notes are left out).
inline std::vector<std::string> runtime_lines(std::string const& captured) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < captured.size()) {
    size_t end = captured.find('\n', start);
    if (end == std::string::npos) end = captured.size();
    std::string line = captured.substr(start, end - start);
    if (line.rfind("wavemma::simt: ", 0) == 0) out.push_back(line);
    start = end + 1;
  }
  return out;
}

// Expects the last launch on this thread to have failed with `code` and a message containing
// every fragment; checks that hipDeviceSynchronize and hipGetLastError report it, that
// hipGetErrorString gives the message, and that stderr got it once as one line. Returns the
// message.
template <class Launch>
std::string expect_launch_error(Launch&& launch, hipError_t code, std::vector<std::string> const& fragments) {
  testing::internal::CaptureStderr();
  launch();
  std::string const err = testing::internal::GetCapturedStderr();
  hipError_t const last = hipGetLastError();
  EXPECT_EQ(last, code) << hipGetErrorName(last);
  EXPECT_EQ(hipDeviceSynchronize(), code);
  EXPECT_EQ(hipGetLastError(), hipSuccess) << "hipGetLastError resets the error";
  std::string const message = hipGetErrorString(code);
  for (auto const& f : fragments) EXPECT_NE(message.find(f), std::string::npos) << "no '" << f << "' in: " << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  auto const lines = runtime_lines(err);
  EXPECT_EQ(lines.size(), 1u) << err;
  if (!lines.empty()) EXPECT_EQ(lines.front(), "wavemma::simt: " + message);
  return message;
}

} // namespace wavemma::simt::test
