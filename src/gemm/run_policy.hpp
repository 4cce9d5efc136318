#pragma once
// One GEMM run of any policy type P (the registry's or a test's own): the inputs from the seed
// (inputs.hpp), the operands in device buffers (device_buffers.hpp), the kernel on the SIMT
// runtime in bands of rows, then the checks (checks.hpp). Host only; runner.cpp instantiates it
// for AllPolicies, tests/gemm for policies of their own.

#include <algorithm>
#include <chrono>

#include "checks.hpp"
#include "device_buffers.hpp"
#include "inputs.hpp"
#include "policy_info.hpp"

namespace wavemma::gemm::detail {

// The operands of the kernel in device memory.
template <class P>
struct DeviceOperands {
  using Elem = typename P::elem;
  DeviceBuffer<Elem> a, b;
  DeviceBuffer<typename P::out> c;
  DeviceBuffer<uint8_t> a_index, sa, sb; // sparse; block-scaled

  DeviceOperands(Inputs const& x, int m, int n)
      : a(elements<Elem>(P::sparse ? x.a_stored : x.a, x.in), "A"), b(elements<Elem>(x.b, x.in), "B"),
        c(size_t(m) * n, "C") {
    auto bytes = [](std::vector<uint64_t> const& v) { return std::vector<uint8_t>(v.begin(), v.end()); };
    if (!x.a_index.empty()) a_index = DeviceBuffer<uint8_t>(bytes(x.a_index), "index");
    if (!x.sa.empty()) {
      sa = DeviceBuffer<uint8_t>(bytes(x.sa), "SA");
      sb = DeviceBuffer<uint8_t>(bytes(x.sb), "SB");
    }
    // Poison: every element must be written.
    hip_check(hipMemset(c.data(), 0xff, size_t(m) * n * sizeof(typename P::out)), "hipMemset", "C");
  }
};

// Launches the kernel over rows [r0, r0 + rows) of C.
template <class P>
simt::Error launch_band(DeviceOperands<P> const& d, Inputs const& x, int r0, int rows, int n, int k) {
  using Elem = typename P::elem;
  using TP = typename P::tile;
  using CP = typename P::compute;
  int const lda = P::sparse ? k / 2 : k;
  Elem const* const a = d.a.data() + size_t(r0) * lda;
  auto* const c = d.c.data() + size_t(r0) * n;
  dim3 const grid((n + TP::block_tile_n - 1) / TP::block_tile_n, (rows + TP::block_tile_m - 1) / TP::block_tile_m);
  if constexpr (P::scaled)
    return simt::launch(P::name, &matrix_multiply_scaled<TP, CP, Elem>, grid, dim3(P::threads), 0, a, d.b.data(),
                        d.sa.data() + size_t(r0) * x.scale_blocks(k), d.sb.data(), c, rows, n, k);
  else if constexpr (P::sparse)
    return simt::launch(P::name, &matrix_multiply_sparse<TP, CP, Elem>, grid, dim3(P::threads), 0, a,
                        d.a_index.data() + size_t(r0) * (k / 2), d.b.data(), c, rows, n, k);
  else
    return simt::launch(P::name, &matrix_multiply_generic<TP, CP, Elem>, grid, dim3(P::threads), 0, a, d.b.data(), c,
                        rows, n, k);
}

template <class P>
RunResult run_policy(RunOptions const& o) {
  RunResult r;
  int const m = o.m, n = o.n, k = o.k;
  simt::set_target(o.arch->name, P::wave ? P::wave : o.arch->default_wave());
  Inputs const x = make_inputs<P>(o);
  if (std::string const misfit = thread_tile_misfit<typename P::tile, typename P::compute>(P::threads);
      !misfit.empty()) {
    r.launch_error = fmt::format("{}: {}", P::name, misfit);
    return r;
  }

  // The kernel, in bands of block rows so that progress can be shown.
  std::vector<typename P::out> c_host;
  {
    DeviceOperands<P> const d(x, m, n);
    int const bm = P::tile::block_tile_m, block_rows = (m + bm - 1) / bm, band = std::max(1, block_rows / 16);
    auto const t0 = std::chrono::steady_clock::now();
    for (int br = 0; br < block_rows; br += band) {
      int const r0 = br * bm, rows = std::min(m - r0, band * bm);
      if (simt::Error const err = launch_band<P>(d, x, r0, rows, n, k); !err.ok()) {
        r.launch_error = err.message;
        break;
      }
      if (o.progress) o.progress(r0 + rows, m);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.emulated_gflops = 2.0 * m * n * k / r.seconds / 1e9;
    c_host = d.c.to_host();
  }
  if (!r.launch_error.empty() || !o.check) return r;

  std::vector<uint64_t> got(c_host.size());
  for (size_t e = 0; e < got.size(); ++e) got[e] = out_bits(c_host[e]);
  auto const t1 = std::chrono::steady_clock::now();
  std::vector<uint64_t> chain;
  if constexpr (HasInstruction<P>)
    chain = emulation_chain(issue_of<P>(), x, m, n, k);
  else
    chain = fma_chain<typename P::elem>(x, m, n, k);
  r.reference_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  compare(r, x, got, chain, m, n, k);
  return r;
}

} // namespace wavemma::gemm::detail
