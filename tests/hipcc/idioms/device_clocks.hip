// The idiom of the throughput probes (KTH-ScaLab's amd-matrix-core, the lab notes' timing
// loops): a kernel reads clock64() before and after its work and writes the difference, and
// wall_clock64() gives time at a constant rate. Checked against what HIP states about them:
// both count up, and wall_clock64() counts at hipDeviceProp_t::clockInstructionRate (kHz), so
// the ticks over a kernel that waits 20 ms of the host's steady clock are between 20 ms and the
// host's whole measured time at that rate.
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#define HIP_CHECK(command)                                                                                             \
  do {                                                                                                                 \
    hipError_t const status = (command);                                                                               \
    if (status != hipSuccess) {                                                                                        \
      std::fprintf(stderr, "HIP error %s at line %d\n", hipGetErrorString(status), __LINE__);                          \
      std::exit(EXIT_FAILURE);                                                                                         \
    }                                                                                                                  \
  } while (0)

__device__ void wait_host_ms(long long ms) {
  auto const until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (std::chrono::steady_clock::now() < until) {
  }
}

__global__ void timed(long long* cycles, long long* wall) {
  long long const c0 = clock64();
  long long const w0 = wall_clock64();
  if (threadIdx.x == 0) wait_host_ms(20);
  long long const c1 = clock64();
  long long const w1 = wall_clock64();
  if (threadIdx.x == 0) {
    cycles[0] = c0;
    cycles[1] = c1;
    wall[0] = w0;
    wall[1] = w1;
  }
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  long long *cycles, *wall;
  HIP_CHECK(hipMalloc(&cycles, 2 * sizeof(long long)));
  HIP_CHECK(hipMalloc(&wall, 2 * sizeof(long long)));
  auto const start = std::chrono::steady_clock::now();
  timed<<<1, 32>>>(cycles, wall);
  HIP_CHECK(hipDeviceSynchronize());
  double const host_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  long long c[2], w[2];
  HIP_CHECK(hipMemcpy(c, cycles, sizeof c, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(w, wall, sizeof w, hipMemcpyDeviceToHost));

  int errors = 0;
  double const wall_ms = static_cast<double>(w[1] - w[0]) / prop.clockInstructionRate;
  if (!(c[1] > c[0])) {
    std::printf("clock64: %lld then %lld\n", c[0], c[1]);
    ++errors;
  }
  if (!(w[0] > 0 && wall_ms >= 20.0 && wall_ms <= host_ms)) {
    std::printf("wall_clock64: %g ms at %d kHz, the host measured %g ms\n", wall_ms, prop.clockInstructionRate,
                host_ms);
    ++errors;
  }
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : 1;
}
