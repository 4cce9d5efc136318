// dot_tile and dot_tile_rows are bit-identical to dot for every engine and format combination, on
// random inputs that include specials, subnormals, extreme exponents and cancellation, on odd tile
// shapes, with and without a B row map, and in place; and on the data profiles of real programs
// (support/data_profiles.hpp) chained through a GEMM's K as the accumulators see them.

#include "model_catalog.hpp"
#include "random_inputs.hpp"
#include "support/data_profiles.hpp"
#include "wavemma/numeric/engine.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace wavemma::numeric {
namespace {

enum class Profile { kAnything, kFinite, kNearOne, kTiny };

struct Shape {
  int M, N;
};
constexpr Shape kShapes[] = {{16, 16}, {5, 11}, {1, 8}, {9, 1}, {3, 24}};

// Runs f with each instruction set of the kernels in turn (the reference core alone, AVX2, ...),
// and says which this build or CPU cannot run.
template <class F>
void for_each_tile_isa(F const& f) {
  TileIsa const in_use = tile_isa();
  for (TileIsa isa : kTileIsas) {
    if (!tile_isa_available(isa)) {
      std::printf("not run: the %s kernels (not available on this build or CPU)\n",
                  std::string(tile_isa_name(isa)).c_str());
      continue;
    }
    use_tile_isa(isa);
    SCOPED_TRACE(std::string("kernels: ") + std::string(tile_isa_name(isa)));
    f(isa);
  }
  use_tile_isa(in_use);
}

std::vector<uint64_t> random_matrix(testing::RandomCodes& rnd, Format f, int rows, int K, Profile p) {
  std::vector<uint64_t> v;
  v.reserve(static_cast<size_t>(rows) * static_cast<size_t>(K));
  for (int r = 0; r < rows; ++r) {
    std::vector<uint64_t> row;
    if (p == Profile::kNearOne && info(f).is_float) {
      // Exponents within a few binades of 1: the fast kernels' common case, with cancellation.
      FormatInfo const& fi = info(f);
      row.resize(static_cast<size_t>(K));
      for (auto& x : row) {
        uint64_t const e = static_cast<uint64_t>(fi.bias + rnd.uniform(-3, 3));
        x = (rnd.bits() & 1) << (fi.bits - 1) | e << fi.stored_frac_bits |
            (rnd.bits() & ((uint64_t{1} << fi.stored_frac_bits) - 1));
      }
    } else if (p == Profile::kTiny && info(f).is_float) {
      // The bottom of the exponent range: subnormal products and results, the C-larger branch
      // below 2^-126, the gfx12 accumulator floor rules.
      FormatInfo const& fi = info(f);
      int const top = std::min((1 << fi.exp_bits) - 2, fi.bias / 2 + 2);
      row.resize(static_cast<size_t>(K));
      for (auto& x : row) {
        uint64_t const e = static_cast<uint64_t>(rnd.uniform(0, top));
        x = (rnd.bits() & 1) << (fi.bits - 1) | e << fi.stored_frac_bits |
            (rnd.bits() & ((uint64_t{1} << fi.stored_frac_bits) - 1));
      }
    } else {
      row = rnd.vector(f, K, p != Profile::kAnything);
    }
    v.insert(v.end(), row.begin(), row.end());
  }
  return v;
}

// dot_tile_rows on the same operands: B row-major without a row map, and with a random row map
// over a taller B (rows repeated and skipped, as a sparse A or a multi-block instruction reads
// them), given by rows and by columns, against dot on the gathered columns.
void check_rows(Model const& m, int M, int N, int K, std::vector<uint64_t> const& A, std::vector<uint64_t> const& Bt,
                std::vector<uint64_t> const& C, testing::RandomCodes& rnd, Profile p) {
  auto const k = static_cast<size_t>(K);
  auto const n = static_cast<size_t>(N);
  std::vector<uint64_t> B(k * n);
  for (size_t kk = 0; kk < k; ++kk)
    for (size_t j = 0; j < n; ++j) B[kk * n + j] = Bt[j * k + kk];
  std::vector<uint64_t> D(C.size(), 0xDEADBEEF);
  dot_tile_rows(m, M, N, K, A.data(), B.data(), K, nullptr, C.data(), D.data());
  std::vector<uint64_t> tiled(C.size());
  dot_tile(m, M, N, K, A.data(), Bt.data(), C.data(), tiled.data());
  ASSERT_EQ(D, tiled) << testing::describe(m) << " M" << M << " N" << N << " K" << K
                      << ": dot_tile_rows without a row map differs from dot_tile";

  int const KB = K + 3;
  std::vector<uint64_t> const tall = random_matrix(rnd, m.b, KB, N, p);
  std::vector<uint32_t> rows(static_cast<size_t>(M) * k);
  for (auto& r : rows) r = static_cast<uint32_t>(rnd.uniform(0, KB - 1));
  std::vector<uint64_t> in_place = C;
  dot_tile_rows(m, M, N, K, A.data(), tall.data(), KB, rows.data(), C.data(), D.data());
  dot_tile_rows(m, M, N, K, A.data(), tall.data(), KB, rows.data(), in_place.data(), in_place.data());
  // The same B by columns.
  std::vector<uint64_t> tall_t(tall.size());
  for (size_t r = 0; r < static_cast<size_t>(KB); ++r)
    for (size_t j = 0; j < n; ++j) tall_t[j * static_cast<size_t>(KB) + r] = tall[r * n + j];
  std::vector<uint64_t> by_columns(C.size(), 0xDEADBEEF);
  dot_tile_rows(m, M, N, K, A.data(), tall_t.data(), KB, rows.data(), C.data(), by_columns.data(), BLayout::kColumns);
  ASSERT_EQ(by_columns, D) << testing::describe(m) << " M" << M << " N" << N << " K" << K
                           << ": B by columns differs from B by rows";
  std::vector<uint64_t> column(k);
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      for (size_t kk = 0; kk < k; ++kk)
        column[kk] = tall[rows[static_cast<size_t>(i) * k + kk] * n + static_cast<size_t>(j)];
      size_t const ij = static_cast<size_t>(i * N + j);
      uint64_t const ref = dot(m, std::span<uint64_t const>(A.data() + static_cast<size_t>(i) * k, k), column, C[ij]);
      ASSERT_EQ(D[ij], ref) << testing::describe(m) << " M" << M << " N" << N << " K" << K << " element (" << i << ","
                            << j << "): dot_tile_rows with a row map";
      ASSERT_EQ(in_place[ij], ref) << "dot_tile_rows in place";
    }
  }
}

