// MAC/s of dot_tile per engine for the WMMA (16x16x16) and MFMA (32x32x8) tile shapes.
//
//   numeric_bench --benchmark_filter=f32out     the vectorised f32-output engines
//   numeric_bench --benchmark_counters_tabular=true

#include "wavemma/numeric/engine.hpp"

#include <benchmark/benchmark.h>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace wavemma::numeric {
namespace {

// Values like a GEMM sees them: magnitudes around 1 with a few binades of spread, both signs.
uint64_t typical_code(Format f, std::mt19937_64& rng) {
  FormatInfo const& fi = info(f);
  if (!fi.is_float) return rng() & storage_mask(f);
  int const spread = std::min(4, fi.bias - 1);
  auto const e =
      static_cast<uint64_t>(fi.bias + static_cast<int>(rng() % static_cast<uint64_t>(2 * spread + 1)) - spread);
  uint64_t const frac = rng() & ((uint64_t{1} << fi.stored_frac_bits) - 1);
  return (rng() & 1) << (fi.bits - 1) | e << fi.stored_frac_bits | frac;
}

void bench_tile(benchmark::State& state, Model m, int M, int N, int K) {
  std::mt19937_64 rng(42);
  std::vector<uint64_t> a(static_cast<size_t>(M) * static_cast<size_t>(K));
  std::vector<uint64_t> bt(static_cast<size_t>(N) * static_cast<size_t>(K));
  std::vector<uint64_t> c(static_cast<size_t>(M) * static_cast<size_t>(N));
  std::vector<uint64_t> d(c.size());
  for (auto& x : a) x = typical_code(m.a, rng);
  for (auto& x : bt) x = typical_code(m.b, rng);
  for (auto& x : c) x = typical_code(m.out, rng);
  for (auto _ : state) {
    dot_tile(m, M, N, K, a.data(), bt.data(), c.data(), d.data());
    benchmark::DoNotOptimize(d.data());
    benchmark::ClobberMemory();
  }
  double const macs = static_cast<double>(M) * N * K * static_cast<double>(state.iterations());
  state.counters["MAC/s"] = benchmark::Counter(macs, benchmark::Counter::kIsRate);
  state.SetLabel(has_fast_tile(m) ? "vectorised" : "reference core");
}

struct Entry {
  std::string name;
  Model model;
};

std::vector<Entry> entries() {
  using F = Format;
  return {
      {"cdna3_fused_dot/f16/f32out", {Engine::kCdna3FusedDot, F::kF16, F::kF16, F::kF32, 8}},
      {"cdna3_fused_dot/bf16/f32out", {Engine::kCdna3FusedDot, F::kBf16, F::kBf16, F::kF32, 8}},
      {"cdna3_fused_dot/xf32/f32out", {Engine::kCdna3FusedDot, F::kXf32, F::kXf32, F::kF32, 4}},
      {"rdna3_dot2/f16/f32out", {Engine::kRdna3Dot2, F::kF16, F::kF16, F::kF32, 2}},
      {"rdna3_dot2/bf16/f32out", {Engine::kRdna3Dot2, F::kBf16, F::kBf16, F::kF32, 2}},
      {"rdna4_dot4/f16/f32out", {Engine::kRdna4Dot4, F::kF16, F::kF16, F::kF32, 4}},
      {"rdna4_dot4/bf16/f32out", {Engine::kRdna4Dot4, F::kBf16, F::kBf16, F::kF32, 4}},
      {"rdna3_dot2/f16/f16out", {Engine::kRdna3Dot2, F::kF16, F::kF16, F::kF16, 2}},
      {"rdna4_dot4/bf16/bf16out", {Engine::kRdna4Dot4, F::kBf16, F::kBf16, F::kBf16, 4}},
      {"rdna4_dot4/fp8/f32out", {Engine::kRdna4Dot4, F::kFp8E4M3, F::kFp8E4M3, F::kF32, 4}},
      {"cdna3_fp8_dot/fp8/f32out", {Engine::kCdna3Fp8Dot, F::kFp8E4M3Fnuz, F::kFp8E4M3Fnuz, F::kF32, 16}},
      {"fma_chain/f32", {Engine::kFmaChain, F::kF32, F::kF32, F::kF32, 1}},
      {"integer_dot/i8", {Engine::kIntegerDot, F::kI8, F::kI8, F::kI32, 1}},
  };
}

struct Shape {
  char const* name;
  int M, N, K;
};

int register_all() {
  for (Shape const s : {Shape{"16x16x16", 16, 16, 16}, Shape{"32x32x8", 32, 32, 8}}) {
    for (Entry const& e : entries()) {
      int K = s.K;
      if (e.model.engine == Engine::kCdna3Fp8Dot) K = 16; // a whole fp8 block
      std::string const name = e.name + "/" + s.name + (K != s.K ? "(K=16)" : "");
      benchmark::RegisterBenchmark(name.c_str(), bench_tile, e.model, s.M, s.N, K);
    }
  }
  return 0;
}
int const registered = register_all();

} // namespace
} // namespace wavemma::numeric

BENCHMARK_MAIN();
