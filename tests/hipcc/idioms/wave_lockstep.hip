// The idiom of warp-synchronous code (the last steps of the classic shared-memory reduction,
// rocWMMA's simple_dlrm, rocm-examples' reduction v5): lanes of one wave store to memory and then
// read what other lanes of the same wave stored, with no barrier and no cross-lane builtin in
// between, relying on the wave executing each instruction for all its lanes before the next.
// Five kernels, each in both directions (reading a higher lane, whose store comes later in
// wavemma's lane order, and a lower one, whose next store comes earlier):
//   1. the reduction's unrolled tail over volatile __shared__ memory (read higher lanes);
//   2. each lane stores to global memory, then reads its two neighbours' values (read after write);
//   3. each lane reads its lower neighbour's element, then overwrites its own (write after read);
//   4. a rotation through __shared__ memory, eight rounds of 2 and 3 in a loop;
//   5. the same with two stores in a row each round (two arrays), then reads of both.
// The references are computed on the host in exact integer arithmetic, from what lockstep
// execution defines. With WAVEMMA_LOCKSTEP=collectives (lanes meet only at collectives) the
// program must find differences: ctest runs it so too and expects its FAILED line.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(command)                                                                                             \
  do {                                                                                                                 \
    hipError_t const status = (command);                                                                               \
    if (status != hipSuccess) {                                                                                        \
      std::fprintf(stderr, "HIP error %s at line %d\n", hipGetErrorString(status), __LINE__);                          \
      std::exit(EXIT_FAILURE);                                                                                         \
    }                                                                                                                  \
  } while (0)

constexpr int kBlock = 128;

// An input no symmetry can hide: distinct, uneven values.
int value(int i) { return (i * 7919 + 13) % 1021 - 500; }

// The kernels add and multiply in unsigned arithmetic: without the lockstep they read elements no
// lane has stored yet, whose sums must wrap, not overflow (UBSan stops the run at a signed one).
__device__ inline int wrap(unsigned x) { return static_cast<int>(x); }

// 1. One wave's sum by the unrolled tail: sdata[t] += sdata[t + s] for s = wave/2 .. 1, no barrier.
__global__ void wave_sums(int const* in, int* out) {
  __shared__ int sdata[kBlock];
  int const t = threadIdx.x;
  sdata[t] = in[blockIdx.x * kBlock + t];
  int volatile* v = sdata;
  int const lane = t % warpSize, base = t - lane;
  for (int s = warpSize / 2; s > 0; s /= 2)
    if (lane < s) v[base + lane] = wrap(unsigned(v[base + lane]) + unsigned(v[base + lane + s]));
  if (lane == 0) out[blockIdx.x * (kBlock / warpSize) + t / warpSize] = v[base];
}

// 2. Store, then read the neighbours' stores (read after write).
__global__ void neighbours(int const* in, int* scratch, int* out) {
  int const t = blockIdx.x * kBlock + threadIdx.x;
  int const lane = threadIdx.x % warpSize, base = t - lane;
  scratch[t] = in[t] * 3 + 1;
  int const up = scratch[base + (lane + 1) % warpSize];
  int const down = scratch[base + (lane + warpSize - 1) % warpSize];
  out[t] = wrap(unsigned(up) * 1000u + unsigned(down));
}

// 3. Read the lower neighbour's old element, then overwrite one's own (write after read).
__global__ void shift_up(int* data, int* seen) {
  int const t = blockIdx.x * kBlock + threadIdx.x;
  int const lane = threadIdx.x % warpSize, base = t - lane;
  int const old = data[base + (lane + warpSize - 1) % warpSize];
  data[t] = wrap(unsigned(old) + 1u);
  seen[t] = old;
}

// 4. Eight rounds of rotating a wave's values by one lane through __shared__ memory.
__global__ void rotate(int const* in, int* out) {
  __shared__ int s[kBlock];
  int const t = threadIdx.x;
  int const lane = t % warpSize, base = t - lane;
  int x = in[blockIdx.x * kBlock + t];
  for (int round = 0; round < 8; ++round) {
    s[t] = x;
    x = wrap(unsigned(s[base + (lane + 1) % warpSize]) * 2u - unsigned(s[base + (lane + warpSize - 1) % warpSize]));
  }
  out[blockIdx.x * kBlock + t] = x;
}

