// Item 4 of the issue: everything that would hang a GPU or give undefined results stops the
// launch with one line naming kernel, block, wave and lanes; the host calls return the error.

#include "simt_test.hpp"

#include <atomic>
#include <chrono>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <stdexcept>

namespace wavemma::simt::test {
namespace {

using v8h = _Float16 __attribute__((ext_vector_type(8)));
using v8f = float __attribute__((ext_vector_type(8)));

// Lanes 0-15 of wave 2 issue a WMMA while lanes 16-31 wait at a barrier.
__global__ void wmma_gemm(float* out) {
  v8h const a = {}, b = {};
  v8f c = {};
  int const wave = static_cast<int>(threadIdx.x) / 32;
  if (wave == 2 && __lane_id() < 16) {
    c = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c);
  }
  __syncthreads();
  out[threadIdx.x] = c[0];
}
int const kWmmaLine = __LINE__ - 5;
int const kBarrierLine = __LINE__ - 4;

TEST(SimtErrors, WaveDivergingAtACollective) {
  ScopedTarget t("gfx1201");
  ScopedThreads one(1); // the first block to fail is (0,0,0)
  DeviceBuffer<float> out(4 * 128 * 2);
  auto const message = expect_launch_error(
      [&] { hipLaunchKernelGGL(wmma_gemm, dim3(4, 2), dim3(128), 0, 0, out.get()); }, hipErrorLaunchFailure, {});
  std::string const want =
      fmt::format("kernel wmma_gemm, block (0,0,0), wave 2: lanes 0-15 reached "
                  "__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12 (errors_test.cpp:{}), lanes 16-31 "
                  "are at __syncthreads() (errors_test.cpp:{})",
                  kWmmaLine, kBarrierLine);
  EXPECT_EQ(message, want);
}

// Two shuffles from different lines: on a GPU each would run with half the wave.
__global__ void split_shuffle(int* out) {
  int v = static_cast<int>(threadIdx.x);
  if (threadIdx.x % 2)
    v = __shfl_xor(v, 1);
  else
    v = __shfl_xor(v, 2);
  out[threadIdx.x] = v;
}

TEST(SimtErrors, DifferentCallSitesDoNotMeet) {
  ScopedTarget t("gfx942");
  DeviceBuffer<int> out(64);
  expect_launch_error([&] { hipLaunchKernelGGL(split_shuffle, dim3(1), dim3(64), 0, 0, out.get()); },
                      hipErrorLaunchFailure,
                      {"kernel split_shuffle, block (0,0,0), wave 0: lanes 0,2,4,",
                       "reached __shfl_xor (errors_test.cpp:", "lanes 1,3,5,"});
}

// Some threads return before a barrier the others wait at.
__global__ void early_return(int* out, int n) {
  if (static_cast<int>(threadIdx.x) >= n) return;
  out[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] += out[(threadIdx.x + 1) % unsigned(n)];
}

TEST(SimtErrors, BarrierNotReachedByEveryThread) {
  ScopedTarget t("gfx1201");
  ScopedThreads one(1);
  DeviceBuffer<int> out(64);
  expect_launch_error([&] { hipLaunchKernelGGL(early_return, dim3(3), dim3(64), 0, 0, out.get(), 40); },
                      hipErrorLaunchFailure,
                      {"kernel early_return, block (0,0,0), wave 1: lanes 8-31 returned without reaching "
                       "__syncthreads() (errors_test.cpp:",
                       "every thread of a block must reach it"});
}

// A matrix instruction needs the whole wave: lanes that returned, or a partial last wave.
__global__ void half_wave_mfma(float* out) {
  if (__lane_id() >= 48) return;
  using v4f = float __attribute__((ext_vector_type(4)));
  using v4h = _Float16 __attribute__((ext_vector_type(4)));
  v4f const d = __builtin_amdgcn_mfma_f32_16x16x16f16(v4h{}, v4h{}, v4f{}, 0, 0, 0);
  out[threadIdx.x] = d[0];
}

TEST(SimtErrors, MatrixBuiltinWithLanesThatReturned) {
  ScopedTarget t("gfx942");
  DeviceBuffer<float> out(64);
  expect_launch_error([&] { hipLaunchKernelGGL(half_wave_mfma, dim3(1), dim3(64), 0, 0, out.get()); },
                      hipErrorLaunchFailure,
                      {"kernel half_wave_mfma, block (0,0,0), wave 0: lanes 0-47 reached "
                       "__builtin_amdgcn_mfma_f32_16x16x16f16 (errors_test.cpp:",
                       "lanes 48-63 have returned: it needs all 64 lanes of the wave (EXEC all ones)"});
}

__global__ void wmma_any(float* out) {
  v8f const d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(v8h{}, v8h{}, v8f{});
  out[threadIdx.x] = d[0];
}

TEST(SimtErrors, MatrixBuiltinInAPartialWave) {
  ScopedTarget t("gfx1201");
  DeviceBuffer<float> out(48);
  expect_launch_error([&] { hipLaunchKernelGGL(wmma_any, dim3(1), dim3(48), 0, 0, out.get()); }, hipErrorLaunchFailure,
                      {"kernel wmma_any, block (0,0,0), wave 1: lanes 0-15 reached",
                       "the block's 48 threads leave only 16 in this wave: it needs all 32 lanes"});
}

// A builtin the launched architecture lacks: clang's Sema error, a backend crash clang lets
// through, the wrong wave size, a transpose load off gfx12.
__global__ void gfx11_wmma(float* out) {
  using v16h = _Float16 __attribute__((ext_vector_type(16)));
  v8f const d = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(v16h{}, v16h{}, v8f{});
  out[threadIdx.x] = d[0];
}

__global__ void transpose_load(hip::v8fp16* p, hip::v8fp16* out) {
  out[threadIdx.x] = __builtin_amdgcn_global_load_tr_b128_v8f16(p + threadIdx.x);
}

TEST(SimtErrors, BuiltinTheArchitectureLacks) {
  DeviceBuffer<float> out(64);
  {
    ScopedTarget t("gfx1100");
    expect_launch_error([&] { hipLaunchKernelGGL(wmma_any, dim3(1), dim3(32), 0, 0, out.get()); },
                        hipErrorInvalidDeviceFunction,
                        {"kernel wmma_any, block (0,0,0), wave 0: lanes 0-31 reached "
                         "__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12 (errors_test.cpp:",
                         "'__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12' needs target feature "
                         "gfx12-insts,wavefrontsize32 (the launch targets gfx1100 wave32)"});
  }
  {
    ScopedTarget t("gfx1201");
    expect_launch_error([&] { hipLaunchKernelGGL(gfx11_wmma, dim3(1), dim3(32), 0, 0, out.get()); },
                        hipErrorInvalidDeviceFunction,
                        {"lanes 0-31 reached __builtin_amdgcn_wmma_f32_16x16x16_f16_w32 (",
                         "is accepted by clang-22 on gfx1201 but its instruction does not exist there"});
  }
  {
    ScopedTarget t("gfx1201", 64);
    expect_launch_error([&] { hipLaunchKernelGGL(wmma_any, dim3(1), dim3(64), 0, 0, out.get()); },
                        hipErrorInvalidDeviceFunction,
                        {"lanes 0-63 reached", "needs target feature gfx12-insts,wavefrontsize32",
                         "(the launch targets gfx1201 wave64)"});
  }
  {
    ScopedTarget t("gfx942");
    DeviceBuffer<hip::v8fp16> data(64), result(64);
    expect_launch_error([&] { hipLaunchKernelGGL(transpose_load, dim3(1), dim3(64), 0, 0, data.get(), result.get()); },
                        hipErrorInvalidDeviceFunction,
                        {"'__builtin_amdgcn_global_load_tr_b128_v8f16' needs target feature "
                         "gfx12-insts,wavefrontsize32"});
  }
}

TEST(SimtErrors, TransposeLoadOutsideTheAllocation) {
  ScopedTarget t("gfx1201");
  DeviceBuffer<short> data(30 * 8 + 4),
      result(32 * 8); // lane 30 reads past the end, lane 31 beyond
  auto* const p = reinterpret_cast<hip::v8fp16*>(data.get());
  auto* const r = reinterpret_cast<hip::v8fp16*>(result.get());
  expect_launch_error([&] { hipLaunchKernelGGL(transpose_load, dim3(1), dim3(32), 0, 0, p, r); },
                      hipErrorIllegalAddress,
                      {"kernel transpose_load, block (0,0,0), wave 0: lanes 30-31 passed "
                       "__builtin_amdgcn_global_load_tr_b128_v8f16 (errors_test.cpp:",
                       "an address outside the device allocations (lane 30: ",
                       "+ 16 bytes overruns the 488-byte device allocation at 0x", "by 8 bytes)"});
  std::vector<hip::v8fp16> host(32);
  expect_launch_error([&] { hipLaunchKernelGGL(transpose_load, dim3(1), dim3(32), 0, 0, host.data(), r); },
                      hipErrorIllegalAddress, {"lanes 0-31 passed", "is not in any device allocation"});
}

// hipMemcpy / hipMemset / hipFree check the device side of what they are given.
template <class Call>
std::string expect_call_error(Call&& call, hipError_t code, std::string const& fragment) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(call(), code);
  auto const lines = runtime_lines(testing::internal::GetCapturedStderr());
  EXPECT_EQ(hipGetLastError(), code);
  std::string const message = hipGetErrorString(code);
  EXPECT_NE(message.find(fragment), std::string::npos) << message;
  EXPECT_EQ(lines.size(), 1u);
  return message;
}

