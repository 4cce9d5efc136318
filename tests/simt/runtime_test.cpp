// Launches, ids, __shared__ per block, dynamic shared memory, barriers, threads and targets.

#include "simt_test.hpp"
#include "support/process.hpp"

#include <climits>
#include <cstdlib>
#include <gtest/gtest.h>
#include <numeric>
#include <stdexcept>
#include <unistd.h>

namespace wavemma::simt::test {
namespace {

// Every id a thread can read, one record per thread.
struct Ids {
  unsigned tx, ty, tz, bx, by, bz, dx, dy, dz, gx, gy, gz, lane, wave_size, wix, wgz;
};

__global__ void __launch_bounds__(24) record_ids(Ids* out) {
  unsigned const block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned const thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  out[block * blockDim.x * blockDim.y * blockDim.z + thread] = {threadIdx.x,
                                                                threadIdx.y,
                                                                threadIdx.z,
                                                                blockIdx.x,
                                                                blockIdx.y,
                                                                blockIdx.z,
                                                                blockDim.x,
                                                                blockDim.y,
                                                                blockDim.z,
                                                                gridDim.x,
                                                                gridDim.y,
                                                                gridDim.z,
                                                                __lane_id(),
                                                                static_cast<unsigned>(int(warpSize)),
                                                                __builtin_amdgcn_workitem_id_x(),
                                                                __builtin_amdgcn_workgroup_id_z()};
}

TEST(SimtRuntime, ThreadAndBlockIdsIn3D) {
  ScopedTarget gfx942("gfx942"); // wave64: a block of 24 threads is one partial wave
  dim3 const grid(2, 3, 2), block(4, 3, 2);
  DeviceBuffer<Ids> out(12 * 24);
  hipLaunchKernelGGL(record_ids, grid, block, 0, 0, out.get());
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  auto const ids = out.host();
  int n = 0;
  for (unsigned bz = 0; bz < 2; ++bz)
    for (unsigned by = 0; by < 3; ++by)
      for (unsigned bx = 0; bx < 2; ++bx)
        for (unsigned tz = 0; tz < 2; ++tz)
          for (unsigned ty = 0; ty < 3; ++ty)
            for (unsigned tx = 0; tx < 4; ++tx) {
              Ids const& r = ids[size_t(n)];
              unsigned const linear = tx + 4 * (ty + 3 * tz);
              EXPECT_EQ((std::array{r.tx, r.ty, r.tz, r.bx, r.by, r.bz}), (std::array{tx, ty, tz, bx, by, bz})) << n;
              EXPECT_EQ((std::array{r.dx, r.dy, r.dz, r.gx, r.gy, r.gz}), (std::array{4u, 3u, 2u, 2u, 3u, 2u}));
              EXPECT_EQ(r.lane, linear % 64);
              EXPECT_EQ(r.wave_size, 64u);
              EXPECT_EQ(r.wix, tx);
              EXPECT_EQ(r.wgz, bz);
              ++n;
            }
}

TEST(SimtRuntime, LanesAndWavesFollowTheTarget) {
  ScopedTarget gfx1201("gfx1201");
  DeviceBuffer<Ids> out(100);
  hipLaunchKernelGGL(record_ids, dim3(1), dim3(100), 0, 0, out.get());
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  auto const ids = out.host();
  for (unsigned t = 0; t < 100; ++t) {
    EXPECT_EQ(ids[t].lane, t % 32);
    EXPECT_EQ(ids[t].wave_size, 32u);
  }
}

// A block's __shared__ variables are its own, however many blocks run at once.
__global__ void shared_per_block(int* out) {
  __shared__ int owner;
  __shared__ int tile[256];
  if (threadIdx.x == 0) owner = static_cast<int>(blockIdx.x);
  tile[threadIdx.x] = static_cast<int>(blockIdx.x * 1000 + threadIdx.x);
  __syncthreads();
  // Reversed through shared memory: each thread reads another wave's write.
  out[blockIdx.x * blockDim.x + threadIdx.x] =
      tile[blockDim.x - 1 - threadIdx.x] + 1000000 * (owner == int(blockIdx.x));
}

TEST(SimtRuntime, SharedMemoryIsPerBlock) {
  for (int threads : {1, 2}) {
    ScopedThreads t(threads);
    DeviceBuffer<int> out(16 * 256);
    hipLaunchKernelGGL(shared_per_block, dim3(16), dim3(256), 0, 0, out.get());
    ASSERT_EQ(hipGetLastError(), hipSuccess);
    auto const v = out.host();
    for (int b = 0; b < 16; ++b)
      for (int i = 0; i < 256; ++i) ASSERT_EQ(v[size_t(b * 256 + i)], 1000000 + b * 1000 + 255 - i) << b << " " << i;
  }
}

// Hillis-Steele inclusive scan: a barrier between every step, dynamic shared memory.
__global__ void scan(int const* in, int* out) {
  HIP_DYNAMIC_SHARED(int, buf);
  unsigned const t = threadIdx.x, n = blockDim.x;
  buf[t] = in[blockIdx.x * n + t];
  __syncthreads();
  for (unsigned step = 1; step < n; step *= 2) {
    int const add = t >= step ? buf[t - step] : 0;
    __syncthreads();
    buf[t] += add;
    __syncthreads();
  }
  out[blockIdx.x * n + t] = buf[t];
}

TEST(SimtRuntime, BarriersAndDynamicSharedMemory) {
  int const n = 200, blocks = 3;
  std::vector<int> in(size_t(n * blocks));
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<int>((i * 7919) % 101) - 50;
  DeviceBuffer<int> d_in(in), d_out(in.size());
  hipLaunchKernelGGL(scan, dim3(blocks), dim3(n), n * sizeof(int), 0, d_in.get(), d_out.get());
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  auto const out = d_out.host();
  for (int b = 0; b < blocks; ++b) {
    std::vector<int> expect(static_cast<size_t>(n));
    std::inclusive_scan(in.begin() + b * n, in.begin() + (b + 1) * n, expect.begin());
    EXPECT_EQ(std::vector<int>(out.begin() + b * n, out.begin() + (b + 1) * n), expect) << "block " << b;
  }
}

// A block that spins up many fibers and barriers; blocks spread over threads give the same bits.
__global__ void mix(unsigned const* in, unsigned* out) {
  __shared__ unsigned acc[128];
  unsigned x = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int round = 0; round < 8; ++round) {
    acc[threadIdx.x] = x;
    __syncthreads();
    x = x * 2654435761u + acc[(threadIdx.x * 37 + unsigned(round)) % blockDim.x];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = x;
}

TEST(SimtRuntime, MultiBlockLaunchesAgreeAcrossThreadCounts) {
  std::vector<unsigned> in(40 * 128);
  std::iota(in.begin(), in.end(), 12345u);
  DeviceBuffer<unsigned> d_in(in), d_out(in.size());
  std::vector<std::vector<unsigned>> results;
  for (int threads : {1, 2, 5}) {
    ScopedThreads t(threads);
    hipLaunchKernelGGL(mix, dim3(40), dim3(128), 0, 0, d_in.get(), d_out.get());
    ASSERT_EQ(hipGetLastError(), hipSuccess);
    results.push_back(d_out.host());
  }
  EXPECT_EQ(results[0], results[1]);
  EXPECT_EQ(results[0], results[2]);
}

// The C++ API: the same launch without the HIP dialect.
void add_one(int* p) { p[threadIdx.x] += 1; }

TEST(SimtRuntime, CxxLaunch) {
  DeviceBuffer<int> d(std::vector<int>(64, 41));
  Error const e = launch("add_one", add_one, Dim3(1), Dim3(64), 0, d.get());
  EXPECT_TRUE(e.ok()) << e.message;
  EXPECT_EQ(d.host(), std::vector<int>(64, 42));
}

TEST(SimtRuntime, TargetSelection) {
  ScopedTarget restore("gfx1201");
  EXPECT_EQ(target().arch->name, "gfx1201");
  EXPECT_EQ(target().wave, 32);
  set_target("gfx942");
  EXPECT_EQ(target().wave, 64);
  set_target("rdna3", 64);
  EXPECT_EQ(target().arch->name, "gfx1100");
  EXPECT_EQ(target().wave, 64);
  EXPECT_THROW(set_target("gfx9999"), std::invalid_argument);
  EXPECT_THROW(set_target("gfx942", 32), std::invalid_argument);
  EXPECT_EQ(target().arch->name, "gfx1100") << "a rejected target leaves the current one";
}

TEST(SimtRuntime, DeviceProperties) {
  // The flagship GPU's figures (AMD's product pages: RX 9070 XT 64 CUs at 2970 MHz, 16 GB on 256
  // bits; MI300X 304 CUs, 192 GB on 8192 bits); gfx1151 has no GPU row: the host's cores.
  struct Case {
    char const *arch, *target_id, *name;
    int wave, major, minor, cus, bus;
  };
  for (Case c :
       {Case{"gfx1201", "gfx1201", "AMD Radeon RX 9070 XT, wavemma emulated gfx1201", 32, 12, 0, 64, 256},
        Case{"gfx942", "gfx942:sramecc+:xnack-", "AMD Instinct MI300X, wavemma emulated gfx942", 64, 9, 4, 304, 8192},
        Case{"gfx1151", "gfx1151", "wavemma emulated gfx1151", 32, 11, 5, 0, 0}}) {
    ScopedTarget t(c.arch);
    hipDeviceProp_t p;
    ASSERT_EQ(hipGetDeviceProperties(&p, 0), hipSuccess);
    EXPECT_EQ(std::string(p.gcnArchName), c.target_id);
    EXPECT_EQ(std::string(p.name), c.name);
    EXPECT_EQ(p.warpSize, c.wave);
    EXPECT_EQ(p.major, c.major);
    EXPECT_EQ(p.minor, c.minor);
    if (c.cus) EXPECT_EQ(p.multiProcessorCount, c.cus);
    EXPECT_GE(p.multiProcessorCount, 1);
    EXPECT_EQ(p.memoryBusWidth, c.bus);
    EXPECT_EQ(p.maxThreadsPerBlock, 1024);
    EXPECT_EQ(p.sharedMemPerBlock, 65536u);
    int value = 0;
    ASSERT_EQ(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, 0), hipSuccess);
    EXPECT_EQ(value, c.wave);
    ASSERT_EQ(hipDeviceGetAttribute(&value, hipDeviceAttributeMultiprocessorCount, 0), hipSuccess);
    EXPECT_EQ(value, p.multiProcessorCount);
  }
  {
    ScopedTarget t("gfx1201");
    hipDeviceProp_t p;
    ASSERT_EQ(hipGetDeviceProperties(&p, 0), hipSuccess);
    EXPECT_EQ(p.totalGlobalMem, size_t{16} << 30);
    EXPECT_EQ(p.clockRate, 2970000);
    EXPECT_EQ(p.l2CacheSize, 8 << 20);
    // 2 x memoryClockRate x width / 8: 20 Gbps on 256 bits = 640 GB/s.
    EXPECT_EQ(2.0 * p.memoryClockRate * 1e3 * p.memoryBusWidth / 8, 640e9);
  }
  hipDeviceProp_t p;
  testing::internal::CaptureStderr();
  EXPECT_EQ(hipGetDeviceProperties(&p, 1), hipErrorInvalidDevice);
  EXPECT_EQ(runtime_lines(testing::internal::GetCapturedStderr()).size(), 1u);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidDevice);
}

