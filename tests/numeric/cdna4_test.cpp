// gfx950: the block-scaled f8f6f4 engine (kCdna4ScaledDot) against an __int128 oracle of the
// test's own, the unscaled form as scale 1, special values; Algorithm 2 on the OCP fp8 formats.
// Every model here is ASSUME (docs/numerics.md §4): these tests pin the stated rule, nothing more.

#include "engine_test_util.hpp"
#include "random_inputs.hpp"
#include "wavemma/numeric/engine.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <random>
#include <span>
#include <vector>

namespace wavemma::numeric {
namespace {

using F = Format;
constexpr F kElementFormats[] = {F::kFp8E4M3, F::kBf8E5M2, F::kFp6E2M3, F::kBf6E3M2, F::kFp4E2M1};

oracle::FloatSpec const& spec_of(F f) {
  for (auto const& s : oracle::kSmallFloats)
    if (s.format == f) return s;
  throw std::logic_error("no spec");
}

// dot() is the unscaled instruction: every scale 0x7F (2^0).
TEST(Cdna4Scaled, DotIsScaleOne) {
  testing::RandomCodes rnd(950);
  for (F a : kElementFormats) {
    for (F b : kElementFormats) {
      Model const m{Engine::kCdna4ScaledDot, a, b, F::kF32, 32};
      for (int n = 0; n < 200; ++n) {
        int const K = n % 2 == 0 ? 64 : 40;
        std::vector<uint64_t> const x = rnd.vector(a, K), y = rnd.vector(b, K);
        uint64_t const c = rnd.code(F::kF32);
        std::vector<uint8_t> const ones(static_cast<size_t>((K + 31) / 32), 0x7F);
        ASSERT_EQ(testing::dot_checked(m, x, y, c), dot_scaled(m, x, y, ones, ones, c));
      }
    }
  }
}

// d = RNE32(c + 2^(sa+sb-254) · Σ a·b) per block of 32, exact: the oracle sums in __int128 units
// of 2^-56 (element products lie on 2^-32, scales within 2^±24, c on 2^-56 below 2^41) and rounds
// once with the host's int -> float conversion.
TEST(Cdna4Scaled, EqualsTheInt128OracleWithScales) {
  std::mt19937_64 rng(355);
  constexpr int kG = -56;
  for (F fa : kElementFormats) {
    for (F fb : kElementFormats) {
      Model const m{Engine::kCdna4ScaledDot, fa, fb, F::kF32, 32};
      auto const& sa_spec = spec_of(fa);
      auto const& sb_spec = spec_of(fb);
      for (int n = 0; n < 300; ++n) {
        int const K = 64;
        std::vector<uint64_t> a(K), b(K);
        std::vector<uint8_t> sa(2), sb(2);
        for (auto& s : sa) s = static_cast<uint8_t>(127 + static_cast<int>(rng() % 25) - 12);
        for (auto& s : sb) s = static_cast<uint8_t>(127 + static_cast<int>(rng() % 25) - 12);
        auto finite = [&](oracle::FloatSpec const& s) {
          for (;;) {
            auto const code = static_cast<uint32_t>(rng() & ((1u << s.bits) - 1));
            if (!oracle::is_nan(s, code) && !oracle::is_inf(s, code)) return code;
          }
        };
        for (int k = 0; k < K; ++k)
          a[static_cast<size_t>(k)] = finite(sa_spec), b[static_cast<size_t>(k)] = finite(sb_spec);
        double const c0 = std::ldexp(static_cast<double>(static_cast<int64_t>(rng() >> 40) - (int64_t{1} << 23)),
                                     static_cast<int>(rng() % 74) + kG);
        auto const cbits = std::bit_cast<uint32_t>(static_cast<float>(c0));
        float d = static_cast<float>(c0);
        for (int blk = 0; blk < 2; ++blk) {
          int const scale = sa[static_cast<size_t>(blk)] + sb[static_cast<size_t>(blk)] - 254;
          __int128 t = static_cast<__int128>(std::ldexp(double{d}, -kG));
          for (int k = 32 * blk; k < 32 * blk + 32; ++k) {
            double const p = oracle::value(sa_spec, static_cast<uint32_t>(a[static_cast<size_t>(k)])) *
                             oracle::value(sb_spec, static_cast<uint32_t>(b[static_cast<size_t>(k)]));
            t += static_cast<__int128>(std::ldexp(p, scale - kG)); // exact: p on 2^-32, scale >= -24
          }
          d = std::ldexp(static_cast<float>(t), kG);
        }
        uint64_t const got = dot_scaled(m, a, b, sa, sb, cbits);
        ASSERT_EQ(got, std::bit_cast<uint32_t>(d)) << name(fa) << " x " << name(fb) << std::hex << " got 0x" << got;
        // The batched form, one row and one column.
        uint64_t tiled = 0;
        uint64_t const c64 = cbits;
        dot_tile_scaled(m, 1, 1, K, a.data(), sa.data(), b.data(), sb.data(), &c64, &tiled);
        ASSERT_EQ(tiled, got);
      }
    }
  }
}

// dot_tile_scaled on a 3 x 5 tile with K = 96 (three blocks, so three scales per row and column)
// is dot_scaled element by element, D in place of C included.
TEST(Cdna4Scaled, TileIsDotScaledPerElement) {
  testing::RandomCodes rnd(7);
  Model const m{Engine::kCdna4ScaledDot, F::kBf6E3M2, F::kFp8E4M3, F::kF32, 32};
  int const M = 3, N = 5, K = 96, nb = 3;
  std::vector<uint64_t> A(M * K), Bt(N * K), C(M * N);
  std::vector<uint8_t> SA(M * nb), SBt(N * nb);
  for (auto& x : A) x = rnd.code(m.a);
  for (auto& x : Bt) x = rnd.code(m.b);
  for (auto& x : C) x = rnd.finite_code(F::kF32);
  for (auto& s : SA) s = static_cast<uint8_t>(rnd.uniform(100, 150));
  for (auto& s : SBt) s = static_cast<uint8_t>(rnd.uniform(100, 150));
  SA[4] = 0xFF; // one NaN scale: row 1, block 1
  std::vector<uint64_t> D = C;
  dot_tile_scaled(m, M, N, K, A.data(), SA.data(), Bt.data(), SBt.data(), D.data(), D.data());
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      auto const row = std::span<uint64_t const>(A).subspan(static_cast<size_t>(i * K), K);
      auto const col = std::span<uint64_t const>(Bt).subspan(static_cast<size_t>(j * K), K);
      auto const sa = std::span<uint8_t const>(SA).subspan(static_cast<size_t>(i * nb), nb);
      auto const sb = std::span<uint8_t const>(SBt).subspan(static_cast<size_t>(j * nb), nb);
      EXPECT_EQ(D[static_cast<size_t>(i * N + j)], dot_scaled(m, row, col, sa, sb, C[static_cast<size_t>(i * N + j)]))
          << i << "," << j;
    }
  }
  for (int j = 0; j < N; ++j) EXPECT_EQ(D[static_cast<size_t>(N + j)], kCdna3Nan);
}

