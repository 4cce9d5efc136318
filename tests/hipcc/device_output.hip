// printf and assert in device code. `printf` prints from lanes as the GPU's does (whole lines);
// a failed assert reports the kernel, block and thread, as HIP's device assert does, and aborts
// the program (run as `device_output printf` or `device_output assert`).

#include <hip/hip_runtime.h>

#include <cassert>
#include <cstdio>
#include <cstring>

__global__ void talking(int answer) {
  if (blockIdx.x == 1 && threadIdx.x == 2) printf("block %u thread %u says %d\n", blockIdx.x, threadIdx.x, answer);
}
__global__ void asserting(int const* values) {
  int const value = values[blockIdx.x * blockDim.x + threadIdx.x];
  assert(value != 3);
}

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "printf") == 0) {
    talking<<<2, 4>>>(42);
    if (hipDeviceSynchronize() != hipSuccess) return 1;
    std::printf("printf: ok\n");
    return 0;
  }
  if (argc == 2 && std::strcmp(argv[1], "assert") == 0) {
    int host[8] = {0, 1, 2, 4, 5, 6, 7, 3}; // block 1, thread 3 holds the 3
    int* d = nullptr;
    if (hipMalloc(&d, sizeof host) != hipSuccess) return 1;
    if (hipMemcpy(d, host, sizeof host, hipMemcpyHostToDevice) != hipSuccess) return 1;
    asserting<<<2, 4>>>(d);
    (void)hipDeviceSynchronize();
    std::printf("not reached: the assertion aborts\n");
    return 0;
  }
  std::fprintf(stderr, "usage: device_output printf|assert\n");
  return 2;
}
