// How often the vectorised engines hand an element to the reference core, and how fast they run,
// per numeric model of the catalog and data profile of real programs: a GEMM of depth 16·K through
// one instruction tile, D = A·B + D from D = +0, on uniform data, identity and permutation B,
// 50% and 90% zeros, one-hot A, small integers, many binades, subnormals and a few NaN/inf
// (tests/support/data_profiles.hpp).
//
//   fallback_bench --benchmark_counters_tabular=true
//   fallback_bench --benchmark_filter=identity_b
//
// Counters: fallback = elements computed by the reference core / elements (a model without a
// vectorised kernel: every element, labelled so); MAC/s as in numeric_bench.

#include "support/fallback_probe.hpp"

#include <benchmark/benchmark.h>
#include <string>

namespace wavemma::test {
namespace {

constexpr int kTiles = 16;

void bench_chain(benchmark::State& state, CatalogModel c, Profile p) {
  GemmChain chain(c, p, kTiles, 7);
  numeric::TileCounts total;
  for (auto _ : state) {
    numeric::TileCounts const n = chain.run();
    total = {total.elements + n.elements, total.fallbacks + n.fallbacks, total.unvectorised + n.unvectorised};
  }
  double const by_reference = double(total.fallbacks + total.unvectorised);
  state.counters["fallback"] = by_reference / double(total.elements);
  state.counters["MAC/s"] =
      benchmark::Counter(double(chain.macs()) * double(state.iterations()), benchmark::Counter::kIsRate);
  state.SetLabel(numeric::has_fast_tile(c.model) ? std::string(c.instruction->mnemonic) : "no vector kernel");
}

int register_all() {
  for (CatalogModel const& c : catalog_models()) {
    for (ProfileInfo const& p : kProfiles) {
      std::string const name = describe(c.model) + "/" + std::string(p.name);
      benchmark::RegisterBenchmark(name.c_str(), bench_chain, c, p.profile);
    }
  }
  return 0;
}
int const registered = register_all();

} // namespace
} // namespace wavemma::test

BENCHMARK_MAIN();
