// Bit-exact emulated multiply-accumulates per second, per instruction, on matrices: wavemma::emu::
// execute on random operands, one instruction per iteration, into a reused D (the form a chain of
// instructions uses). bm_execute_returning measures the form that returns a new Matrix.

#include <benchmark/benchmark.h>

#include <random>

#include "wavemma/emu/emulator.hpp"

namespace {

using namespace wavemma;

template <bool kReturning>
void bm(benchmark::State& state, isa::Generation gen, char const* mnemonic) {
  auto const* in = isa::find_instruction(gen, mnemonic);
  emu::Issue const is{in, in->default_wave(), {}};
  auto const model = emu::numeric_model(is);
  std::mt19937_64 rng(1);
  int const kc = in->sparse() ? in->k / 2 : in->k;
  auto random = [&](int blocks, int rows, int cols, numeric::Format f) {
    emu::Matrix m(blocks, rows, cols);
    int const bits = numeric::info(f).bits;
    // Finite, moderate values: the common case of a GEMM (specials take the slow path).
    for (auto& v : m.bits) v = numeric::from_double(f, std::uniform_real_distribution<double>(-2, 2)(rng));
    (void)bits;
    return m;
  };
  emu::Matrix a = random(in->blocks, in->m, kc, model.a), b = random(in->blocks, in->k, in->n, model.b),
              c = random(in->blocks, in->m, in->n, model.out), index(1, in->m, kc);
  for (int i = 0; i < in->m; ++i)
    for (int s = 0; s < kc; ++s) index.at(0, i, s) = static_cast<uint64_t>(s % 2 ? 3 : 0);
  emu::Matrix d;
  for (auto _ : state) {
    if constexpr (kReturning) {
      emu::Matrix const r = emu::execute(is, a, b, c, in->sparse() ? &index : nullptr);
      benchmark::DoNotOptimize(r.bits.data());
    } else {
      emu::execute(is, a, b, c, in->sparse() ? &index : nullptr, d);
      benchmark::DoNotOptimize(d.bits.data());
    }
  }
  double const macs = static_cast<double>(in->m) * in->n * kc * in->blocks;
  state.counters["MAC/s"] = benchmark::Counter(macs, benchmark::Counter::kIsIterationInvariantRate);
}
void bm_execute(benchmark::State& state, isa::Generation gen, char const* mnemonic) { bm<false>(state, gen, mnemonic); }
void bm_execute_returning(benchmark::State& state, isa::Generation gen, char const* mnemonic) {
  bm<true>(state, gen, mnemonic);
}

// clang-format off
// 16-bit inputs with f32 accumulation: one per family (the performance target), then the others.
BENCHMARK_CAPTURE(bm_execute, gfx11_wmma_f32_f16,       isa::Generation::kGfx11,  "v_wmma_f32_16x16x16_f16");
BENCHMARK_CAPTURE(bm_execute, gfx11_wmma_f32_bf16,      isa::Generation::kGfx11,  "v_wmma_f32_16x16x16_bf16");
BENCHMARK_CAPTURE(bm_execute, gfx12_wmma_f32_f16,       isa::Generation::kGfx12,  "v_wmma_f32_16x16x16_f16");
BENCHMARK_CAPTURE(bm_execute, gfx12_wmma_f32_bf16,      isa::Generation::kGfx12,  "v_wmma_f32_16x16x16_bf16");
BENCHMARK_CAPTURE(bm_execute, gfx12_swmmac_f32_f16,     isa::Generation::kGfx12,  "v_swmmac_f32_16x16x32_f16");
BENCHMARK_CAPTURE(bm_execute, gfx942_mfma_f32_16x16x16_f16, isa::Generation::kGfx94x, "v_mfma_f32_16x16x16_f16");
BENCHMARK_CAPTURE(bm_execute, gfx942_mfma_f32_32x32x8_f16,  isa::Generation::kGfx94x, "v_mfma_f32_32x32x8_f16");
BENCHMARK_CAPTURE(bm_execute, gfx942_mfma_f32_16x16x16_bf16, isa::Generation::kGfx94x, "v_mfma_f32_16x16x16_bf16");
BENCHMARK_CAPTURE(bm_execute, gfx942_smfmac_f32_f16,    isa::Generation::kGfx94x, "v_smfmac_f32_16x16x32_f16");
BENCHMARK_CAPTURE(bm_execute, gfx11_wmma_f16_f16,       isa::Generation::kGfx11,  "v_wmma_f16_16x16x16_f16");
BENCHMARK_CAPTURE(bm_execute, gfx12_wmma_f16_f16,       isa::Generation::kGfx12,  "v_wmma_f16_16x16x16_f16");
BENCHMARK_CAPTURE(bm_execute, gfx12_wmma_f32_fp8,       isa::Generation::kGfx12,  "v_wmma_f32_16x16x16_fp8_fp8");
BENCHMARK_CAPTURE(bm_execute, gfx12_wmma_i32_iu8,       isa::Generation::kGfx12,  "v_wmma_i32_16x16x16_iu8");
BENCHMARK_CAPTURE(bm_execute, gfx942_mfma_f32_xf32,     isa::Generation::kGfx94x, "v_mfma_f32_16x16x8_xf32");
BENCHMARK_CAPTURE(bm_execute, gfx942_mfma_f32_fp8,      isa::Generation::kGfx94x, "v_mfma_f32_16x16x32_fp8_fp8");
BENCHMARK_CAPTURE(bm_execute, gfx942_mfma_f32_f32,      isa::Generation::kGfx94x, "v_mfma_f32_16x16x4_f32");
BENCHMARK_CAPTURE(bm_execute, gfx942_mfma_f64,          isa::Generation::kGfx94x, "v_mfma_f64_16x16x4_f64");
BENCHMARK_CAPTURE(bm_execute, gfx942_mfma_i32_i8,       isa::Generation::kGfx94x, "v_mfma_i32_16x16x32_i8");
BENCHMARK_CAPTURE(bm_execute, gfx942_mfma_f32_4x4x1_f32, isa::Generation::kGfx94x, "v_mfma_f32_4x4x1_16b_f32");
BENCHMARK_CAPTURE(bm_execute_returning, gfx12_wmma_f32_f16, isa::Generation::kGfx12, "v_wmma_f32_16x16x16_f16");
// clang-format on

} // namespace

BENCHMARK_MAIN();