// dot_tile_scaled (its vectorised kernel where the CPU has one, and the reference core alone) equals
// dot_scaled per element on codes with every special value and scales over the whole E8M0 range,
// NaN included, for every pair of element formats; D in place of C.
TEST(Cdna4Scaled, TileEqualsDotScaledOnEveryCorner) {
  testing::RandomCodes rnd(4242);
  for (TileIsa isa : kTileIsas) {
    if (!tile_isa_available(isa)) continue;
    TileIsa const saved = tile_isa();
    use_tile_isa(isa);
    for (F fa : kElementFormats) {
      for (F fb : kElementFormats) {
        Model const m{Engine::kCdna4ScaledDot, fa, fb, F::kF32, 32};
        for (int K : {32, 64, 40}) {
          int const M = 7, N = 9, nb = (K + 31) / 32;
          std::vector<uint64_t> A(static_cast<size_t>(M * K)), Bt(static_cast<size_t>(N * K)), C(M * N);
          std::vector<uint8_t> SA(static_cast<size_t>(M * nb)), SBt(static_cast<size_t>(N * nb));
          for (size_t i = 0; i < static_cast<size_t>(M); ++i) {
            auto const row = rnd.vector(fa, K);
            std::copy(row.begin(), row.end(), A.begin() + static_cast<ptrdiff_t>(i) * K);
          }
          for (size_t j = 0; j < static_cast<size_t>(N); ++j) {
            auto const col = rnd.vector(fb, K);
            std::copy(col.begin(), col.end(), Bt.begin() + static_cast<ptrdiff_t>(j) * K);
          }
          for (auto& x : C) x = rnd.code(F::kF32);
          auto scale = [&] {
            int const pick = rnd.uniform(0, 19);
            if (pick == 0) return uint8_t{0xFF};
            if (pick == 1) return static_cast<uint8_t>(rnd.uniform(0, 3));
            if (pick == 2) return static_cast<uint8_t>(rnd.uniform(0xFA, 0xFE));
            return static_cast<uint8_t>(rnd.uniform(0x60, 0xA0));
          };
          for (auto& x : SA) x = scale();
          for (auto& x : SBt) x = scale();
          std::vector<uint64_t> D = C;
          dot_tile_scaled(m, M, N, K, A.data(), SA.data(), Bt.data(), SBt.data(), D.data(), D.data());
          for (int i = 0; i < M; ++i) {
            for (int j = 0; j < N; ++j) {
              auto const ij = static_cast<size_t>(i * N + j);
              uint64_t const want = dot_scaled(
                  m, std::span<uint64_t const>(A).subspan(static_cast<size_t>(i * K), static_cast<size_t>(K)),
                  std::span<uint64_t const>(Bt).subspan(static_cast<size_t>(j * K), static_cast<size_t>(K)),
                  std::span<uint8_t const>(SA).subspan(static_cast<size_t>(i * nb), static_cast<size_t>(nb)),
                  std::span<uint8_t const>(SBt).subspan(static_cast<size_t>(j * nb), static_cast<size_t>(nb)), C[ij]);
              ASSERT_EQ(D[ij], want) << tile_isa_name(isa) << " " << name(fa) << " x " << name(fb) << " K=" << K << " ("
                                     << i << "," << j << ")";
            }
          }
        }
      }
    }
    use_tile_isa(saved);
  }
}