void check_tile(Model const& m, int M, int N, int K, testing::RandomCodes& rnd, Profile p) {
  std::vector<uint64_t> const A = random_matrix(rnd, m.a, M, K, p);
  std::vector<uint64_t> const Bt = random_matrix(rnd, m.b, N, K, p);
  std::vector<uint64_t> C(static_cast<size_t>(M) * static_cast<size_t>(N));
  for (auto& c : C) {
    c = p == Profile::kAnything ? rnd.code(m.out) : rnd.finite_code(m.out);
    if (p == Profile::kTiny && info(m.out).is_float && rnd.uniform(0, 1) == 0) {
      int const keep = info(m.out).stored_frac_bits - rnd.uniform(0, std::min(12, info(m.out).stored_frac_bits));
      c &= (uint64_t{1} << (info(m.out).bits - 1)) | ((uint64_t{1} << keep) - 1); // a subnormal (or zero) C
    }
  }
  std::vector<uint64_t> D(C.size(), 0xDEADBEEF);
  dot_tile(m, M, N, K, A.data(), Bt.data(), C.data(), D.data());
  std::vector<uint64_t> in_place = C;
  dot_tile(m, M, N, K, A.data(), Bt.data(), in_place.data(), in_place.data());
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      size_t const ij = static_cast<size_t>(i * N + j);
      std::span<uint64_t const> const a(A.data() + static_cast<size_t>(i * K), static_cast<size_t>(K));
      std::span<uint64_t const> const b(Bt.data() + static_cast<size_t>(j * K), static_cast<size_t>(K));
      uint64_t const ref = dot(m, a, b, C[ij]);
      ASSERT_EQ(D[ij], ref) << testing::describe(m) << " M" << M << " N" << N << " K" << K << " element (" << i << ","
                            << j << ") c=" << format_value(m.out, C[ij]);
      ASSERT_EQ(in_place[ij], ref) << "in place";
    }
  }
  check_rows(m, M, N, K, A, Bt, C, rnd, p);
}

TEST(DotTile, EqualsDotForEveryModel) {
  testing::RandomCodes rnd(2024);
  for_each_tile_isa([&](TileIsa) {
    for (Model const& m : testing::all_models()) {
      for (int K : testing::k_values(m)) {
        for (Shape s : kShapes) {
          for (Profile p : {Profile::kAnything, Profile::kFinite, Profile::kNearOne, Profile::kTiny}) {
            check_tile(m, s.M, s.N, K, rnd, p);
          }
        }
      }
    }
  });
}

