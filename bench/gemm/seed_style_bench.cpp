// A GEMM kernel written the way the seeds' RDNA4 example program writes its baseline, run on the
// SIMT runtime: what such a kernel costs per lane and per step, against wavemma's own wmma_f16
// policy and OpenBLAS sgemm, with random and with identity B.
//
// The style (our own code, not the guide's): a 32x32 block tile of four wave32 waves, a K tile of
// 16, a single LDS buffer for the A strip and the transposed B strip filled by scalar cooperative
// loops with bounds checks, a barrier after the loads and one after the compute, and one
// v_wmma_f32_16x16x16_f16 per wave per step with its fragments read element by element from LDS.
//
// Counters: GFLOP/s (2mnk / wall time, both cores), vs_policy (this kernel's time over the
// wmma_f16 policy's at the same size, random data), vs_sgemm, and the same per CPU-second
// (cpu_GFLOP/s, vs_policy_cpu, vs_sgemm_cpu: see gemm_bench.cpp), ns_per_lane_step (CPU time /
// (threads x K steps)), fallback (elements the engines handed to the reference core).
//
// bm_seed_style_parts runs the same kernel with parts left out (on one thread, 512^3), so that
// the cost of a lane-step splits into the cooperative loads, the two barriers and the WMMA
// collective.

#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "policy_timing.hpp"
#include "sgemm_baseline.hpp"
#include "wavemma/hip.hpp"
#include "wavemma/numeric/engine.hpp"

namespace {

using namespace wavemma;

// --- the kernel ---------------------------------------------------------------------------------

constexpr int kBlockTile = 32, kKTile = 16, kWave = 32, kThreads = 128;
using half8 = _Float16 __attribute__((ext_vector_type(8)));
using float8 = float __attribute__((ext_vector_type(8)));

// The parts of a step; all three is the kernel.
enum Parts : unsigned { kLoads = 1, kBarriers = 2, kWmma = 4, kAll = 7 };

template <unsigned kParts = kAll>
__global__ void __launch_bounds__(kThreads)
    gemm_seed_style(_Float16 const* A, _Float16 const* B, float* C, int m, int n, int k) {
  __shared__ _Float16 tile_a[kBlockTile][kKTile];
  __shared__ _Float16 tile_b_t[kBlockTile][kKTile]; // [n][k]
  int const tid = threadIdx.x;
  int const lane = tid % kWave, wave = tid / kWave;
  int const block_row = blockIdx.y * kBlockTile, block_col = blockIdx.x * kBlockTile;
  int const wave_row = (wave / 2) * 16, wave_col = (wave % 2) * 16; // 2 x 2 waves of 16 x 16
  float8 acc = {};
  for (int t = 0; t < (k + kKTile - 1) / kKTile; ++t) {
    for (int idx = tid; kParts & kLoads && idx < kBlockTile * kKTile; idx += kThreads) {
      int const r = idx / kKTile, c = idx % kKTile;
      int const gr = block_row + r, gc = t * kKTile + c;
      tile_a[r][c] = gr < m && gc < k ? A[gr * k + gc] : static_cast<_Float16>(0.0f);
    }
    for (int idx = tid; kParts & kLoads && idx < kBlockTile * kKTile; idx += kThreads) {
      int const c = idx / kKTile, kk = idx % kKTile;
      int const gk = t * kKTile + kk, gc = block_col + c;
      tile_b_t[c][kk] = gk < k && gc < n ? B[gk * n + gc] : static_cast<_Float16>(0.0f);
    }
    if constexpr (kParts & kBarriers) __syncthreads();
    // gfx12 16x16x16 f16: lane L holds row (column) L % 16 and k = (L / 16) * 8 + e of A (B).
    half8 a, b;
    for (int e = 0; e < 8; ++e) {
      a[e] = tile_a[wave_row + lane % 16][(lane / 16) * 8 + e];
      b[e] = tile_b_t[wave_col + lane % 16][(lane / 16) * 8 + e];
    }
    if constexpr (kParts & kWmma)
      acc = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc);
    else
      acc[0] += static_cast<float>(a[0]) + static_cast<float>(b[0]); // keeps the fragment reads
    if constexpr (kParts & kBarriers) __syncthreads();
  }
  // D: lane L holds column L % 16, rows (L / 16) * 8 + g.
  for (int g = 0; g < 8; ++g) {
    int const r = block_row + wave_row + (lane / 16) * 8 + g, c = block_col + wave_col + lane % 16;
    if (r < m && c < n) C[r * n + c] = acc[g];
  }
}

