// The fp8/bf8 conversion builtins (wavemma/hip/fp8_builtins.hpp) on every target that has them,
// against fp8_reference.hpp: all 256 codes of each format back to f32, and f32 to each format at
// every code, every rounding boundary (the midpoint, and one f32 step either side of it), beyond
// the largest finite value, at infinity, NaN and signed zero.

#include "fp8_reference.hpp"

#include "wavemma/hip.hpp"

#include <cstring>
#include <gtest/gtest.h>
#include <vector>

namespace {

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

struct TargetFormats {
  char const* arch;
  fp8ref::Format fp8, bf8;
};
constexpr TargetFormats kTargets[] = {{"gfx942", fp8ref::kE4M3Fnuz, fp8ref::kE5M2Fnuz},
                                      {"gfx950", fp8ref::kE4M3, fp8ref::kE5M2},
                                      {"gfx1201", fp8ref::kE4M3, fp8ref::kE5M2}};

// Every f32 the direction f32 -> fp8 must be tried on for format f.
std::vector<float> boundary_inputs(fp8ref::Format f) {
  std::vector<float> out = {0.0f,           -0.0f, HUGE_VALF, -HUGE_VALF, std::nanf(""),
                            -std::nanf(""), 1e30f, -1e30f,    1e-30f,     -1e-30f};
  std::vector<double> mags;
  for (unsigned c = 0; c <= fp8ref::max_code(f); ++c) mags.push_back(fp8ref::value(f, c));
  double const top = mags.back();
  mags.push_back(top + std::ldexp(1.0, std::ilogb(top) - f.man_bits)); // one step beyond the largest
  for (size_t i = 0; i < mags.size(); ++i) {
    std::vector<double> points = {mags[i]};
    if (i + 1 < mags.size()) points.push_back((mags[i] + mags[i + 1]) / 2); // exact in f32
    for (double p : points)
      for (float s : {1.0f, -1.0f}) {
        float const x = s * static_cast<float>(p);
        out.insert(out.end(), {x, std::nextafterf(x, HUGE_VALF), std::nextafterf(x, -HUGE_VALF)});
      }
  }
  return out;
}

class Fp8Builtins : public ::testing::TestWithParam<TargetFormats> {
protected:
  void SetUp() override { wavemma::simt::set_target(GetParam().arch); }
};

TEST_P(Fp8Builtins, EveryCodeWidensExactly) {
  for (int kind = 0; kind < 2; ++kind) {
    fp8ref::Format const f = kind ? GetParam().bf8 : GetParam().fp8;
    for (unsigned c = 0; c < 256; ++c)
      for (int sel = 0; sel < 4; ++sel) {
        int const src = static_cast<int>((c << (8 * sel)) | (0x5Au << (8 * ((sel + 1) % 4))));
        float const got = kind ? __builtin_amdgcn_cvt_f32_bf8(src, sel) : __builtin_amdgcn_cvt_f32_fp8(src, sel);
        if (fp8ref::is_nan(f, c)) {
          uint32_t const want = (!f.fnuz && (c & 0x80) ? 0x80000000u : 0u) | 0x7FC00000u;
          ASSERT_EQ(bits(got), want) << GetParam().arch << " code " << c;
        } else {
          ASSERT_EQ(double(got), fp8ref::value(f, c)) << GetParam().arch << " code " << c << " sel " << sel;
          ASSERT_EQ(std::signbit(got), bool(c & 0x80)) << c; // (FNUZ 0x80 is the NaN)
        }
      }
    // The packed form: both bytes of the selected word.
    for (unsigned c = 0; c < 256; ++c)
      for (bool word : {false, true}) {
        unsigned const other = (c * 37 + 11) & 0xFF;
        int const src = static_cast<int>(((c | other << 8) << (word ? 16 : 0)) | (word ? 0x1234u : 0x12340000u));
        auto const got = kind ? __builtin_amdgcn_cvt_pk_f32_bf8(src, word) : __builtin_amdgcn_cvt_pk_f32_fp8(src, word);
        if (!fp8ref::is_nan(f, c))
          ASSERT_EQ(double(got[0]), fp8ref::value(f, c)) << c;
        else
          ASSERT_TRUE(std::isnan(got[0]));
        if (!fp8ref::is_nan(f, other))
          ASSERT_EQ(double(got[1]), fp8ref::value(f, other)) << other;
        else
          ASSERT_TRUE(std::isnan(got[1]));
      }
  }
}

TEST_P(Fp8Builtins, FloatsRoundToNearestEvenWithoutSaturation) {
  int checked = 0;
  for (int kind = 0; kind < 2; ++kind) {
    fp8ref::Format const f = kind ? GetParam().bf8 : GetParam().fp8;
    std::vector<float> const in = boundary_inputs(f);
    for (size_t i = 0; i < in.size(); ++i) {
      float const a = in[i], b = in[(i * 7 + 3) % in.size()];
      for (bool word : {false, true}) {
        int const old = static_cast<int>(0xA5C3E1F7u);
        int const got =
            kind ? __builtin_amdgcn_cvt_pk_bf8_f32(a, b, old, word) : __builtin_amdgcn_cvt_pk_fp8_f32(a, b, old, word);
        uint32_t const want_word = fp8ref::builtin_nearest_even(f, a) | fp8ref::builtin_nearest_even(f, b) << 8;
        uint32_t const want = word ? (want_word << 16 | 0xE1F7u) : (0xA5C30000u | want_word);
        ASSERT_EQ(static_cast<uint32_t>(got), want)
            << GetParam().arch << (kind ? " bf8 " : " fp8 ") << a << " (0x" << std::hex << bits(a) << "), " << b;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 4000);
}

TEST_P(Fp8Builtins, StochasticRoundingAddsTheRandomBitsBelowThePrecision) {
  int checked = 0;
  for (int kind = 0; kind < 2; ++kind) {
    fp8ref::Format const f = kind ? GetParam().bf8 : GetParam().fp8;
    int const d = 23 - f.man_bits;
    std::vector<float> in = boundary_inputs(f);
    in.insert(in.end(), {1e-6f, -3e-6f, 1e-7f, 1.0e-20f, std::ldexp(1.0f, -130)}); // below the fp8 subnormals
    for (float v : in) {
      uint32_t const half = 1u << (d - 1), all = (1u << d) - 1;
      for (uint32_t rnd : {0u, 1u, half - 1, half, all - 1, all, 0xFFF00000u, 0x9E3779B9u, all ^ 0x5555u})
        for (int sel = 0; sel < 4; ++sel) {
          int const old = static_cast<int>(0x8899AABBu);
          int const got = kind ? __builtin_amdgcn_cvt_sr_bf8_f32(v, int(rnd), old, sel)
                               : __builtin_amdgcn_cvt_sr_fp8_f32(v, int(rnd), old, sel);
          uint32_t const want = (0x8899AABBu & ~(0xFFu << (8 * sel))) | fp8ref::builtin_stochastic(f, v, rnd)
                                                                            << (8 * sel);
          ASSERT_EQ(static_cast<uint32_t>(got), want)
              << GetParam().arch << (kind ? " bf8 " : " fp8 ") << v << " (" << std::hexfloat << v << std::defaultfloat
              << ") rnd 0x" << std::hex << rnd << " sel " << sel;
          ++checked;
        }
    }
  }
  EXPECT_GT(checked, 100000);
}

INSTANTIATE_TEST_SUITE_P(Targets, Fp8Builtins, ::testing::ValuesIn(kTargets),
                         [](auto const& info) { return std::string(info.param.arch); });

// Targets without fp8-conversion-insts refuse the builtins by name.
TEST(Fp8BuiltinsAvailability, MissingOnGfx11AndEarlierCdna) {
  for (char const* arch : {"gfx1100", "gfx90a", "gfx908"}) {
    wavemma::simt::set_target(arch);
    try {
      (void)__builtin_amdgcn_cvt_f32_fp8(0, 0);
      ADD_FAILURE() << arch;
    } catch (std::runtime_error const& e) {
      EXPECT_NE(std::string(e.what()).find("'__builtin_amdgcn_cvt_f32_fp8' needs target feature fp8-conversion-insts"),
                std::string::npos)
          << e.what();
    }
  }
}

} // namespace
