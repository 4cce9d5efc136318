// The idiom of AMD's HPC training examples that mix OpenMP and HIP: built with -fopenmp, the
// host includes <omp.h> after hip/hip_runtime.h, fills the input and computes the reference in
// `#pragma omp parallel for` loops (a reduction among them), and a kernel does the same work.
// The reference is exact integer arithmetic; the OpenMP runtime's answers are checked against
// what OpenMP defines (the host is the initial device, a parallel region has at least one thread).
#include <hip/hip_runtime.h>
#include <omp.h>

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

__global__ void polynomial(long long const* x, long long* y, int n) {
  int const i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = (3 * x[i] - 7) * x[i] + 11;
}

int main() {
  int const n = 10000;
  std::vector<long long> x(n), y(n, 0), expected(n);
#pragma omp parallel for
  for (int i = 0; i < n; ++i) x[i] = i % 2001 - 1000;
#pragma omp parallel for
  for (int i = 0; i < n; ++i) expected[i] = (3 * x[i] - 7) * x[i] + 11;

  long long *dx, *dy;
  HIP_CHECK(hipMalloc(&dx, n * sizeof(long long)));
  HIP_CHECK(hipMalloc(&dy, n * sizeof(long long)));
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(long long), hipMemcpyHostToDevice));
  polynomial<<<(n + 255) / 256, 256>>>(dx, dy, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(y.data(), dy, n * sizeof(long long), hipMemcpyDeviceToHost));

  int errors = 0;
  long long sum = 0, expected_sum = 0;
#pragma omp parallel for reduction(+ : errors, sum)
  for (int i = 0; i < n; ++i) {
    errors += y[i] != expected[i];
    sum += y[i];
  }
  for (int i = 0; i < n; ++i) expected_sum += (3LL * (i % 2001 - 1000) - 7) * (i % 2001 - 1000) + 11;
  if (sum != expected_sum) {
    std::printf("sum %lld, expected %lld\n", sum, expected_sum);
    ++errors;
  }
  int threads = 0;
#pragma omp parallel
  {
#pragma omp single
    threads = omp_get_num_threads();
  }
  if (omp_is_initial_device() != 1 || threads < 1) {
    std::printf("omp_is_initial_device() = %d, threads = %d\n", omp_is_initial_device(), threads);
    ++errors;
  }
  HIP_CHECK(hipFree(dx));
  HIP_CHECK(hipFree(dy));
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : 1;
}