// 5. Six rounds: each lane stores two values in a row, then reads one of each from its neighbours.
__global__ void pairs(int const* in, int* out) {
  __shared__ int s[kBlock], u[kBlock];
  int const t = threadIdx.x;
  int const lane = t % warpSize, base = t - lane;
  int x = in[blockIdx.x * kBlock + t];
  for (int round = 0; round < 6; ++round) {
    s[t] = x;
    u[t] = wrap(unsigned(x) * 3u + unsigned(round));
    x = wrap(unsigned(s[base + (lane + 1) % warpSize]) - unsigned(u[base + (lane + warpSize - 1) % warpSize]));
  }
  out[blockIdx.x * kBlock + t] = x;
}

int main() {
  int device = 0;
  HIP_CHECK(hipGetDevice(&device));
  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, device));
  int const w = props.warpSize, blocks = 3, n = blocks * kBlock, waves = n / w;
  std::printf("%s, wave%d: %d waves\n", props.gcnArchName, w, waves);

  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = value(i);
  int *d_in, *d_a, *d_b;
  HIP_CHECK(hipMalloc(&d_in, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_a, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_b, n * sizeof(int)));
  HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  std::vector<int> a(n), b(n);
  int wrong = 0;
  auto check = [&](char const* what, int i, long long got, long long want) {
    if (got != want && wrong++ < 8) std::printf("%s: element %d is %lld, lockstep gives %lld\n", what, i, got, want);
  };

  wave_sums<<<blocks, kBlock>>>(d_in, d_a);
  HIP_CHECK(hipMemcpy(a.data(), d_a, waves * sizeof(int), hipMemcpyDeviceToHost));
  for (int wave = 0; wave < waves; ++wave) {
    long long sum = 0;
    for (int i = 0; i < w; ++i) sum += in[wave * w + i];
    check("wave sum", wave, a[wave], sum);
  }

  neighbours<<<blocks, kBlock>>>(d_in, d_b, d_a);
  HIP_CHECK(hipMemcpy(a.data(), d_a, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) {
    int const base = t - t % w, lane = t % w;
    long long const up = in[base + (lane + 1) % w] * 3 + 1, down = in[base + (lane + w - 1) % w] * 3 + 1;
    check("neighbours", t, a[t], up * 1000 + down);
  }

  HIP_CHECK(hipMemcpy(d_a, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  shift_up<<<blocks, kBlock>>>(d_a, d_b);
  HIP_CHECK(hipMemcpy(a.data(), d_a, n * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(b.data(), d_b, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) {
    int const old = in[t - t % w + (t % w + w - 1) % w];
    check("shift_up read", t, b[t], old);
    check("shift_up data", t, a[t], old + 1);
  }

  rotate<<<blocks, kBlock>>>(d_in, d_a);
  HIP_CHECK(hipMemcpy(a.data(), d_a, n * sizeof(int), hipMemcpyDeviceToHost));
  std::vector<long long> x(in.begin(), in.end()), next(n);
  for (int round = 0; round < 8; ++round) {
    for (int t = 0; t < n; ++t) {
      int const base = t - t % w, lane = t % w;
      next[t] = x[base + (lane + 1) % w] * 2 - x[base + (lane + w - 1) % w];
    }
    x = next;
  }
  for (int t = 0; t < n; ++t) check("rotate", t, a[t], x[t]);

  pairs<<<blocks, kBlock>>>(d_in, d_a);
  HIP_CHECK(hipMemcpy(a.data(), d_a, n * sizeof(int), hipMemcpyDeviceToHost));
  x.assign(in.begin(), in.end());
  for (int round = 0; round < 6; ++round) {
    for (int t = 0; t < n; ++t) {
      int const base = t - t % w, lane = t % w;
      next[t] = x[base + (lane + 1) % w] - (x[base + (lane + w - 1) % w] * 3 + round);
    }
    x = next;
  }
  for (int t = 0; t < n; ++t) check("pairs", t, a[t], x[t]);

  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_a));
  HIP_CHECK(hipFree(d_b));
  std::printf(wrong ? "FAILED: %d elements differ from lockstep execution\n" : "PASSED\n", wrong);
  return wrong ? EXIT_FAILURE : EXIT_SUCCESS;
}