TEST(SimtErrors, MemoryCallsOutsideAllocations) {
  DeviceBuffer<float> d(100);
  std::vector<float> host(200);
  expect_call_error([&] { return hipMemcpy(d.get(), host.data(), 200 * sizeof(float), hipMemcpyHostToDevice); },
                    hipErrorInvalidValue, "overruns the 400-byte device allocation at");
  expect_call_error([&] { return hipMemcpy(host.data(), d.get() + 50, 51 * sizeof(float), hipMemcpyDeviceToHost); },
                    hipErrorInvalidValue, "hipMemcpy: source ");
  expect_call_error([&] { return hipMemcpy(host.data(), host.data() + 100, 16, hipMemcpyDeviceToDevice); },
                    hipErrorInvalidValue, "is not in any device allocation");
  expect_call_error([&] { return hipMemset(host.data(), 0, 16); }, hipErrorInvalidValue, "hipMemset: 0x");
  expect_call_error([&] { return hipFree(host.data()); }, hipErrorInvalidValue, "is not a pointer hipMalloc returned");
  expect_call_error([&] { return hipMemcpy(d.get(), host.data(), 4, static_cast<hipMemcpyKind>(9)); },
                    hipErrorInvalidMemcpyDirection, "unknown copy kind 9");
}

TEST(SimtErrors, LaunchConfiguration) {
  DeviceBuffer<int> out(64);
  expect_launch_error([&] { hipLaunchKernelGGL(early_return, dim3(1), dim3(32, 33), 0, 0, out.get(), 1); },
                      hipErrorInvalidConfiguration,
                      {"kernel early_return: block (32,33,1) has 1056 threads; at most 1024"});
  expect_launch_error([&] { hipLaunchKernelGGL(early_return, dim3(0), dim3(32), 0, 0, out.get(), 1); },
                      hipErrorInvalidConfiguration, {"empty grid"});
  expect_launch_error([&] { hipLaunchKernelGGL(early_return, dim3(1), dim3(32), 65537, 0, out.get(), 1); },
                      hipErrorInvalidValue, {"65537 bytes of dynamic shared memory"}); // as HIP
}

