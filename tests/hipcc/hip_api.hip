// HIP's constants as HIP declares them (hip_runtime_api.h): flags that are macros, so that they
// pass as a null stream; HIP_SUCCESS; __noinline__ before the standard library's own use of it.
#include <hip/hip_runtime.h>

#include <filesystem>
#include <memory>

#include <cstdio>

#define CHECK(expr)                                                                                                    \
  do {                                                                                                                 \
    hipError_t const e = (expr);                                                                                       \
    if (e != hipSuccess) {                                                                                             \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, hipGetErrorString(e));                                 \
      return 1;                                                                                                        \
    }                                                                                                                  \
  } while (0)

__device__ __noinline__ int twice(int x) { return 2 * x; }

__global__ void fill(int* out) { out[threadIdx.x] = twice(static_cast<int>(threadIdx.x)); }

// The preprocessor sees the flags, as with HIP (an enumerator would not be #if-able).
#if hipStreamDefault != 0 || hipStreamNonBlocking != 1 || hipEventDisableTiming != 2 || hipHostMallocMapped != 2
#error "flag values differ from hip_runtime_api.h"
#endif
static_assert(HIP_SUCCESS == 0 && HIP_ERROR_INVALID_VALUE == 1 && HIP_ERROR_LAUNCH_OUT_OF_RESOURCES == 3);
static_assert(sizeof(hipModule_t) == sizeof(void*) && sizeof(hipFunction_t) == sizeof(void*));

int main() {
  auto host = std::make_unique<int[]>(64);
  int* device = nullptr;
  hipEvent_t start, stop;
  CHECK(hipMalloc(&device, 64 * sizeof(int)));
  CHECK(hipEventCreate(&start));
  CHECK(hipEventCreate(&stop));
  CHECK(hipEventRecord(start, hipStreamDefault));
  fill<<<dim3(1), dim3(64), 0, hipStreamDefault>>>(device);
  CHECK(hipGetLastError());
  CHECK(hipEventRecord(stop, hipStreamDefault));
  CHECK(hipStreamSynchronize(hipStreamDefault));
  CHECK(hipMemcpy(host.get(), device, 64 * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) {
    if (host[i] != 2 * i) {
      std::printf("out[%d] = %d, expected %d\n", i, host[i], 2 * i);
      return 1;
    }
  }
  hipStream_t stream;
  CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  unsigned int flags = 99;
  CHECK(hipStreamGetFlags(stream, &flags));
  if (flags != 1) return 1;
  CHECK(hipStreamDestroy(stream));
  CHECK(hipEventDestroy(start));
  CHECK(hipEventDestroy(stop));
  CHECK(hipFree(device));
  std::printf("hip_api: ok (%s)\n", std::filesystem::path("a/b").filename().c_str());
  return 0;
}