// A GEMM of depth kTiles·K through a 16x16 tile, on each data profile, from C = +0 and from a
// random C: every tile's D equals dot on the C the chain has reached.
TEST(DotTile, EqualsDotOnTheDataProfiles) {
  constexpr int kTiles = 6, M = 16, N = 16;
  testing::RandomCodes rnd(99);
  for_each_tile_isa([&](TileIsa isa) {
    if (isa == TileIsa::kScalar) return; // the reference core itself, checked by EqualsDotForEveryModel
    for (Model const& m : testing::all_models()) {
      int const K = testing::k_values(m)[1];
      for (test::ProfileInfo const& p : test::kProfiles) {
        test::ProfileData data(m.a, m.b, m.out, kTiles * K, static_cast<uint64_t>(p.profile) + 1);
        std::vector<uint64_t> const a = data.matrix(p.profile, false, M, kTiles * K);
        std::vector<uint64_t> const b = data.matrix(p.profile, true, kTiles * K, N);
        for (bool random_c : {false, true}) {
          std::vector<uint64_t> c(static_cast<size_t>(M * N), 0);
          if (random_c)
            for (auto& x : c) x = rnd.finite_code(m.out);
          std::vector<uint64_t> a_tile(static_cast<size_t>(M * K)), d(c.size());
          std::vector<uint64_t> a_row(static_cast<size_t>(K)), b_col(static_cast<size_t>(K));
          for (int t = 0; t < kTiles; ++t) {
            for (int i = 0; i < M; ++i)
              for (int k = 0; k < K; ++k)
                a_tile[static_cast<size_t>(i * K + k)] = a[static_cast<size_t>(i * kTiles * K + t * K + k)];
            uint64_t const* b_tile = b.data() + static_cast<size_t>(t * K * N);
            dot_tile_rows(m, M, N, K, a_tile.data(), b_tile, K, nullptr, c.data(), d.data());
            for (int i = 0; i < M; ++i) {
              for (int j = 0; j < N; ++j) {
                for (int k = 0; k < K; ++k) b_col[static_cast<size_t>(k)] = b_tile[k * N + j];
                std::span<uint64_t const> const row(a_tile.data() + static_cast<size_t>(i * K), static_cast<size_t>(K));
                size_t const ij = static_cast<size_t>(i * N + j);
                ASSERT_EQ(d[ij], dot(m, row, b_col, c[ij]))
                    << testing::describe(m) << " on " << p.name << (random_c ? " from a random C" : "") << ", tile "
                    << t << " element (" << i << "," << j << ") c=" << format_value(m.out, c[ij]);
              }
            }
            c = d;
          }
        }
      }
    }
  });
}

TEST(DotTileRows, RejectsRowsOutsideB) {
  Model const m{Engine::kRdna4Dot4, Format::kF16, Format::kF16, Format::kF32, 4};
  std::vector<uint64_t> const a(4), b(8);
  std::vector<uint64_t> d(2);
  std::vector<uint32_t> const rows = {0, 1, 2, 3};
  EXPECT_THROW(dot_tile_rows(m, 1, 2, 4, a.data(), b.data(), 3, rows.data(), d.data(), d.data()),
               std::invalid_argument);
  EXPECT_THROW(dot_tile_rows(m, 1, 2, 4, a.data(), b.data(), 3, nullptr, d.data(), d.data()), std::invalid_argument);
}

// Many more trials for the vectorised models (the others share the reference core with dot).
TEST(DotTile, EqualsDotForTheVectorisedModels) {
  testing::RandomCodes rnd(77);
  for_each_tile_isa([&](TileIsa isa) {
    int vectorised = 0;
    for (Model const& m : testing::all_models()) {
      if (!has_fast_tile(m)) continue;
      ++vectorised;
      // The aligning kernels get the most trials; FMA and integer kernels are plain per-lane
      // arithmetic.
      bool const plain = m.engine == Engine::kFmaChain || m.engine == Engine::kIntegerDot;
      for (int trial = 0; trial < (plain ? 6 : 40); ++trial) {
        for (Profile p : {Profile::kAnything, Profile::kFinite, Profile::kNearOne, Profile::kTiny}) {
          int const K = testing::k_values(m)[static_cast<size_t>(trial) % testing::k_values(m).size()];
          check_tile(m, 16, 16, K, rnd, p);
        }
      }
    }
    // With AVX2 every model has a kernel but the mixed-format FMA chain (f16 x bf16 -> f32, which
    // no instruction uses): a kernel that stopped being selected shows here by name.
    for (Model const& m : testing::all_models()) {
      bool const mixed_fma = m.engine == Engine::kFmaChain && m.a != m.b;
      EXPECT_EQ(has_fast_tile(m), isa != TileIsa::kScalar && !mixed_fma) << testing::describe(m);
    }
    EXPECT_EQ(vectorised > 0, isa != TileIsa::kScalar);
  });
}

// use_tile_isa chooses who computes: with the reference core alone every element is counted as
// unvectorised, with a kernel set none is (nor falls back, on finite data).
TEST(DotTile, TheChosenKernelsCompute) {
  Model const m{Engine::kRdna4Dot4, Format::kF16, Format::kF16, Format::kF32, 4};
  std::vector<uint64_t> const a(64, 0x3c00), bt(64, 0x4000);
  std::vector<uint64_t> c(16, 0), d(16);
  for_each_tile_isa([&](TileIsa isa) {
    TileCounts const before = tile_counts();
    dot_tile(m, 4, 4, 16, a.data(), bt.data(), c.data(), d.data());
    TileCounts const n = tile_counts() - before;
    EXPECT_EQ(n.elements, 16u);
    EXPECT_EQ(n.unvectorised, isa == TileIsa::kScalar ? 16u : 0u);
    EXPECT_EQ(n.fallbacks, 0u);
    EXPECT_EQ(d[5], 0x42000000u); // 16 · 1 · 2
  });
  EXPECT_THROW(use_tile_isa(static_cast<TileIsa>(200)), std::invalid_argument);
}

} // namespace
} // namespace wavemma::numeric
