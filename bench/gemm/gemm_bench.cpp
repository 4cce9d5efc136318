// wavemma gemm against OpenBLAS sgemm on the same sizes, in one run: GFLOP/s of each policy's
// kernel on the SIMT runtime (both cores, checks off), GFLOP/s of cblas_sgemm (both cores), and
// their ratio as the counter vs_sgemm. The same per CPU-second (cpu_GFLOP/s, vs_sgemm_cpu): on a
// shared machine, run with WAVEMMA_THREADS=1 OPENBLAS_NUM_THREADS=1 these are per-core figures that
// the neighbours' load hardly moves. The seed-style kernel (seed_style_bench.cpp) runs in the
// same binary.

#include <benchmark/benchmark.h>
#include <cblas.h>

#include <vector>

#include "policy_timing.hpp"
#include "sgemm_baseline.hpp"

namespace {

using namespace wavemma;
using bench::let_openblas_sleep;

void bm_sgemm(benchmark::State& state) {
  int const n = static_cast<int>(state.range(0));
  std::vector<float> a(size_t(n) * n, 0.5f), b(size_t(n) * n, 0.25f), c(size_t(n) * n);
  for (auto _ : state)
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.f, a.data(), n, b.data(), n, 0.f, c.data(), n);
  state.counters["GFLOP/s"] = benchmark::Counter(2.0 * n * n * n / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  let_openblas_sleep(); // after the timed loop
}

void bm_policy(benchmark::State& state, char const* arch, char const* policy) {
  int const n = static_cast<int>(state.range(0));
  bench::SgemmSpeed const sgemm = bench::sgemm_speed(n); // before the timed run, so that OpenBLAS is idle during it
  double seconds = 0, cpu_seconds = 0;
  for (auto _ : state) {
    bench::KernelTime const t = bench::time_policy(arch, policy, n);
    if (!t.error.empty()) state.SkipWithError(t.error.c_str());
    seconds += t.seconds;
    cpu_seconds += t.cpu_seconds;
    state.SetIterationTime(t.seconds);
  }
  double const flops = 2.0 * n * n * n * static_cast<double>(state.iterations());
  double const gflops = flops / seconds / 1e9;
  state.counters["GFLOP/s"] = gflops;
  state.counters["MAC/s"] = gflops / 2 * 1e9;
  state.counters["vs_sgemm"] = gflops / sgemm.gflops;
  state.counters["sgemm_GFLOP/s"] = sgemm.gflops;
  if (cpu_seconds > 0) {
    state.counters["cpu_GFLOP/s"] = flops / cpu_seconds / 1e9;
    state.counters["vs_sgemm_cpu"] = flops / cpu_seconds / 1e9 / sgemm.cpu_gflops;
  }
}

// clang-format off
BENCHMARK(bm_sgemm)->Arg(256)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond);
#define WAVEMMA_POLICY(arch, policy) \
  BENCHMARK_CAPTURE(bm_policy, arch##_##policy, #arch, #policy)->Arg(256)->Arg(512)->Arg(1024)->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond)
WAVEMMA_POLICY(gfx1201, wmma_f16);
WAVEMMA_POLICY(gfx1201, wmma_bf16);
WAVEMMA_POLICY(gfx1201, wmma_f16_tr);
WAVEMMA_POLICY(gfx1201, swmmac_f16);
WAVEMMA_POLICY(gfx1201, wmma_fp8);
WAVEMMA_POLICY(gfx1201, wmma_iu8);
WAVEMMA_POLICY(gfx1100, wmma_f16);
WAVEMMA_POLICY(gfx1100, wmma_bf16);
WAVEMMA_POLICY(gfx942, mfma_f16);
WAVEMMA_POLICY(gfx942, mfma_f16_32x32);
WAVEMMA_POLICY(gfx942, mfma_bf16_1k);
WAVEMMA_POLICY(gfx942, mfma_xf32);
WAVEMMA_POLICY(gfx942, mfma_fp8);
WAVEMMA_POLICY(gfx942, mfma_i8);
WAVEMMA_POLICY(gfx1201, scalar_fma_f32);
// clang-format on

} // namespace

BENCHMARK_MAIN();
