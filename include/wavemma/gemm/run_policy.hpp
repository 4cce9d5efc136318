#pragma once
// The host side of one GEMM run for any policy type P (the registry's or a test's own): inputs
// from a seed, the launch on the SIMT runtime in bands of rows, the chain of single-instruction
// emulations and the f64 reference. Host only; runner.cpp instantiates it for AllPolicies.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <random>
#include <stdexcept>

#include "wavemma/emu/chain.hpp"
#include "wavemma/emu/emulator.hpp"
#include "wavemma/gemm/policies.hpp"
#include "wavemma/gemm/runner.hpp"
#include "wavemma/numeric/format.hpp"
#include "wavemma/simt/runtime.hpp"

namespace wavemma::gemm::detail {

template <class P>
concept HasInstruction = !std::is_void_v<typename P::instruction>;

// The catalog row a matrix policy issues, and the issue with the policy's immediates.
template <class P>
emu::Issue issue_of() {
  using I = typename P::instruction;
  auto const* row = isa::find_instruction(P::family.gen, I::mnemonic);
  if (!row) throw std::logic_error(fmt::format("policy {}: {} is not in the catalog", P::name, I::mnemonic));
  emu::Issue is{row, I::wave, {}};
  if (row->mod_rules().neg_is_signedness) is.mods.neg_lo = {true, true, false}; // a_sign = b_sign = true
  if constexpr (requires { I::cbsz; }) { // the f8f6f4 formats the instruction struct issues
    is.mods.cbsz = I::cbsz;
    is.mods.blgp = I::blgp;
  }
  return is;
}

// Number formats of A/B and of C.
template <class P>
std::pair<numeric::Format, numeric::Format> formats() {
  if constexpr (HasInstruction<P>) {
    auto const m = emu::numeric_model(issue_of<P>());
    return {m.a, m.out};
  } else {
    constexpr bool f64 = sizeof(typename P::elem) == 8;
    return {f64 ? numeric::Format::kF64 : numeric::Format::kF32, f64 ? numeric::Format::kF64 : numeric::Format::kF32};
  }
}

template <class P>
PolicyInfo info_of() {
  PolicyInfo pi{};
  pi.name = P::name;
  if (!P::family.any) pi.gen = P::family.gen;
  pi.wave = P::wave;
  auto const [in, out] = formats<P>();
  if constexpr (HasInstruction<P>) {
    auto const is = issue_of<P>();
    pi.instruction = is.instruction->mnemonic;
    pi.input = isa::name(is.instruction->type_of(isa::Operand::kA, is.mods));
    pi.cycles = is.instruction->cycles_of(is.mods);
    pi.output = isa::name(is.instruction->cd);
    pi.compute_policy = fmt::format("MatrixCore<{}>", is.instruction->mnemonic);
    if constexpr (requires { P::compute::blocks_m; })
      if (P::instruction::blocks > 1) // where the blocks' tiles sit in a wave's tile
        pi.compute_policy = fmt::format("MatrixCore<{}, blocks {}x{}>", is.instruction->mnemonic, P::compute::blocks_m,
                                        P::compute::blocks_n);
  } else {
    pi.input = numeric::name(in);
    pi.output = numeric::name(out);
    pi.compute_policy =
        fmt::format("ScalarFma<{}, {}, {}>", numeric::name(in), P::compute::thread_tile_m, P::compute::thread_tile_n);
  }
  pi.block_m = P::tile::block_tile_m;
  pi.block_n = P::tile::block_tile_n;
  pi.k_tile = P::tile::k_tile_size;
  pi.threads = P::threads;
  pi.buffers = P::tile::num_buffers;
  pi.sparse = P::sparse;
  pi.scaled = P::scaled;
  if constexpr (P::scaled) pi.compute_policy = fmt::format("ScaledMatrixCore<{} {}>", pi.instruction, pi.input);
  pi.tile_policy = fmt::format("{}<{}x{}x{}{}>", pi.sparse ? "SparseLdsTile" : "LdsTile", pi.block_m, pi.block_n,
                               pi.k_tile, pi.buffers == 2 ? ", 2 buffers" : "");
  if constexpr (requires { P::tile::wave; })
    pi.tile_policy = fmt::format("TransposeLoadTile<{}x{}x{}>", pi.block_m, pi.block_n, pi.k_tile);
  if constexpr (b_row_major<typename P::tile>) {
    pi.tile_policy = fmt::format("RowMajorBTile<{}x{}x{}>", pi.block_m, pi.block_n, pi.k_tile);
    if constexpr (HasInstruction<P>)
      pi.compute_policy =
          fmt::format("MatrixCore<{}, B by ds_read_tr{}>", pi.instruction, P::instruction::B::elem_bits);
  }
  return pi;
}

// --- inputs --------------------------------------------------------------------------------------

// Random values of a format: floats uniform in [-1, 1] rounded into the format, integers uniform
// over the format's range. Never the identity (seed-errata.md §A.2).
inline std::vector<uint64_t> random_values(numeric::Format f, size_t count, std::mt19937_64& rng) {
  auto const& fi = numeric::info(f);
  std::vector<uint64_t> out(count);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (auto& v : out) {
    if (fi.is_float) {
      v = numeric::from_double(f, unit(rng));
    } else {
      long long const lo = fi.is_signed ? -(1ll << (fi.bits - 1)) : 0,
                      hi = fi.is_signed ? (1ll << (fi.bits - 1)) - 1 : (1ll << fi.bits) - 1;
      v = static_cast<uint64_t>(std::uniform_int_distribution<long long>(lo, hi)(rng)) & ((1ull << fi.bits) - 1);
    }
  }
  return out;
}

// Integers of [lo, 2] in a format, uniformly.
inline std::vector<uint64_t> small_integers(numeric::Format f, int lo, size_t count, std::mt19937_64& rng) {
  std::vector<uint64_t> out(count);
  std::uniform_int_distribution<int> pick(lo, 2);
  for (auto& v : out) {
    int const x = pick(rng);
    v = numeric::info(f).is_float ? numeric::from_double(f, x) : static_cast<uint64_t>(x) & numeric::storage_mask(f);
  }
  return out;
}

template <class Elem>
Elem element(uint64_t bits, numeric::Format f) {
  if constexpr (sizeof(Elem) == 1) {
    // 4-bit integers are stored one per byte, sign-extended when signed.
    auto const& fi = numeric::info(f);
    if (fi.bits == 4 && fi.is_signed && (bits & 8)) bits |= 0xf0;
    return __builtin_bit_cast(Elem, static_cast<uint8_t>(bits));
  } else if constexpr (sizeof(Elem) == 2) {
    return __builtin_bit_cast(Elem, static_cast<uint16_t>(bits));
  } else if constexpr (sizeof(Elem) == 4) {
    return __builtin_bit_cast(Elem, static_cast<uint32_t>(bits));
  } else {
    return __builtin_bit_cast(Elem, bits);
  }
}

template <class Out>
uint64_t out_bits(Out v) {
  if constexpr (sizeof(Out) == 8)
    return __builtin_bit_cast(uint64_t, v);
  else
    return __builtin_bit_cast(uint32_t, v);
}

// --- checks --------------------------------------------------------------------------------------

struct Inputs {
  std::vector<uint64_t> a, b;     // a: the dense (for sparse: pruned) A, m x k
  std::vector<uint64_t> a_stored; // sparse: m x k/2
  std::vector<uint64_t> a_index;  // sparse: m x k/2
  std::vector<uint64_t> sa, sb;   // block-scaled: E8M0 codes, m x kb and kb x n (kb = scale_blocks(k))
  int scale_block = 0;            // block-scaled: K per scale (the ComputePolicy's), 0 otherwise
  int scale_blocks(int k) const { return (k + scale_block - 1) / scale_block; }
  numeric::Format in, out;
};

// Runs f(row_begin, row_end) over [0, rows) on the runtime's threads (simt::threads(): every core
// unless set_threads or WAVEMMA_THREADS says otherwise).
template <class F>
void parallel_rows(int rows, F const& f) {
  emu::parallel_ranges(rows, simt::threads(), f);
}

// The chain of single-instruction emulations in K order (emu::chain): each instruction tile of C
// starts at +0 and takes the instruction K at a time, edges zero-filled. Independent of the
// kernel, its tiling, its LDS and the SIMT runtime.
inline std::vector<uint64_t> emulation_chain(emu::Issue const& is, Inputs const& x, int m, int n, int k) {
  std::vector<uint64_t> c(size_t(m) * n);
  bool const sparse = is.instruction->sparse();
  emu::chain(is,
             {m, n, k, sparse ? x.a_stored.data() : x.a.data(), sparse ? x.a_index.data() : nullptr, x.b.data(),
              nullptr, x.sa.empty() ? nullptr : x.sa.data(), x.sb.empty() ? nullptr : x.sb.data()},
             c.data(), simt::threads());
  return c;
}

// Scalar FMA: a correctly rounded fma per k, in k order, from +0.
template <class Elem>
std::vector<uint64_t> fma_chain(Inputs const& x, int m, int n, int k) {
  std::vector<uint64_t> c(size_t(m) * n);
  parallel_rows(m, [&](int i0, int i1) {
    for (int i = i0; i < i1; ++i)
      for (int j = 0; j < n; ++j) {
        Elem acc{};
        for (int kk = 0; kk < k; ++kk)
          acc =
              std::fma(element<Elem>(x.a[size_t(i) * k + kk], x.in), element<Elem>(x.b[size_t(kk) * n + j], x.in), acc);
        c[size_t(i) * n + j] = out_bits(acc);
      }
  });
  return c;
}

// The error bound of a K-term dot product in the output format: (K + 2) units of the accumulator
// (the hardware models truncate at most one unit per term and round once per step) times the
// sum of |a*b|; xf32 adds its input truncation (13 of 23 fraction bits dropped: 2^-9 relative
// per product). Integers are exact.
inline double tolerance(numeric::Format in, numeric::Format out, int k, long double abs_sum) {
  if (!numeric::info(out).is_float) return 0;
  double const unit = out == numeric::Format::kF64 ? std::ldexp(1.0, -52) : std::ldexp(1.0, -23);
  double tol = (k + 2) * unit * static_cast<double>(abs_sum);
  if (in == numeric::Format::kXf32) tol += std::ldexp(1.0, -9) * static_cast<double>(abs_sum);
  return tol + std::ldexp(1.0, -140); // the subnormal floor of f32 results
}

inline void compare(RunResult& r, Inputs const& x, std::vector<uint64_t> const& got, std::vector<uint64_t> const& chain,
                    int m, int n, int k) {
  r.mismatches = 0;
  for (size_t e = 0; e < got.size(); ++e)
    if (got[e] != chain[e]) {
      if (r.mismatches++ == 0)
        r.first_mismatch = fmt::format("C[{}][{}]: kernel {}, chain of emulations {}", e / n, e % n,
                                       numeric::format_value(x.out, got[e]), numeric::format_value(x.out, chain[e]));
    }
  r.bitwise_equal = r.mismatches == 0;
  // The f64 reference: exact products (every input format fits a double's significand twice
  // over), summed on every core: in double for f32 and integer outputs (its rounding, K * 2^-53 of
  // sum |a*b| at most, is far inside the f32 tolerance), in long double for f64 outputs, whose
  // tolerance is 2^-52 relative per term.
  std::vector<double> ad(x.a.size()), bt(x.b.size());
  for (size_t e = 0; e < ad.size(); ++e) ad[e] = numeric::to_double(x.in, x.a[e]);
  for (int kk = 0; kk < k; ++kk)
    for (int j = 0; j < n; ++j) bt[size_t(j) * k + kk] = numeric::to_double(x.in, x.b[size_t(kk) * n + j]);
  std::vector<double> worst_row(static_cast<size_t>(m)), err_row(static_cast<size_t>(m));
  auto check_rows = [&]<class Sum>(int i0, int i1) {
    for (int i = i0; i < i1; ++i)
      for (int j = 0; j < n; ++j) {
        Sum sum = 0, abs_sum = 0;
        double const* a = &ad[size_t(i) * k];
        double const* b = &bt[size_t(j) * k];
        for (int kk = 0; kk < k; ++kk) {
          Sum p = static_cast<Sum>(a[kk]) * b[kk];
          if (x.scale_block) { // the block's two E8M0 scales, exactly
            int const kb = x.scale_blocks(k), q = kk / x.scale_block;
            p = std::ldexp(p, static_cast<int>(x.sa[size_t(i) * kb + q] + x.sb[size_t(q) * n + j]) - 254);
          }
          sum += p;
          abs_sum += std::fabs(p);
        }
        double const err = std::fabs(numeric::to_double(x.out, got[size_t(i) * n + j]) - static_cast<double>(sum));
        double const tol = tolerance(x.in, x.out, k, abs_sum);
        err_row[size_t(i)] = std::max(err_row[size_t(i)], err);
        worst_row[size_t(i)] = std::max(worst_row[size_t(i)], tol > 0 ? err / tol : (err > 0 ? INFINITY : 0));
      }
  };
  bool const f64 = x.out == numeric::Format::kF64;
  parallel_rows(m, [&](int i0, int i1) {
    if (f64)
      check_rows.template operator()<long double>(i0, i1);
    else
      check_rows.template operator()<double>(i0, i1);
  });
  double const max_err = *std::max_element(err_row.begin(), err_row.end());
  double const worst = *std::max_element(worst_row.begin(), worst_row.end());
  r.max_abs_error = max_err;
  r.max_error_over_tolerance = worst;
  r.passed = r.bitwise_equal && worst <= 1.0;
}

// Why the threads' tiles (thread_tile_offset of each thread of a block) do not cover the block tile
// exactly, or nothing: the effective_lanes threads of a unit share one tile, and the units' tiles
// are aligned, inside the block tile and distinct (seed-errata.md §A.3, where they overlap).
template <class TP, class CP>
std::string thread_tile_misfit(int threads) {
  constexpr int tm = CP::thread_tile_m, tn = CP::thread_tile_n, lanes = CP::effective_lanes;
  std::map<std::pair<int, int>, int> owner; // tile -> first thread
  for (int first = 0; first < threads; first += lanes) {
    int r0 = 0, c0 = 0;
    CP::thread_tile_offset(first, 0, &r0, &c0);
    for (int lane = 1; lane < lanes && first + lane < threads; ++lane) {
      int r = 0, c = 0;
      CP::thread_tile_offset(first + lane, lane, &r, &c);
      if (r != r0 || c != c0)
        return fmt::format("threads {} and {} share a unit of {} lanes but have tiles at ({}, {}) and ({}, {})", first,
                           first + lane, lanes, r0, c0, r, c);
    }
    if (r0 < 0 || c0 < 0 || r0 % tm || c0 % tn || r0 + tm > TP::block_tile_m || c0 + tn > TP::block_tile_n)
      return fmt::format("thread {}'s {}x{} tile at ({}, {}) is not an aligned tile of the {}x{} block tile", first, tm,
                         tn, r0, c0, TP::block_tile_m, TP::block_tile_n);
    auto const [it, fresh] = owner.try_emplace({r0, c0}, first);
    if (!fresh) return fmt::format("threads {} and {} compute the same tile at ({}, {})", it->second, first, r0, c0);
  }
  return {};
}

template <class P>
RunResult run_policy(RunOptions const& o) {
  using Elem = typename P::elem;
  using Out = typename P::out;
  RunResult r;
  int const m = o.m, n = o.n, k = o.k;
  int const wave = P::wave ? P::wave : o.arch->default_wave();
  simt::set_target(o.arch->name, wave);

  // Inputs from the seed.
  std::mt19937_64 rng(o.seed);
  Inputs x;
  std::tie(x.in, x.out) = formats<P>();
  if (o.values == RunOptions::Values::kSmallIntegers) {
    auto const& fi = numeric::info(x.in);
    int const lo =
        (!P::family.any && P::family.gen == Gen::kGfx11 && fi.is_float) || (!fi.is_float && !fi.is_signed) ? 0 : -2;
    x.a = small_integers(x.in, lo, size_t(m) * k, rng);
    x.b = small_integers(x.in, lo, size_t(k) * n, rng);
  } else {
    x.a = random_values(x.in, size_t(m) * k, rng);
    x.b = random_values(x.in, size_t(k) * n, rng);
  }
  if constexpr (P::sparse) {
    // Prune A to 2:4: keep two of every four, at random positions; store them compressed.
    x.a_stored.resize(size_t(m) * (k / 2));
    x.a_index.resize(size_t(m) * (k / 2));
    for (int i = 0; i < m; ++i)
      for (int g = 0; g < k / 4; ++g) {
        int p0 = static_cast<int>(rng() % 4), p1 = static_cast<int>(rng() % 3);
        p1 += p1 >= p0;
        if (p0 > p1) std::swap(p0, p1);
        for (int t = 0; t < 4; ++t)
          if (t != p0 && t != p1) x.a[size_t(i) * k + 4 * g + t] = 0;
        x.a_stored[size_t(i) * (k / 2) + 2 * g] = x.a[size_t(i) * k + 4 * g + p0];
        x.a_stored[size_t(i) * (k / 2) + 2 * g + 1] = x.a[size_t(i) * k + 4 * g + p1];
        x.a_index[size_t(i) * (k / 2) + 2 * g] = static_cast<uint64_t>(p0);
        x.a_index[size_t(i) * (k / 2) + 2 * g + 1] = static_cast<uint64_t>(p1);
      }
  }

  if constexpr (P::scaled) { // E8M0 scales of 2^-4 .. 2^4, one per 32 K of each row of A and column of B
    x.scale_block = P::compute::scale_block;
    int const kb = x.scale_blocks(k);
    std::uniform_int_distribution<int> code(127 - 4, 127 + 4);
    x.sa.resize(size_t(m) * kb);
    x.sb.resize(size_t(kb) * n);
    for (auto* s : {&x.sa, &x.sb})
      for (auto& v : *s) v = static_cast<uint64_t>(code(rng));
  }

  if (std::string const misfit = thread_tile_misfit<typename P::tile, typename P::compute>(P::threads);
      !misfit.empty()) {
    r.launch_error = fmt::format("{}: {}", P::name, misfit);
    return r;
  }

  // Device buffers (host memory registered with the runtime).
  auto const& a_src = P::sparse ? x.a_stored : x.a;
  std::vector<Elem> a_dev_src(a_src.size());
  for (size_t e = 0; e < a_src.size(); ++e) a_dev_src[e] = element<Elem>(a_src[e], x.in);
  std::vector<Elem> b_host(x.b.size());
  for (size_t e = 0; e < x.b.size(); ++e) b_host[e] = element<Elem>(x.b[e], x.in);
  std::vector<uint8_t> idx_host(x.a_index.begin(), x.a_index.end());
  std::vector<uint8_t> sa_host(x.sa.begin(), x.sa.end()), sb_host(x.sb.begin(), x.sb.end());
  Elem *a_dev = nullptr, *b_dev = nullptr;
  Out* c_dev = nullptr;
  uint8_t *idx_dev = nullptr, *sa_dev = nullptr, *sb_dev = nullptr;
  auto check = [](hipError_t e, char const* what) {
    if (e != hipSuccess) throw std::runtime_error(fmt::format("{}: {}", what, hipGetErrorString(e)));
  };
  check(hipMalloc(&a_dev, std::max<size_t>(1, a_dev_src.size()) * sizeof(Elem)), "hipMalloc A");
  check(hipMalloc(&b_dev, std::max<size_t>(1, b_host.size()) * sizeof(Elem)), "hipMalloc B");
  check(hipMalloc(&c_dev, size_t(m) * n * sizeof(Out)), "hipMalloc C");
  if (!idx_host.empty()) check(hipMalloc(&idx_dev, idx_host.size()), "hipMalloc index");
  check(hipMemcpy(a_dev, a_dev_src.data(), a_dev_src.size() * sizeof(Elem), hipMemcpyHostToDevice), "hipMemcpy A");
  check(hipMemcpy(b_dev, b_host.data(), b_host.size() * sizeof(Elem), hipMemcpyHostToDevice), "hipMemcpy B");
  if (idx_dev) check(hipMemcpy(idx_dev, idx_host.data(), idx_host.size(), hipMemcpyHostToDevice), "hipMemcpy index");
  if (!sa_host.empty()) {
    check(hipMalloc(&sa_dev, sa_host.size()), "hipMalloc SA");
    check(hipMalloc(&sb_dev, sb_host.size()), "hipMalloc SB");
    check(hipMemcpy(sa_dev, sa_host.data(), sa_host.size(), hipMemcpyHostToDevice), "hipMemcpy SA");
    check(hipMemcpy(sb_dev, sb_host.data(), sb_host.size(), hipMemcpyHostToDevice), "hipMemcpy SB");
  }
  check(hipMemset(c_dev, 0xff, size_t(m) * n * sizeof(Out)), "hipMemset C"); // poison: every element must be written

  // The kernel, in bands of block rows so that progress can be shown.
  int const bm = P::tile::block_tile_m, bn = P::tile::block_tile_n;
  int const block_rows = (m + bm - 1) / bm;
  int const band = std::max(1, block_rows / 16);
  auto const t0 = std::chrono::steady_clock::now();
  for (int br = 0; br < block_rows; br += band) {
    int const r0 = br * bm, rows = std::min(m - r0, band * bm);
    int const lda = P::sparse ? k / 2 : k;
    Elem const* const a = a_dev + size_t(r0) * lda;
    Out* const c = c_dev + size_t(r0) * n;
    dim3 const grid((n + bn - 1) / bn, (rows + bm - 1) / bm);
    simt::Error err;
    if constexpr (P::scaled)
      err = simt::launch(P::name, &matrix_multiply_scaled<typename P::tile, typename P::compute, Elem>, grid,
                         dim3(P::threads), 0, a, b_dev, sa_dev + size_t(r0) * x.scale_blocks(k), sb_dev, c, rows, n, k);
    else if constexpr (P::sparse)
      err = simt::launch(P::name, &matrix_multiply_sparse<typename P::tile, typename P::compute, Elem>, grid,
                         dim3(P::threads), 0, a, idx_dev + size_t(r0) * (k / 2), b_dev, c, rows, n, k);
    else
      err = simt::launch(P::name, &matrix_multiply_generic<typename P::tile, typename P::compute, Elem>, grid,
                         dim3(P::threads), 0, a, b_dev, c, rows, n, k);
    if (!err.ok()) {
      r.launch_error = err.message;
      break;
    }
    if (o.progress) o.progress(r0 + rows, m);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.emulated_gflops = 2.0 * m * n * k / r.seconds / 1e9;
  std::vector<Out> c_host(size_t(m) * n);
  check(hipMemcpy(c_host.data(), c_dev, c_host.size() * sizeof(Out), hipMemcpyDeviceToHost), "hipMemcpy C");
  hipFree(a_dev);
  hipFree(b_dev);
  hipFree(c_dev);
  if (idx_dev) hipFree(idx_dev);
  if (sa_dev) hipFree(sa_dev);
  if (sb_dev) hipFree(sb_dev);
  if (!r.launch_error.empty() || !o.check) return r;

  std::vector<uint64_t> got(c_host.size());
  for (size_t e = 0; e < got.size(); ++e) got[e] = out_bits(c_host[e]);
  auto const t1 = std::chrono::steady_clock::now();
  std::vector<uint64_t> chain;
  if constexpr (HasInstruction<P>)
    chain = emulation_chain(issue_of<P>(), x, m, n, k);
  else
    chain = fma_chain<Elem>(x, m, n, k);
  r.reference_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  compare(r, x, got, chain, m, n, k);
  return r;
}

} // namespace wavemma::gemm::detail
