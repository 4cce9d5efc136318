#pragma once
// How often the vectorised engines hand an element to the reference core, per numeric model of the
// catalog and data profile: the fall-back benchmark (bench/numeric/fallback_bench.cpp) and its
// threshold test (tests/emu/fallback_rate_test.cpp) share this.

#include "support/data_profiles.hpp"
#include "wavemma/emu/emulator.hpp"
#include "wavemma/isa/instruction.hpp"
#include "wavemma/numeric/engine.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace wavemma::test {

// A numeric model the catalog uses, with the first instruction that uses it and that
// instruction's tile: M x N outputs of K products each (sparse forms: the products formed).
struct CatalogModel {
  numeric::Model model;
  isa::Instruction const* instruction;
  int M, N, K;
};

inline std::string describe(numeric::Model const& m) {
  return std::string(numeric::engine_name(m.engine)) + " " + std::string(numeric::name(m.a)) + "x" +
         std::string(numeric::name(m.b)) + "->" + std::string(numeric::name(m.out)) + " g" + std::to_string(m.group);
}

// Every distinct model of the catalog's rows, with each signedness the NEG bits select where they
// select one; new rows and engines appear here without an edit.
inline std::vector<CatalogModel> catalog_models() {
  std::vector<CatalogModel> out;
  for (isa::Instruction const& in : isa::catalog()) {
    bool const signedness = in.mod_rules().neg_is_signedness;
    for (int variant = 0; variant < (signedness ? 4 : 1); ++variant) {
      emu::Issue is{&in, in.default_wave(), {}};
      is.mods.neg_lo[0] = signedness && (variant & 1) != 0;
      is.mods.neg_lo[1] = signedness && (variant & 2) != 0;
      numeric::Model const m = emu::numeric_model(is);
      if (std::any_of(out.begin(), out.end(), [&](CatalogModel const& c) { return c.model == m; })) continue;
      out.push_back({m, &in, in.m, in.n, in.sparse() ? in.k / 2 : in.k});
    }
  }
  return out;
}

// A GEMM of depth tiles·K through one M x N tile on a profile's data: D_t = A_t·B_t + D_(t-1)
// from D = +0. The data is made once; run() computes the chain and returns what the engines
// counted.
class GemmChain {
public:
  GemmChain(CatalogModel const& c, Profile p, int tiles, uint64_t seed) : c_(c), tiles_(tiles) {
    int const depth = tiles * c.K;
    ProfileData data(c.model.a, c.model.b, c.model.out, depth, seed);
    std::vector<uint64_t> const a = data.matrix(p, false, c.M, depth);
    b_ = data.matrix(p, true, depth, c.N);
    a_tiles_.resize(a.size());
    for (int t = 0; t < tiles; ++t) // tile t of A as M x K, row-major
      for (int i = 0; i < c.M; ++i)
        std::copy_n(a.begin() + static_cast<ptrdiff_t>(i) * depth + static_cast<ptrdiff_t>(t) * c.K, c.K,
                    a_tiles_.begin() + (static_cast<ptrdiff_t>(t) * c.M + i) * c.K);
    d_.resize(static_cast<size_t>(c.M) * static_cast<size_t>(c.N));
  }

  numeric::TileCounts run() {
    std::fill(d_.begin(), d_.end(), 0);
    size_t const a_tile = static_cast<size_t>(c_.M) * static_cast<size_t>(c_.K);
    size_t const b_tile = static_cast<size_t>(c_.K) * static_cast<size_t>(c_.N);
    numeric::TileCounts const before = numeric::tile_counts();
    for (int t = 0; t < tiles_; ++t)
      numeric::dot_tile_rows(c_.model, c_.M, c_.N, c_.K, a_tiles_.data() + static_cast<size_t>(t) * a_tile,
                             b_.data() + static_cast<size_t>(t) * b_tile, c_.K, nullptr, d_.data(), d_.data());
    return numeric::tile_counts() - before;
  }
  uint64_t macs() const { return uint64_t(tiles_) * uint64_t(c_.M) * uint64_t(c_.N) * uint64_t(c_.K); }

private:
  CatalogModel c_;
  int tiles_;
  std::vector<uint64_t> a_tiles_, b_, d_;
};

} // namespace wavemma::test
