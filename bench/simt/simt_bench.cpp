// The SIMT runtime's overhead over direct emulation: a kernel whose lanes only chain one matrix
// builtin (acc = builtin(a, b, acc), 64 times) against emu::execute on the same registers, also
// chained. Single-threaded, one block of one wave (or four), so that both sides do the same
// arithmetic on one core; "vs_direct" is the runtime's wall time per builtin divided by emu's,
// measured in the same process moments before. Also the fixed costs: a launch (an empty kernel),
// a collective (a shuffle) and a barrier.

#include "wavemma/emu/emulator.hpp"
#include "wavemma/hip.hpp"

#include <benchmark/benchmark.h>
#include <chrono>
#include <cstring>
#include <random>

namespace {

using namespace wavemma;
constexpr int kChain = 64;

using v4f = float __attribute__((ext_vector_type(4)));
using v8f = float __attribute__((ext_vector_type(8)));
using v16f = float __attribute__((ext_vector_type(16)));
using v4h = _Float16 __attribute__((ext_vector_type(4)));
using v8h = _Float16 __attribute__((ext_vector_type(8)));
using v16h = _Float16 __attribute__((ext_vector_type(16)));

// One builtin: its operand types, its call, and where it runs.
// clang-format off
struct Gfx12Wmma {
  using A = v8h; using B = v8h; using C = v8f;
  static C call(A const& a, B const& b, C const& c) { return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c); }
  static constexpr char const* arch = "gfx1201"; static constexpr auto gen = isa::Generation::kGfx12;
  static constexpr char const* mnemonic = "v_wmma_f32_16x16x16_f16";
};
struct Gfx11Wmma {
  using A = v16h; using B = v16h; using C = v8f;
  static C call(A const& a, B const& b, C const& c) { return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c); }
  static constexpr char const* arch = "gfx1100"; static constexpr auto gen = isa::Generation::kGfx11;
  static constexpr char const* mnemonic = "v_wmma_f32_16x16x16_f16";
};
struct Mfma32 {
  using A = v4h; using B = v4h; using C = v16f;
  static C call(A const& a, B const& b, C const& c) { return __builtin_amdgcn_mfma_f32_32x32x8f16(a, b, c, 0, 0, 0); }
  static constexpr char const* arch = "gfx942"; static constexpr auto gen = isa::Generation::kGfx94x;
  static constexpr char const* mnemonic = "v_mfma_f32_32x32x8_f16";
};
struct Mfma16 {
  using A = v4h; using B = v4h; using C = v4f;
  static C call(A const& a, B const& b, C const& c) { return __builtin_amdgcn_mfma_f32_16x16x16f16(a, b, c, 0, 0, 0); }
  static constexpr char const* arch = "gfx942"; static constexpr auto gen = isa::Generation::kGfx94x;
  static constexpr char const* mnemonic = "v_mfma_f32_16x16x16_f16";
};
struct Mfma4x4 { // 16 blocks of 4x4x1 f32: little arithmetic per call, the runtime's worst case
  using A = float; using B = float; using C = v4f;
  static C call(A const& a, B const& b, C const& c) { return __builtin_amdgcn_mfma_f32_4x4x1f32(a, b, c, 0, 0, 0); }
  static constexpr char const* arch = "gfx942"; static constexpr auto gen = isa::Generation::kGfx94x;
  static constexpr char const* mnemonic = "v_mfma_f32_4x4x1_16b_f32";
};
// clang-format on

template <class Op>
__global__ void chain(typename Op::A const* a, typename Op::B const* b, typename Op::C* c, int n) {
  unsigned const t = blockIdx.x * blockDim.x + threadIdx.x;
  typename Op::C acc = c[t];
  for (int i = 0; i < n; ++i) acc = Op::call(a[t], b[t], acc);
  c[t] = acc;
}

// Random finite operands placed by the instruction's own layouts (so RDNA3's replicated copies
// agree).
template <class Op>
emu::RegisterOperands operands(emu::Issue const& issue) {
  auto const& in = *issue.instruction;
  auto const model = emu::numeric_model(issue);
  std::mt19937_64 rng(1);
  auto random = [&](int rows, int cols, numeric::Format f, double scale) {
    emu::Matrix m(in.blocks, rows, cols);
    for (auto& v : m.bits) v = numeric::from_double(f, std::uniform_real_distribution<double>(-scale, scale)(rng));
    return m;
  };
  emu::RegisterOperands ops;
  ops.a = emu::to_registers(issue, isa::Operand::kA, random(in.m, in.k, model.a, 1.0));
  ops.b = emu::to_registers(issue, isa::Operand::kB, random(in.k, in.n, model.b, 1.0));
  ops.c = emu::to_registers(issue, isa::Operand::kC, random(in.m, in.n, model.out, 0.01));
  return ops;
}

// Lane l's value of an operand: its VGPR words, as the builtin's vector type.
template <class T>
std::vector<T> lanes_of(emu::Registers const& r) {
  std::vector<T> out(size_t(r.wave));
  for (int lane = 0; lane < r.wave; ++lane)
    for (int v = 0; v < r.vgprs && size_t(v) * 4 < sizeof(T); ++v) {
      uint32_t const w = r.at(v, lane);
      std::memcpy(reinterpret_cast<char*>(&out[size_t(lane)]) + 4 * v, &w, 4);
    }
  return out;
}

template <class Op>
double direct_ns_per_call(emu::Issue const& issue, emu::RegisterOperands ops, int calls) {
  auto const t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < calls; ++i) ops.c = emu::execute(issue, ops);
  benchmark::DoNotOptimize(ops.c.words.data());
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / calls;
}