TEST(Cdna4Scaled, ScalesAreExactPowersOfTwoAndSpecials) {
  Model const m{Engine::kCdna4ScaledDot, F::kFp8E4M3, F::kFp4E2M1, F::kF32, 32};
  std::vector<uint64_t> a(32, 0), b(32, 0);
  a[0] = 0x38; // fp8 1.0
  b[0] = 0x2;  // fp4 1.0
  auto run = [&](uint8_t sa, uint8_t sb, uint32_t c = 0) {
    return static_cast<uint32_t>(dot_scaled(m, a, b, std::vector<uint8_t>{sa}, std::vector<uint8_t>{sb}, c));
  };
  EXPECT_EQ(run(0x7F, 0x7F), 0x3f800000u);
  EXPECT_EQ(run(0x80, 0x7E), 0x3f800000u);             // 2^1 · 2^-1
  EXPECT_EQ(run(0x00, 0x7F), 0x00400000u);             // 2^-127: an f32 subnormal, kept
  EXPECT_EQ(run(0x00, 0x00), 0x00000000u);             // 2^-254 rounds to +0
  EXPECT_EQ(run(0xFE, 0xFE), 0x7f800000u);             // 2^254 overflows to +inf
  EXPECT_EQ(run(0xFE, 0x7F, 0xff7fffff), 0xfefffffeu); // -max + 2^127 = -(1 - 2^-23)·2^127, exact
  EXPECT_EQ(run(0xFF, 0x7F), kCdna3Nan);               // a NaN scale
  EXPECT_EQ(run(0x7F, 0xFF), kCdna3Nan);
  // One scale per block: the scale of block 1 does not touch block 0.
  std::vector<uint64_t> a2(64, 0), b2(64, 0);
  a2[0] = a2[32] = 0x38;
  b2[0] = b2[32] = 0x2;
  EXPECT_EQ(dot_scaled(m, a2, b2, std::vector<uint8_t>{0x7F, 0x81}, std::vector<uint8_t>{0x7F, 0x7F}, 0),
            0x40a00000u); // 1 + 4
  Model const e5{Engine::kCdna4ScaledDot, F::kBf8E5M2, F::kFp6E2M3, F::kF32, 32};
  std::vector<uint64_t> inf(32, 0), zero(32, 0), one(32, 0);
  inf[0] = 0x7C;
  one[0] = 0x08;                                // fp6 E2M3 1.0
  EXPECT_EQ(dot(e5, inf, zero, 0), kCdna3Nan);  // inf x 0
  EXPECT_EQ(dot(e5, inf, one, 0), 0x7f800000u); // inf x 1
  EXPECT_EQ(dot(e5, inf, one, 0xff800000), kCdna3Nan);
  inf[0] = 0x7D; // NaN
  EXPECT_EQ(dot(e5, inf, one, 0), kCdna3Nan);
  EXPECT_THROW(dot_scaled(e5, inf, one, std::vector<uint8_t>{}, std::vector<uint8_t>{0x7F}, 0), std::invalid_argument);
  Model const other{Engine::kCdna3Fp8Dot, F::kFp8E4M3, F::kFp8E4M3, F::kF32, 16};
  EXPECT_THROW(dot_scaled(other, inf, one, std::vector<uint8_t>{0x7F}, std::vector<uint8_t>{0x7F}, 0),
               std::invalid_argument);
}

