#pragma once
// OpenBLAS sgemm (on every core, or on OPENBLAS_NUM_THREADS), the baseline every GEMM figure of
// gemm_bench is divided by.
//
// OpenBLAS's worker threads keep spinning (sched_yield) for a while after each call; the
// benchmarks let them go to sleep before they time the emulator, which would otherwise share the
// cores with them.

#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <random>
#include <thread>
#include <vector>

namespace wavemma::bench {

inline void let_openblas_sleep() { std::this_thread::sleep_for(std::chrono::milliseconds(500)); }

// What cblas_sgemm reaches at n^3: GFLOP/s of wall time, and GFLOP per CPU-second of the process
// (per core; on a shared machine the wall time says more about the neighbours than about the
// code). Each the best of at least 10 runs and 0.5 s (sgemm's own speed varies from run to run,
// and a ratio should not flatter the emulator). Measured once per size and process.
struct SgemmSpeed {
  double gflops = 0, cpu_gflops = 0;
};
inline SgemmSpeed sgemm_speed(int n) {
  static std::map<int, SgemmSpeed> cache;
  if (auto it = cache.find(n); it != cache.end()) return it->second;
  std::vector<float> a(size_t(n) * n), b(size_t(n) * n), c(size_t(n) * n);
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(-1, 1);
  for (auto& v : a) v = u(rng);
  for (auto& v : b) v = u(rng);
  SgemmSpeed best;
  double const flops = 2.0 * n * n * n;
  auto const start = std::chrono::steady_clock::now();
  for (int rep = 0; rep < 10 || std::chrono::steady_clock::now() - start < std::chrono::milliseconds(500); ++rep) {
    auto const t0 = std::chrono::steady_clock::now();
    std::clock_t const c0 = std::clock();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.f, a.data(), n, b.data(), n, 0.f, c.data(), n);
    double const cpu = double(std::clock() - c0) / CLOCKS_PER_SEC;
    double const s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best.gflops = std::max(best.gflops, flops / s / 1e9);
    if (cpu > 0) best.cpu_gflops = std::max(best.cpu_gflops, flops / cpu / 1e9);
  }
  let_openblas_sleep();
  return cache[n] = best;
}
inline double sgemm_gflops(int n) { return sgemm_speed(n).gflops; }

} // namespace wavemma::bench