TEST(SimtRuntime, EventsTimeHostWork) {
  hipEvent_t start, stop;
  ASSERT_EQ(hipEventCreate(&start), hipSuccess);
  ASSERT_EQ(hipEventCreate(&stop), hipSuccess);
  DeviceBuffer<unsigned> d_in(std::vector<unsigned>(128 * 16, 1)), d_out(128 * 16);
  ASSERT_EQ(hipEventRecord(start), hipSuccess);
  hipLaunchKernelGGL(mix, dim3(16), dim3(128), 0, 0, d_in.get(), d_out.get());
  ASSERT_EQ(hipEventRecord(stop, 0), hipSuccess);
  ASSERT_EQ(hipEventSynchronize(stop), hipSuccess);
  float ms = -1;
  ASSERT_EQ(hipEventElapsedTime(&ms, start, stop), hipSuccess);
  EXPECT_GT(ms, 0.0f);
  EXPECT_EQ(hipEventDestroy(start), hipSuccess);
  EXPECT_EQ(hipEventDestroy(stop), hipSuccess);
}

TEST(SimtRuntime, MemcpyAndMemset) {
  DeviceBuffer<int> a(16), b(16);
  std::vector<int> host(16);
  std::iota(host.begin(), host.end(), 1);
  EXPECT_EQ(hipMemcpy(a.get(), host.data(), 64, hipMemcpyHostToDevice), hipSuccess);
  EXPECT_EQ(hipMemcpy(b.get(), a.get(), 64, hipMemcpyDeviceToDevice), hipSuccess);
  EXPECT_EQ(hipMemset(a.get(), 0xff, 32), hipSuccess);
  EXPECT_EQ(b.host(), host);
  auto const cleared = a.host();
  EXPECT_EQ(cleared[7], -1);
  EXPECT_EQ(cleared[8], 9);
  std::vector<int> copy(16);
  EXPECT_EQ(hipMemcpy(copy.data(), b.get(), 64, hipMemcpyDefault), hipSuccess);
  EXPECT_EQ(copy, host);
  void* none = reinterpret_cast<void*>(1);
  EXPECT_EQ(hipMalloc(&none, 0), hipSuccess);
  EXPECT_EQ(none, nullptr);
  EXPECT_EQ(hipFree(nullptr), hipSuccess);
}

