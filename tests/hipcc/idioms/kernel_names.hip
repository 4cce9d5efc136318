// Names a program may give its own kernels and parameters that wavemma-hipcc's generated code
// must not capture: a kernel that is a static member function named run (bjacob/hip-matmul's
// idiom), free kernels named run, file, name, target and wave (the names the driver once gave
// the members of the struct it writes into each kernel), a kernel template named run, and
// parameters named blockIdx and threadIdx that shadow HIP's variables (HIP-Examples' dct has a
// host function with a parameter named blockIdx). The reference is exact integer arithmetic.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(command)                                                                                                 \
  do {                                                                                                                 \
    hipError_t const status = (command);                                                                               \
    if (status != hipSuccess) {                                                                                        \
      std::fprintf(stderr, "HIP error %s at line %d\n", hipGetErrorString(status), __LINE__);                          \
      std::exit(EXIT_FAILURE);                                                                                         \
    }                                                                                                                  \
  } while (0)

struct Kernel {
  static __global__ void run(int* p, int v) { p[threadIdx.x] = v + static_cast<int>(threadIdx.x); }
};
template <int Scale>
struct Scaled {
  static __global__ void run(int* p) { p[threadIdx.x] *= Scale; }
};
__global__ void run(int* p) { p[threadIdx.x] += 1000; }
__global__ void file(int* p) { p[threadIdx.x] -= 1; }
__global__ void name(int* p) { p[threadIdx.x] *= 3; }
__global__ void target(int* p, int t) { p[threadIdx.x] += t; }
__global__ void wave(int* p) { p[threadIdx.x] += static_cast<int>(threadIdx.x) * 10000; }
template <typename T>
__global__ void run(T* p, T v) {
  p[threadIdx.x] += v;
}

struct Place {
  int x, y, z;
};
__device__ int flatten(Place blockIdx, int threadIdx) { return blockIdx.x * 100 + blockIdx.y * 10 + threadIdx; }
__global__ void shadowed(int* p, Place blockIdx) { p[threadIdx.x] = flatten(blockIdx, static_cast<int>(threadIdx.x)); }
__global__ void shadowed_thread(int* p, int threadIdx) { p[blockIdx.x] = threadIdx + static_cast<int>(blockIdx.x); }
int host_offset(int blockIdx, int threadIdx) { return blockIdx * 7 + threadIdx; }

int main() {
  constexpr int n = 64;
  int* d;
  CHECK(hipMalloc(&d, n * sizeof(int)));
  int h[n];
  int errors = 0;
  auto expect = [&](char const* what, int i, int want) {
    if (h[i] != want && errors++ < 10) std::printf("%s: [%d] = %d, expected %d\n", what, i, h[i], want);
  };

  Kernel::run<<<1, n>>>(d, 5);
  Scaled<2>::run<<<1, n>>>(d);
  run<<<1, n>>>(d);
  file<<<1, n>>>(d);
  name<<<1, n>>>(d);
  target<<<1, n>>>(d, 4);
  wave<<<1, n>>>(d);
  run<int><<<1, n>>>(d, -7);
  CHECK(hipGetLastError());
  CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) expect("names", i, ((5 + i) * 2 + 1000 - 1) * 3 + 4 + i * 10000 - 7);

  shadowed<<<1, n>>>(d, Place{3, 4, 5});
  CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) expect("blockIdx parameter", i, 340 + i);

  shadowed_thread<<<n, 1>>>(d, 9);
  CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) expect("threadIdx parameter", i, 9 + i);

  if (host_offset(2, 3) != 17 && errors++ < 10) std::printf("host_offset(2, 3) = %d\n", host_offset(2, 3));
  CHECK(hipFree(d));
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : 1;
}