// gfx950's unscaled fp8 MFMA: Algorithm 2 on OCP codes gives what it gives on the FNUZ codes of the
// same values (the formats share every value between 2^-9 and 240 for fp8, 2^-16 and 57344 for bf8).
TEST(Cdna3Fp8OnOcp, SameValuesSameResultAsFnuz) {
  std::mt19937_64 rng(42);
  for (auto [ocp, fnuz] : {std::pair{F::kFp8E4M3, F::kFp8E4M3Fnuz}, std::pair{F::kBf8E5M2, F::kBf8E5M2Fnuz}}) {
    Model const mo{Engine::kCdna3Fp8Dot, ocp, ocp, F::kF32, 16};
    Model const mf{Engine::kCdna3Fp8Dot, fnuz, fnuz, F::kF32, 16};
    int compared = 0;
    for (int n = 0; n < 3000; ++n) {
      std::vector<uint64_t> ao(16), bo(16), af(16), bf(16);
      bool representable = true;
      for (size_t k = 0; k < 16; ++k) {
        for (auto [o, f] : {std::pair{&ao[k], &af[k]}, std::pair{&bo[k], &bf[k]}}) {
          *o = rng() & 0xFF;
          double const v = to_double(ocp, *o);
          if (!std::isfinite(v) || v == 0 || to_double(fnuz, from_double(fnuz, v)) != v) representable = false;
          *f = from_double(fnuz, v);
        }
      }
      if (!representable) continue;
      ++compared;
      uint64_t const c = testing::f32(static_cast<double>(rng() % 1000) / 64.0);
      ASSERT_EQ(testing::dot_checked(mo, ao, bo, c), testing::dot_checked(mf, af, bf, c));
    }
    EXPECT_GT(compared, 0) << name(ocp);
  }
}

} // namespace
} // namespace wavemma::numeric