// The environment picks the target and the threads; a bad target is an error, never a silent
// default. Runs this binary again with the environment set (the child test below).
TEST(SimtEnvironment, TargetFromTheEnvironment) {
  char self[PATH_MAX] = {};
  ASSERT_GT(readlink("/proc/self/exe", self, sizeof self - 1), 0);
  for (std::string env :
       {"WAVEMMA_SIMT_TEST_CHILD=gfx942 WAVEMMA_ARCH=cdna3 WAVEMMA_THREADS=1",
        "WAVEMMA_SIMT_TEST_CHILD=rdna3w64 WAVEMMA_ARCH=gfx1151 WAVEMMA_WAVE=64",
        "WAVEMMA_SIMT_TEST_CHILD=bad WAVEMMA_ARCH=gfx9999", "WAVEMMA_SIMT_TEST_CHILD=bad WAVEMMA_WAVE=48"}) {
    auto const r = wavemma::test::run(env + " " + self + " --gtest_filter=SimtEnvironment.Child");
    EXPECT_EQ(r.status, 0) << env << "\n" << r.output;
    EXPECT_NE(r.output.find("[  PASSED  ] 1 test"), std::string::npos) << r.output;
  }
}

TEST(SimtEnvironment, Child) {
  char const* mode = std::getenv("WAVEMMA_SIMT_TEST_CHILD");
  if (!mode) GTEST_SKIP() << "run by TargetFromTheEnvironment";
  std::string const m = mode;
  hipDeviceProp_t p;
  if (m == "bad") {
    EXPECT_THROW(target(), std::invalid_argument);
    EXPECT_EQ(hipGetDeviceProperties(&p, 0), hipErrorInvalidDevice);
    EXPECT_NE(std::string(hipGetErrorString(hipErrorInvalidDevice)).find("WAVEMMA_ARCH="), std::string::npos);
    hipLaunchKernelGGL(add_one, dim3(1), dim3(1), 0, 0, nullptr);
    EXPECT_EQ(hipGetLastError(), hipErrorInvalidDevice);
    set_target("gfx1201"); // the API overrides the environment
    EXPECT_EQ(hipGetDeviceProperties(&p, 0), hipSuccess);
    return;
  }
  ASSERT_EQ(hipGetDeviceProperties(&p, 0), hipSuccess);
  if (m == "gfx942") {
    EXPECT_EQ(std::string(p.gcnArchName), "gfx942:sramecc+:xnack-");
    EXPECT_EQ(p.warpSize, 64);
    EXPECT_EQ(threads(), 1);
  } else {
    EXPECT_EQ(std::string(p.gcnArchName), "gfx1151");
    EXPECT_EQ(p.warpSize, 64);
  }
}

} // namespace
} // namespace wavemma::simt::test
