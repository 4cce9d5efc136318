// A consumer of an installed wavemma: C++ with <wavemma/hip.hpp>, linked with wavemma::hip only.
#include <wavemma/hip.hpp>

#include <cstdio>

__global__ void add_lane(int* x) { x[threadIdx.x] += static_cast<int>(threadIdx.x); }

int main() {
  int* d = nullptr;
  if (hipMalloc(&d, 64 * sizeof(int)) != hipSuccess) return 1;
  hipMemset(d, 0, 64 * sizeof(int));
  hipLaunchKernelGGL(add_lane, dim3(1), dim3(64), 0, 0, d);
  int h[64];
  hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  for (int i = 0; i < 64; ++i)
    if (h[i] != i) {
      std::printf("FAIL: x[%d] = %d\n", i, h[i]);
      return 1;
    }
  std::printf("PASS\n");
  return 0;
}
