// The runtime idioms of AMD's samples and training examples: a HIP_CHECK macro around every call,
// work split over streams created with hipStreamCreateWithFlags(..., hipStreamDefault) and
// hipStreamNonBlocking, asynchronous copies and <<<grid, block, 0, stream>>> launches, events
// recorded on the null stream (hipEventRecord(e, hipStreamDefault)) and on each stream, and
// hipEventElapsedTime. The reference is exact integer arithmetic on the host.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(command)                                                                                             \
  {                                                                                                                    \
    hipError_t const status = command;                                                                                 \
    if (status != hipSuccess) {                                                                                        \
      std::fprintf(stderr, "HIP error %s at %s:%d\n", hipGetErrorString(status), __FILE__, __LINE__);                  \
      std::exit(EXIT_FAILURE);                                                                                         \
    }                                                                                                                  \
  }

__global__ void affine(int const* in, int* out, int n, int scale, int offset) {
  int const i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * scale + offset;
}

int main() {
  constexpr int streams = 4;
  constexpr int chunk = 1000; // not a multiple of the block size
  constexpr int n = streams * chunk;
  std::vector<int> host_in(n), host_out(n, -1);
  for (int i = 0; i < n; ++i) host_in[i] = (i * 37) % 1001 - 500;

  int *in, *out;
  HIP_CHECK(hipMalloc(&in, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&out, n * sizeof(int)));

  hipStream_t stream[streams];
  for (int s = 0; s < streams; ++s)
    HIP_CHECK(hipStreamCreateWithFlags(&stream[s], s % 2 == 0 ? hipStreamDefault : hipStreamNonBlocking));
  hipEvent_t start, stop, done[streams];
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&stop));
  for (int s = 0; s < streams; ++s) HIP_CHECK(hipEventCreate(&done[s]));

  HIP_CHECK(hipEventRecord(start, hipStreamDefault));
  for (int s = 0; s < streams; ++s) {
    int const first = s * chunk;
    HIP_CHECK(
        hipMemcpyAsync(in + first, host_in.data() + first, chunk * sizeof(int), hipMemcpyHostToDevice, stream[s]));
    affine<<<dim3((chunk + 255) / 256), dim3(256), 0, stream[s]>>>(in + first, out + first, chunk, s + 2, -s);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(
        hipMemcpyAsync(host_out.data() + first, out + first, chunk * sizeof(int), hipMemcpyDeviceToHost, stream[s]));
    HIP_CHECK(hipEventRecord(done[s], stream[s]));
  }
  for (int s = 0; s < streams; ++s) HIP_CHECK(hipStreamWaitEvent(0, done[s], 0));
  HIP_CHECK(hipEventRecord(stop, hipStreamDefault));
  HIP_CHECK(hipEventSynchronize(stop));
  float ms = -1;
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));

  int errors = 0;
  for (int s = 0; s < streams; ++s) {
    HIP_CHECK(hipEventQuery(done[s]));
    for (int i = s * chunk; i < (s + 1) * chunk; ++i) {
      int const expected = host_in[i] * (s + 2) - s;
      if (host_out[i] != expected && errors++ < 5) std::printf("out[%d] = %d, expected %d\n", i, host_out[i], expected);
    }
  }
  if (!(ms >= 0)) {
    std::printf("elapsed time %g ms is not a time\n", ms);
    ++errors;
  }
  for (int s = 0; s < streams; ++s) {
    HIP_CHECK(hipEventDestroy(done[s]));
    HIP_CHECK(hipStreamDestroy(stream[s]));
  }
  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  HIP_CHECK(hipFree(in));
  HIP_CHECK(hipFree(out));
  std::printf("%s: %d errors\n", errors == 0 ? "PASSED" : "FAILED", errors);
  return errors == 0 ? 0 : 1;
}