// --- the benchmark ------------------------------------------------------------------------------

enum class BData { kRandom, kIdentity };

// The wmma_f16 policy at n^3 (random inputs, checks off), once per size.
bench::KernelTime policy_time(int n) {
  static std::map<int, bench::KernelTime> cache;
  if (auto it = cache.find(n); it != cache.end()) return it->second;
  return cache[n] = bench::time_policy("gfx1201", "wmma_f16", n);
}

// A few rows of C against an f64 reference: exact for identity B, within the error bound of a
// K-term f32 accumulation otherwise.
bool plausible(std::vector<_Float16> const& a, std::vector<_Float16> const& b, std::vector<float> const& c, int n) {
  for (int i = 0; i < n; i += n / 8) {
    for (int j = 0; j < n; ++j) {
      double sum = 0, abs_sum = 0;
      for (int kk = 0; kk < n; ++kk) {
        double const p = double(a[size_t(i) * n + kk]) * double(b[size_t(kk) * n + j]);
        sum += p;
        abs_sum += std::fabs(p);
      }
      if (std::fabs(c[size_t(i) * n + j] - sum) > (n + 2) * std::ldexp(1.0, -23) * abs_sum) return false;
    }
  }
  return true;
}

// A, B and C in device memory, and launches of the kernel on them, timed.
class DeviceGemm {
public:
  DeviceGemm(std::vector<_Float16> const& a, std::vector<_Float16> const& b, int n) : n_(n) {
    (void)hipMalloc(&a_, a.size() * sizeof(_Float16));
    (void)hipMalloc(&b_, b.size() * sizeof(_Float16));
    (void)hipMalloc(&c_, size_t(n) * n * sizeof(float));
    (void)hipMemcpy(a_, a.data(), a.size() * sizeof(_Float16), hipMemcpyHostToDevice);
    (void)hipMemcpy(b_, b.data(), b.size() * sizeof(_Float16), hipMemcpyHostToDevice);
  }
  DeviceGemm(DeviceGemm const&) = delete;
  DeviceGemm& operator=(DeviceGemm const&) = delete;
  ~DeviceGemm() {
    (void)hipFree(a_);
    (void)hipFree(b_);
    (void)hipFree(c_);
  }

  dim3 grid() const { return dim3(unsigned(n_ / kBlockTile), unsigned(n_ / kBlockTile)); }
  double lane_steps() const { return double(grid().x) * grid().y * kThreads * (n_ / kKTile); }

