// Host helpers shared by the examples: error checks, timing, metrics, random inputs and the
// f64 check, in the style of the seeds' example programs (gemm-system.md §3), minus their
// identity-B verification (seed-errata.md §A.2): B is random here.
#pragma once

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include <wavemma/hip.hpp>

#define HIP_CHECK(expr)                                                                                                \
  do {                                                                                                                 \
    hipError_t const e_ = (expr);                                                                                      \
    if (e_ != hipSuccess) {                                                                                            \
      std::fprintf(stderr, "HIP error %s at %s:%d\n", hipGetErrorString(e_), __FILE__, __LINE__);                      \
      std::exit(EXIT_FAILURE);                                                                                         \
    }                                                                                                                  \
  } while (0)

// The emulated GPU is slower than a real one: smaller default problems on the CPU.
#if defined(WAVEMMA_SIMT)
inline constexpr int kDefaultSize = 256;
inline constexpr int kWarmupRuns = 1, kTimingRuns = 2;
#else
inline constexpr int kDefaultSize = 4096;
inline constexpr int kWarmupRuns = 3, kTimingRuns = 10;
#endif

inline int size_from_args(int argc, char** argv) {
  int const n = argc > 1 ? std::atoi(argv[1]) : kDefaultSize;
  if (n <= 0) {
    std::fprintf(stderr, "usage: %s [size]  (a positive matrix size, default %d)\n", argv[0], kDefaultSize);
    std::exit(2);
  }
  return n;
}

inline void print_device() {
  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  std::printf("Device: %s (%s, warpSize %d)\n", props.name, props.gcnArchName, props.warpSize);
}

template <class Launch>
float time_kernel_ms(Launch const& launch) {
  for (int i = 0; i < kWarmupRuns; ++i) {
    launch();
    HIP_CHECK(hipDeviceSynchronize());
  }
  hipEvent_t start, stop;
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&stop));
  HIP_CHECK(hipEventRecord(start, 0));
  for (int i = 0; i < kTimingRuns; ++i) launch();
  HIP_CHECK(hipEventRecord(stop, 0));
  HIP_CHECK(hipEventSynchronize(stop));
  float ms = 0;
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  return ms / kTimingRuns;
}

inline void print_metrics(char const* label, bool passed, float ms, double bytes, int m, int n, int k) {
  std::printf("%s: %s\n", label, passed ? "PASSED" : "FAILED");
  std::printf("  Average kernel time: %.3f ms\n", ms);
  std::printf("  Eff. bandwidth: %.3f GB/s\n", bytes / (ms * 1e-3) / 1e9);
  std::printf("  Arithmetic throughput: %.6f TFLOPS\n", 2.0 * m * n * k / (ms * 1e-3) / 1e12);
}

// Uniform values in [-1, 1] of type T (rounded to nearest).
template <class T>
std::vector<T> random_matrix(int rows, int cols, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  std::vector<T> m(static_cast<size_t>(rows) * cols);
  for (auto& v : m) v = static_cast<T>(dist(gen));
  return m;
}

// C against an f64 reference, element by element, with the error bound of a K-term f32 dot
// product ((K + 2) units of 2^-23 times the sum of |a*b|, plus `input_error` relative per product
// for inputs the instruction itself rounds, e.g. xf32).
template <class TA, class TB>
bool verify(std::vector<float> const& c, std::vector<TA> const& a, std::vector<TB> const& b, int m, int n, int k,
            double input_error = 0) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double sum = 0, abs_sum = 0;
      for (int kk = 0; kk < k; ++kk) {
        double const p = static_cast<double>(a[size_t(i) * k + kk]) * static_cast<double>(b[size_t(kk) * n + j]);
        sum += p;
        abs_sum += std::fabs(p);
      }
      double const tol = ((k + 2) * std::ldexp(1.0, -23) + input_error) * abs_sum + 1e-30;
      if (std::fabs(c[size_t(i) * n + j] - sum) > tol) {
        std::printf("  mismatch at C[%d][%d]: %.9g, reference %.9g (tolerance %.3g)\n", i, j, c[size_t(i) * n + j], sum,
                    tol);
        return false;
      }
    }
  return true;
}
