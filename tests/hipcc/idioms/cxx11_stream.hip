// The idiom of the older benchmarks (HIP-Examples' reduction and add4, STREAM): a program written
// for C++11 and built with -std=c++11, which keeps what C++17 dropped ('register' variables, a
// dynamic exception specification) and runs STREAM's copy, scale, add and triad kernels. The
// reference is the same arithmetic on the host in exact integers (every value is an integer far
// below 2^53, so the doubles are exact).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <new>

#if __cplusplus < 201103L
#error "this program is C++11"
#endif

#define CHECK(command)                                                                                                 \
  do {                                                                                                                 \
    hipError_t const status = (command);                                                                               \
    if (status != hipSuccess) {                                                                                        \
      std::fprintf(stderr, "HIP error %s at line %d\n", hipGetErrorString(status), __LINE__);                          \
      std::exit(EXIT_FAILURE);                                                                                         \
    }                                                                                                                  \
  } while (0)

template <typename T>
__global__ void copy(T const* a, T* c, int n) {
  int const i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i];
}
template <typename T>
__global__ void scale(T* b, T const* c, T s, int n) {
  int const i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = s * c[i];
}
template <typename T>
__global__ void add(T const* a, T const* b, T* c, int n) {
  int const i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
template <typename T>
__global__ void triad(T* a, T const* b, T const* c, T s, int n) {
  int const i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + s * c[i];
}

double* device_array(int n) throw(std::bad_alloc) {
  double* p = 0;
  if (hipMalloc(&p, n * sizeof(double)) != hipSuccess) throw std::bad_alloc();
  return p;
}

int main() {
  int const n = 3000; // not a multiple of the block size
  int const block = 256;
  int const grid = (n + block - 1) / block;
  double const s = 3;
  double* host = new double[n];
  for (register int i = 0; i < n; ++i) host[i] = i % 97;
  double *a = device_array(n), *b = device_array(n), *c = device_array(n);
  CHECK(hipMemcpy(a, host, n * sizeof(double), hipMemcpyHostToDevice));
  for (int times = 0; times < 2; ++times) {
    hipLaunchKernelGGL(copy<double>, dim3(grid), dim3(block), 0, 0, a, c, n);
    hipLaunchKernelGGL(scale<double>, dim3(grid), dim3(block), 0, 0, b, c, s, n);
    hipLaunchKernelGGL(add<double>, dim3(grid), dim3(block), 0, 0, a, b, c, n);
    hipLaunchKernelGGL(triad<double>, dim3(grid), dim3(block), 0, 0, a, b, c, s, n);
    CHECK(hipGetLastError());
  }
  CHECK(hipDeviceSynchronize());
  double* got[3] = {new double[n], new double[n], new double[n]};
  CHECK(hipMemcpy(got[0], a, n * sizeof(double), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(got[1], b, n * sizeof(double), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(got[2], c, n * sizeof(double), hipMemcpyDeviceToHost));

  register int errors = 0;
  for (int i = 0; i < n; ++i) {
    long long ea = i % 97, eb = 0, ec = 0;
    for (int times = 0; times < 2; ++times) {
      ec = ea;
      eb = 3 * ec;
      ec = ea + eb;
      ea = eb + 3 * ec;
    }
    long long const expected[3] = {ea, eb, ec};
    for (int k = 0; k < 3; ++k)
      if (got[k][i] != static_cast<double>(expected[k]) && errors++ < 5)
        std::printf("array %d [%d] = %.17g, expected %lld\n", k, i, got[k][i], expected[k]);
  }
  std::printf("%s\n", errors == 0 ? "PASSED" : "FAILED");
  delete[] host;
  for (double* g : got) delete[] g;
  return errors == 0 ? 0 : 1;
}