// An exception escaping a lane stops the launch; destroyed fibers unwind their frames.
std::atomic<int> g_alive{0};
struct Guard {
  Guard() { ++g_alive; }
  ~Guard() { --g_alive; }
  Guard(Guard const&) = delete;
  Guard& operator=(Guard const&) = delete;
};

__global__ void throws_in_lane_5(int* out) {
  Guard g;
  if (threadIdx.x == 5 && blockIdx.x == 1) throw std::runtime_error("bad input");
  __syncthreads();
  out[threadIdx.x] = 1;
}

TEST(SimtErrors, ExceptionInALaneUnwindsTheBlock) {
  ScopedThreads one(1);
  DeviceBuffer<int> out(64);
  expect_launch_error([&] { hipLaunchKernelGGL(throws_in_lane_5, dim3(3), dim3(64), 0, 0, out.get()); },
                      hipErrorLaunchFailure,
                      {"kernel throws_in_lane_5, block (1,0,0), wave 0: lane 5 threw an exception: bad input"});
  EXPECT_EQ(g_alive.load(), 0) << "every lane's locals were destroyed";
}

// A failing block stops the launch promptly: with one thread, the blocks after it never run.
std::atomic<int> g_blocks_run{0};
__global__ void fails_in_block_2(int* out) {
  if (threadIdx.x == 0) ++g_blocks_run;
  if (blockIdx.x == 2 && threadIdx.x >= 16) return;
  __syncthreads();
  out[threadIdx.x] = 0;
}

TEST(SimtErrors, AFailedBlockStopsTheLaunch) {
  DeviceBuffer<int> out(64);
  {
    ScopedThreads one(1);
    g_blocks_run = 0;
    expect_launch_error([&] { hipLaunchKernelGGL(fails_in_block_2, dim3(1000), dim3(64), 0, 0, out.get()); },
                        hipErrorLaunchFailure, {"block (2,0,0)"});
    EXPECT_EQ(g_blocks_run.load(), 3);
  }
  {
    ScopedThreads two(2);
    g_blocks_run = 0;
    expect_launch_error([&] { hipLaunchKernelGGL(fails_in_block_2, dim3(1000), dim3(64), 0, 0, out.get()); },
                        hipErrorLaunchFailure, {"returned without reaching __syncthreads()"});
    EXPECT_LT(g_blocks_run.load(), 1000);
  }
  // Errors are not sticky: the next launch runs.
  hipLaunchKernelGGL(early_return, dim3(1), dim3(64), 0, 0, out.get(), 64);
  EXPECT_EQ(hipGetLastError(), hipSuccess);
  EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
}

TEST(SimtErrors, IdsOutsideAKernel) {
  EXPECT_THROW((void)threadIdx.x, std::logic_error);
  EXPECT_EQ(int(warpSize), target().wave);
}

} // namespace
} // namespace wavemma::simt::test
