// Hostile and faulty programs, one case per run (argv[1]): what the device-memory API and the
// launch refuse with HIP's error codes, what a faulting kernel says, AMDGPU's integer division by
// zero, kernels that need the forward progress a GPU gives, and what the watchdog stops. The
// expected values are HIP's documented codes and limits, and the values LLVM's AMDGPU expansion of
// 32-bit division computes for a zero divisor (AMDGPUCodeGenPrepare::expandDivRem32, worked by
// hand in the comments below). run_fault.cmake checks exit status and output.

#include <hip/hip_runtime.h>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/mman.h>

static int failures = 0;
#define EXPECT(cond, ...)                                                                                              \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      ++failures;                                                                                                      \
      std::printf("FAILED line %d: ", __LINE__);                                                                       \
      std::printf(__VA_ARGS__);                                                                                        \
      std::printf("\n");                                                                                               \
    }                                                                                                                  \
  } while (0)
#define EXPECT_CODE(call, code) EXPECT((call) == (code), "%s is not %s", #call, #code)

// --- 1. the device-memory API ---------------------------------------------------------------------
int memory_api() {
  void* p = nullptr;
  int n = -1; // the careless size: n * sizeof(float) is SIZE_MAX - 3
  EXPECT_CODE(hipMalloc(&p, n * sizeof(float)), hipErrorOutOfMemory);
  EXPECT_CODE(hipMalloc(&p, SIZE_MAX), hipErrorOutOfMemory);
  EXPECT_CODE(hipMalloc(&p, SIZE_MAX - 255), hipErrorOutOfMemory);
  EXPECT_CODE(hipHostMalloc(&p, SIZE_MAX - 100, 0), hipErrorOutOfMemory);
  EXPECT_CODE(hipMallocManaged(&p, SIZE_MAX / 2 + 1), hipErrorOutOfMemory);
  size_t pitch = 0;
  EXPECT_CODE(hipMallocPitch(&p, &pitch, SIZE_MAX - 10, 2), hipErrorOutOfMemory);
  EXPECT_CODE(hipMallocPitch(&p, &pitch, 1024, SIZE_MAX / 512), hipErrorOutOfMemory);

  char* d = nullptr;
  if (hipMalloc(&d, 1024) != hipSuccess) return 1;
  char host[64] = {};
  // Counts whose end wraps the address space: d + bytes < d.
  EXPECT_CODE(hipMemcpy(d + 512, host, SIZE_MAX - 100, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT_CODE(hipMemcpy(d, host, SIZE_MAX, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT_CODE(hipMemcpy(host, d + 8, SIZE_MAX - 7, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  EXPECT_CODE(hipMemcpy(d, d + 1, SIZE_MAX - 1, hipMemcpyDeviceToDevice), hipErrorInvalidValue);
  EXPECT_CODE(hipMemcpy(d, host, 1025, hipMemcpyHostToDevice), hipErrorInvalidValue); // one byte over
  EXPECT_CODE(hipMemcpy(d, host, 64, hipMemcpyHostToDevice), hipSuccess);
  // Fills whose byte count overflows: 2^62 words of 4 bytes is 0 bytes modulo 2^64.
  EXPECT_CODE(hipMemsetD32(d, 7, size_t(1) << 62), hipErrorInvalidValue);
  EXPECT_CODE(hipMemsetD32(d, 7, SIZE_MAX / 4 + 1), hipErrorInvalidValue);
  EXPECT_CODE(hipMemsetD16(d, 7, size_t(1) << 63), hipErrorInvalidValue);
  EXPECT_CODE(hipMemsetD8(d + 1, 7, SIZE_MAX), hipErrorInvalidValue);
  EXPECT_CODE(hipMemset(d + 1000, 0, SIZE_MAX - 999), hipErrorInvalidValue);
  EXPECT_CODE(hipMemsetD32(d, 7, 256), hipSuccess);
  EXPECT_CODE(hipMemsetD32(d, 7, 257), hipErrorInvalidValue);
  // 2D: rows * pitch that overflows, or that leaves the allocation.
  EXPECT_CODE(hipMemcpy2D(d, SIZE_MAX / 2, host, 8, 8, 4, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT_CODE(hipMemcpy2D(d, 256, host, 8, 8, 5, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT_CODE(hipMemcpy2D(d, 256, host, 8, 8, 4, hipMemcpyHostToDevice), hipSuccess);
  EXPECT_CODE(hipMemset2D(d, size_t(1) << 62, 0, 16, 8), hipErrorInvalidValue);
  EXPECT_CODE(hipMemset2D(d, 128, 0, 16, 8), hipSuccess);
  EXPECT_CODE(hipMemset2D(d, 128, 0, 16, 9), hipErrorInvalidValue);
  // The allocation is intact: the refused calls wrote nothing.
  unsigned back[4] = {};
  EXPECT_CODE(hipMemcpy(back, d + 1016, 8, hipMemcpyDeviceToHost), hipSuccess);
  EXPECT(back[0] == 7u && back[1] == 7u, "the tail was overwritten: %#x %#x", back[0], back[1]);
  EXPECT_CODE(hipFree(d), hipSuccess);
  EXPECT_CODE(hipFree(d), hipErrorInvalidValue); // freed already
  EXPECT_CODE(hipMemcpy(d, host, 8, hipMemcpyHostToDevice), hipErrorInvalidValue);
  std::printf("memory: %s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}

// --- 2. launch configurations ---------------------------------------------------------------------
__global__ void empty_kernel(int*) {}
__global__ void dynamic_lds(int* out) {
  extern __shared__ int lds[];
  lds[threadIdx.x] = 1;
  out[0] = lds[0];
}

int launch_config() {
  int* out = nullptr;
  if (hipMalloc(&out, 64) != hipSuccess) return 1;
  auto launched = [](char const* what) {
    hipError_t const e = hipGetLastError();
    hipDeviceSynchronize();
    if (e != hipSuccess) std::printf("%s: %s\n", what, hipGetErrorName(e));
    return e;
  };
  empty_kernel<<<dim3(1), dim3(1025)>>>(out);
  EXPECT(launched("1025 threads") == hipErrorInvalidConfiguration, "a block of 1025 threads ran");
  empty_kernel<<<dim3(1), dim3(32, 32, 2)>>>(out);
  EXPECT(launched("32x32x2 threads") == hipErrorInvalidConfiguration, "a block of 2048 threads ran");
  // 2^31 blocks of 2 threads: 2^32 work-items in x, one more than HIP's 32-bit count holds.
  empty_kernel<<<dim3(1u << 31), dim3(2)>>>(out);
  EXPECT(launched("2^32 work-items in x") == hipErrorInvalidConfiguration, "2^32 work-items in x ran");
  empty_kernel<<<dim3(1, 65536 * 2, 1), dim3(1, 32768, 1)>>>(out);
  EXPECT(launched("2^32 work-items in y") == hipErrorInvalidConfiguration, "2^32 work-items in y ran");
  empty_kernel<<<dim3(1, 1, 1u << 23), dim3(1, 1, 512)>>>(out);
  EXPECT(launched("2^32 work-items in z") == hipErrorInvalidConfiguration, "2^32 work-items in z ran");
  // LDS: 64 KiB per block on gfx1201, 160 KiB on gfx950 (dynamic here; the launch counts it).
  hipDeviceProp_t props;
  hipGetDeviceProperties(&props, 0);
  size_t const lds = std::strncmp(props.gcnArchName, "gfx950", 6) == 0 ? 160 * 1024 : 64 * 1024;
  EXPECT(props.sharedMemPerBlock == lds, "sharedMemPerBlock %zu, not %zu", props.sharedMemPerBlock, lds);
  dynamic_lds<<<1, 32, lds>>>(out);
  EXPECT(launched("all the LDS") == hipSuccess, "a launch with %zu bytes of LDS failed", lds);
  dynamic_lds<<<1, 32, lds + 4>>>(out);
  EXPECT(launched("LDS + 4 bytes") == hipErrorInvalidValue, "a launch with %zu bytes of LDS ran", lds + 4);
  // A destroyed stream.
  hipStream_t stream;
  if (hipStreamCreate(&stream) != hipSuccess) return 1;
  empty_kernel<<<1, 32, 0, stream>>>(out);
  EXPECT(launched("live stream") == hipSuccess, "a launch on a live stream failed");
  hipStreamDestroy(stream);
  empty_kernel<<<1, 32, 0, stream>>>(out);
  EXPECT(launched("destroyed stream") == hipErrorContextIsDestroyed, "a launch on a destroyed stream ran");
  hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(32), 0, stream, out);
  EXPECT(launched("destroyed stream (GGL)") == hipErrorContextIsDestroyed,
         "hipLaunchKernelGGL on a destroyed stream ran");
  hipFree(out);
  std::printf("config: %s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}

// --- 3. faults --------------------------------------------------------------------------------------
__global__ void store_at(int* p, int lane) {
  if (blockIdx.x == 1 && threadIdx.x == lane) *p = 1;
}
__device__ int deep(int n, int* out) {
  char volatile frame[4096];
  frame[n % 4096] = static_cast<char>(n);
  return n == 0 ? frame[0] : deep(n - 1, out) + frame[(n * 7) % 4096];
}
__global__ void recurse(int* out, int depth) {
  if (blockIdx.x == 1 && threadIdx.x == 5) out[0] = deep(depth, out);
}
__global__ void aborting(int* out) {
  if (blockIdx.x == 1 && threadIdx.x == 3) abort();
  out[0] = 1;
}

// x / y and x % y for each lane's pair, as the kernel's own division computes them.
__global__ void divide(int const* xs, int const* ys, int* q, int* r, unsigned const* ux, unsigned const* uy,
                       unsigned* uq, unsigned* ur) {
  int const i = threadIdx.x;
  q[i] = xs[i] / ys[i];
  r[i] = xs[i] % ys[i];
  uq[i] = ux[i] / uy[i];
  ur[i] = ux[i] % uy[i];
}

int division() {
  // expandDivRem32 with y = 0: z = fptoui(rcp(0) * 0x1.fffffcp31) = 0xffffffff (v_cvt_u32_f32
  // saturates +inf); -y * z = 0, so z stays; q = umulh(x, z) = x - 1 for x > 0 (0 for x = 0);
  // r = x - q * 0 = x; both refinements see r >= 0 and add 1: q = x + 1 (2 for 0), r = x.
  // Signed: on magnitudes, then q's sign is sign(x) ^ sign(y), r's sign(x): -7 / 0 = -8.
  // INT_MIN / -1: |x| = 2^31, |y| = 1, q = 2^31 with positive sign = INT_MIN, r = 0.
  constexpr int kN = 6;
  int const xs[kN] = {7, 0, -7, INT_MIN, 100, INT_MAX};
  int const ys[kN] = {0, 0, 0, -1, 7, 0};
  int const want_q[kN] = {8, 2, -8, INT_MIN, 14, INT_MIN}; // INT_MAX + 1 wraps
  int const want_r[kN] = {7, 0, -7, 0, 2, INT_MAX};
  unsigned const ux[kN] = {7, 0, 0xffffffffu, 1, 100, 0x80000000u};
  unsigned const uy[kN] = {0, 0, 0, 0, 7, 0};
  unsigned const want_uq[kN] = {8, 2, 0, 2, 14, 0x80000001u};
  unsigned const want_ur[kN] = {7, 0, 0xffffffffu, 1, 2, 0x80000000u};
  int *dx, *dy, *dq, *dr;
  unsigned *dux, *duy, *duq, *dur;
  hipMalloc(&dx, sizeof xs);
  hipMalloc(&dy, sizeof ys);
  hipMalloc(&dq, sizeof xs);
  hipMalloc(&dr, sizeof xs);
  hipMalloc(&dux, sizeof ux);
  hipMalloc(&duy, sizeof uy);
  hipMalloc(&duq, sizeof ux);
  hipMalloc(&dur, sizeof ux);
  hipMemcpy(dx, xs, sizeof xs, hipMemcpyHostToDevice);
  hipMemcpy(dy, ys, sizeof ys, hipMemcpyHostToDevice);
  hipMemcpy(dux, ux, sizeof ux, hipMemcpyHostToDevice);
  hipMemcpy(duy, uy, sizeof uy, hipMemcpyHostToDevice);
  divide<<<1, kN>>>(dx, dy, dq, dr, dux, duy, duq, dur);
  EXPECT(hipDeviceSynchronize() == hipSuccess, "the division kernel failed");
  int q[kN], r[kN];
  unsigned uq[kN], ur[kN];
  hipMemcpy(q, dq, sizeof q, hipMemcpyDeviceToHost);
  hipMemcpy(r, dr, sizeof r, hipMemcpyDeviceToHost);
  hipMemcpy(uq, duq, sizeof uq, hipMemcpyDeviceToHost);
  hipMemcpy(ur, dur, sizeof ur, hipMemcpyDeviceToHost);
  for (int i = 0; i < kN; ++i) {
    EXPECT(q[i] == want_q[i] && r[i] == want_r[i], "%d / %d: %d rem %d, AMDGPU gives %d rem %d", xs[i], ys[i], q[i],
           r[i], want_q[i], want_r[i]);
    EXPECT(uq[i] == want_uq[i] && ur[i] == want_ur[i], "%u / %u: %u rem %u, AMDGPU gives %u rem %u", ux[i], uy[i],
           uq[i], ur[i], want_uq[i], want_ur[i]);
  }
  std::printf("division: %s\n", failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}

// --- 4. forward progress ----------------------------------------------------------------------------
// Wave 0 spins on a flag that the last wave sets, with no barrier between them.
__global__ void wave_waits_for_wave(int* flag, int* out) {
  int const wave = threadIdx.x / warpSize, waves = blockDim.x / warpSize;
  if (wave == 0) {
    while (atomicAdd(flag, 0) == 0) {
    }
    out[threadIdx.x] = 1;
  } else if (wave == waves - 1) {
    out[threadIdx.x] = 2;
    if (threadIdx.x % warpSize == 0) atomicExch(flag, 1);
  }
}
// Block 0 waits for the last block of the grid.
__global__ void block_waits_for_block(int* flag, int* out) {
  if (blockIdx.x == 0) {
    while (atomicCAS(flag, 1, 1) != 1) {
    }
    out[0] = 1;
  } else if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) {
    atomicExch(flag, 1);
  }
}
__global__ void spin_on_atomic(int* flag) {
  while (atomicAdd(flag, 0) == 0) {
  }
}
__global__ void spin_on_volatile(int* flag) {
  if (threadIdx.x == 2) {
    while (*static_cast<int volatile*>(flag) == 0) {
    }
  }
}

int progress(std::string const& which) {
  int *flag, *out;
  hipMalloc(&flag, sizeof(int));
  hipMalloc(&out, 256 * sizeof(int));
  hipMemset(flag, 0, sizeof(int));
  hipMemset(out, 0, 256 * sizeof(int));
  if (which == "spin_wave") {
    wave_waits_for_wave<<<1, 256>>>(flag, out);
    EXPECT(hipDeviceSynchronize() == hipSuccess, "the launch failed");
    int o[256];
    hipMemcpy(o, out, sizeof o, hipMemcpyDeviceToHost);
    EXPECT(o[0] == 1 && o[255] == 2, "out %d %d", o[0], o[255]);
  } else if (which == "spin_block") {
    block_waits_for_block<<<8, 64>>>(flag, out);
    EXPECT(hipDeviceSynchronize() == hipSuccess, "the launch failed");
    int o = 0;
    hipMemcpy(&o, out, sizeof o, hipMemcpyDeviceToHost);
    EXPECT(o == 1, "out %d", o);
  } else if (which == "hang_atomic") {
    spin_on_atomic<<<2, 64>>>(flag);
    hipError_t const e = hipDeviceSynchronize();
    std::printf("hang_atomic: %s\n", hipGetErrorName(e));
    return e == hipErrorLaunchTimeOut ? 0 : 1;
  } else if (which == "hang_volatile") {
    spin_on_volatile<<<1, 32>>>(flag);
    hipDeviceSynchronize();
    std::printf("hang_volatile: returned\n");
    return 1;
  }
  std::printf("%s: %s\n", which.c_str(), failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}

// --- the memory checker (built with -fsanitize=address) -------------------------------------------
__global__ void read_at(int const* p, long index, int* out) {
  if (blockIdx.x == 1 && threadIdx.x == 7) out[0] = p[index];
}

int checker(std::string const& which) {
  int *data, *out;
  hipMalloc(&data, 64 * sizeof(int));
  hipMalloc(&out, sizeof(int));
  if (which == "asan_overflow") {
    read_at<<<2, 32>>>(data, 64, out); // one past the end
  } else if (which == "asan_use_after_free") {
    hipFree(data);
    read_at<<<2, 32>>>(data, 3, out);
  } else if (which == "asan_clean") {
    read_at<<<2, 32>>>(data, 63, out);
  }
  hipDeviceSynchronize();
  std::printf("%s: finished\n", which.c_str());
  return 0;
}

int main(int argc, char** argv) {
  std::string const which = argc > 1 ? argv[1] : "";
  if (which == "memory") return memory_api();
  if (which == "config") return launch_config();
  if (which == "division") return division();
  if (which.rfind("spin_", 0) == 0 || which.rfind("hang_", 0) == 0) return progress(which);
  if (which.rfind("asan_", 0) == 0) return checker(which);
  int* out = nullptr;
  hipMalloc(&out, 64);
  if (which == "null") {
    store_at<<<2, 32>>>(nullptr, 9);
  } else if (which == "wild") {
    // An address that was mapped and no longer is.
    void* page = mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    munmap(page, 4096);
    store_at<<<2, 32>>>(static_cast<int*>(page) + 3, 17);
  } else if (which == "stack") {
    recurse<<<2, 32>>>(out, 1 << 20);
  } else if (which == "abort") {
    aborting<<<2, 32>>>(out);
  } else if (which == "env") {
    empty_kernel<<<1, 1>>>(out);
    std::printf("env: launched (%s)\n", hipGetErrorName(hipDeviceSynchronize()));
    return 0;
  } else {
    std::printf("usage: faults memory|config|division|null|wild|stack|abort|env|spin_*|hang_*|asan_*\n");
    return 2;
  }
  hipDeviceSynchronize();
  std::printf("%s: the kernel returned\n", which.c_str());
  return 0;
}