// emu::execute chained on one wave's registers: the baseline.
template <class Op>
void bm_direct(benchmark::State& state) {
  auto const* in = isa::find_instruction(Op::gen, Op::mnemonic);
  emu::Issue const issue{in, in->default_wave(), {}};
  auto ops = operands<Op>(issue);
  for (auto _ : state) {
    for (int i = 0; i < kChain; ++i) ops.c = emu::execute(issue, ops);
    benchmark::DoNotOptimize(ops.c.words.data());
  }
  state.counters["ns_per_builtin"] =
      benchmark::Counter(double(kChain), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// The same chain as a kernel on the runtime: one block of `waves` waves, one OS thread.
template <class Op>
void bm_runtime(benchmark::State& state) {
  int const waves = static_cast<int>(state.range(0));
  simt::set_target(Op::arch);
  simt::set_threads(1);
  auto const* in = isa::find_instruction(Op::gen, Op::mnemonic);
  emu::Issue const issue{in, in->default_wave(), {}};
  auto const ops = operands<Op>(issue);
  int const wave = issue.wave;
  std::vector<typename Op::A> a;
  std::vector<typename Op::B> b;
  std::vector<typename Op::C> c;
  for (int w = 0; w < waves; ++w) {
    auto const la = lanes_of<typename Op::A>(ops.a);
    auto const lb = lanes_of<typename Op::B>(ops.b);
    auto const lc = lanes_of<typename Op::C>(ops.c);
    a.insert(a.end(), la.begin(), la.end());
    b.insert(b.end(), lb.begin(), lb.end());
    c.insert(c.end(), lc.begin(), lc.end());
  }
  typename Op::A* d_a;
  typename Op::B* d_b;
  typename Op::C* d_c;
  (void)hipMalloc(&d_a, a.size() * sizeof(a[0]));
  (void)hipMalloc(&d_b, b.size() * sizeof(b[0]));
  (void)hipMalloc(&d_c, c.size() * sizeof(c[0]));
  (void)hipMemcpy(d_a, a.data(), a.size() * sizeof(a[0]), hipMemcpyHostToDevice);
  (void)hipMemcpy(d_b, b.data(), b.size() * sizeof(b[0]), hipMemcpyHostToDevice);
  double const direct = direct_ns_per_call<Op>(issue, ops, 2000);
  double total_ns = 0;
  for (auto _ : state) {
    (void)hipMemcpy(d_c, c.data(), c.size() * sizeof(c[0]), hipMemcpyHostToDevice);
    auto const t0 = std::chrono::steady_clock::now();
    hipLaunchKernelGGL(chain<Op>, dim3(1), dim3(unsigned(waves * wave)), 0, 0, d_a, d_b, d_c, kChain);
    double const ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    state.SetIterationTime(ns * 1e-9);
    total_ns += ns;
  }
  if (hipGetLastError() != hipSuccess) state.SkipWithError(hipGetErrorString(hipErrorLaunchFailure));
  (void)hipFree(d_a);
  (void)hipFree(d_b);
  (void)hipFree(d_c);
  double const per_builtin = total_ns / (double(state.iterations()) * kChain * waves);
  state.counters["ns_per_builtin"] = per_builtin;
  state.counters["direct_ns"] = direct;
  state.counters["vs_direct"] = per_builtin / direct;
}

// The fixed costs: a launch of one wave doing nothing, and one shuffle per lane.
__global__ void empty() {}
__global__ void shuffles(int* out, int n) {
  int v = static_cast<int>(threadIdx.x);
  for (int i = 0; i < n; ++i) v = __shfl_xor(v, 1);
  out[threadIdx.x] = v;
}

void bm_empty_launch(benchmark::State& state) {
  simt::set_target("gfx1201");
  simt::set_threads(1);
  for (auto _ : state) hipLaunchKernelGGL(empty, dim3(1), dim3(unsigned(state.range(0))), 0, 0);
}

__global__ void barriers(int n) {
  for (int i = 0; i < n; ++i) __syncthreads();
}

void bm_barrier(benchmark::State& state) {
  simt::set_target("gfx1201");
  simt::set_threads(1);
  for (auto _ : state) hipLaunchKernelGGL(barriers, dim3(1), dim3(32), 0, 0, 256);
  state.counters["ns_per_collective"] =
      benchmark::Counter(256, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void bm_shuffle(benchmark::State& state) {
  simt::set_target("gfx1201");
  simt::set_threads(1);
  int* out;
  (void)hipMalloc(&out, 32 * sizeof(int));
  for (auto _ : state) hipLaunchKernelGGL(shuffles, dim3(1), dim3(32), 0, 0, out, 256);
  (void)hipFree(out);
  state.counters["ns_per_collective"] =
      benchmark::Counter(256, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// clang-format off
BENCHMARK(bm_direct<Gfx12Wmma>)->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_runtime<Gfx12Wmma>)->Arg(1)->Arg(4)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_direct<Gfx11Wmma>)->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_runtime<Gfx11Wmma>)->Arg(1)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_direct<Mfma32>)->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_runtime<Mfma32>)->Arg(1)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_direct<Mfma16>)->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_runtime<Mfma16>)->Arg(1)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_direct<Mfma4x4>)->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_runtime<Mfma4x4>)->Arg(1)->UseManualTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_empty_launch)->Arg(32)->Arg(256)->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_shuffle)->Unit(benchmark::kMicrosecond);
BENCHMARK(bm_barrier)->Unit(benchmark::kMicrosecond);
// clang-format on

} // namespace

BENCHMARK_MAIN();