  // Runs the kernel once; adds its wall and CPU (every thread) seconds.
  template <unsigned kParts>
  void launch(double& seconds, double& cpu_seconds) {
    auto const t0 = std::chrono::steady_clock::now();
    std::clock_t const c0 = std::clock();
    hipLaunchKernelGGL(gemm_seed_style<kParts>, grid(), dim3(kThreads), 0, 0, a_, b_, c_, n_, n_, n_);
    (void)hipDeviceSynchronize();
    cpu_seconds += double(std::clock() - c0) / CLOCKS_PER_SEC;
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  bool failed() const { return hipGetLastError() != hipSuccess; }
  std::vector<float> c() const {
    std::vector<float> out(size_t(n_) * n_);
    (void)hipMemcpy(out.data(), c_, out.size() * sizeof(float), hipMemcpyDeviceToHost);
    return out;
  }

private:
  int n_;
  _Float16 *a_ = nullptr, *b_ = nullptr;
  float* c_ = nullptr;
};

void bm_seed_style(benchmark::State& state, BData data) {
  int const n = static_cast<int>(state.range(0));
  bench::SgemmSpeed const sgemm = bench::sgemm_speed(n); // before the timed runs, so that OpenBLAS is idle during them
  bench::KernelTime const policy = policy_time(n);
  simt::set_target("gfx1201");
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  std::vector<_Float16> a(size_t(n) * n), b(size_t(n) * n, static_cast<_Float16>(0.0f));
  for (auto& v : a) v = static_cast<_Float16>(unit(rng));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (data == BData::kRandom)
        b[size_t(i) * n + j] = static_cast<_Float16>(unit(rng));
      else if (i == j)
        b[size_t(i) * n + j] = static_cast<_Float16>(1.0f);
  DeviceGemm gemm(a, b, n);
  double seconds = 0, cpu_seconds = 0;
  numeric::TileCounts const counts_before = numeric::tile_counts();
  for (auto _ : state) {
    double s = 0;
    gemm.launch<kAll>(s, cpu_seconds);
    state.SetIterationTime(s);
    seconds += s;
  }
  numeric::TileCounts const counts = numeric::tile_counts() - counts_before;
  if (gemm.failed()) state.SkipWithError("launch failed");
  if (!plausible(a, b, gemm.c(), n)) state.SkipWithError("wrong result");
  double const per_run = seconds / double(state.iterations());
  double const gflops = 2.0 * n * n * n / per_run / 1e9;
  state.counters["GFLOP/s"] = gflops;
  state.counters["vs_policy"] = per_run / policy.seconds;
  state.counters["vs_policy_cpu"] = cpu_seconds / double(state.iterations()) / policy.cpu_seconds;
  state.counters["vs_sgemm"] = gflops / sgemm.gflops;
  state.counters["cpu_GFLOP/s"] = 2.0 * n * n * n * double(state.iterations()) / cpu_seconds / 1e9;
  state.counters["vs_sgemm_cpu"] = 2.0 * n * n * n * double(state.iterations()) / cpu_seconds / 1e9 / sgemm.cpu_gflops;
  state.counters["ns_per_lane_step"] = cpu_seconds / double(state.iterations()) / gemm.lane_steps() * 1e9;
  state.counters["fallback"] =
      double(counts.fallbacks + counts.unvectorised) / double(std::max<uint64_t>(counts.elements, 1));
}

// CPU ns per lane-step of the kernel with only some of its parts, one thread, 512^3.
template <unsigned kParts>
void bm_seed_style_parts(benchmark::State& state) {
  int const n = 512;
  simt::set_target("gfx1201");
  simt::set_threads(1);
  DeviceGemm gemm(std::vector<_Float16>(size_t(n) * n, static_cast<_Float16>(0.5f)),
                  std::vector<_Float16>(size_t(n) * n, static_cast<_Float16>(0.25f)), n);
  double seconds = 0, cpu_seconds = 0;
  for (auto _ : state) gemm.launch<kParts>(seconds, cpu_seconds);
  if (gemm.failed()) state.SkipWithError("launch failed");
  simt::set_threads(0);
  state.counters["ns_per_lane_step"] = cpu_seconds / double(state.iterations()) / gemm.lane_steps() * 1e9;
}

// clang-format off
BENCHMARK(bm_seed_style_parts<0>)->Name("bm_seed_style_parts/fragment_reads")->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_seed_style_parts<kLoads>)->Name("bm_seed_style_parts/loads")->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_seed_style_parts<kBarriers>)->Name("bm_seed_style_parts/barriers")->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_seed_style_parts<kWmma>)->Name("bm_seed_style_parts/wmma")->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_seed_style_parts<kLoads | kBarriers>)->Name("bm_seed_style_parts/loads_barriers")->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_seed_style_parts<kAll>)->Name("bm_seed_style_parts/all")->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_seed_style, random_b, BData::kRandom)->Arg(512)->Arg(1024)->UseManualTime()->Iterations(2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_seed_style, identity_b, BData::kIdentity)->Arg(512)->Arg(1024)->UseManualTime()->Iterations(2)->Unit(benchmark::kMillisecond);
// clang-format on

} // namespace
