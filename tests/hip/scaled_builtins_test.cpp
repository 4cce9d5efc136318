// gfx950's scaled conversion builtins (__builtin_amdgcn_cvt_scalef32_*, wavemma/hip/fp8_builtins.hpp)
// against fp8_reference.hpp (the formats from their field layouts, rounding by search over the codes)
// and the compiler's own conversions of an exact double to float, _Float16 and __bf16: every code of
// each 8- and 4-bit format widened with scales across the whole E8M0 range (E = 255 included, with
// junk in the scale's sign and fraction), every f16 and bf16 input narrowed, f32 inputs at every
// rounding boundary of the scaled value and sampled, NaN, infinity and overflow, stochastic rounding
// with random bits on each side of every threshold, byte and word selection with the rest of `old`
// kept, and the targets without the instructions.

#include "fp8_reference.hpp"

#include "wavemma/hip.hpp"

#include <bit>
#include <cstring>
#include <gtest/gtest.h>
#include <random>
#include <string>
#include <vector>

namespace {

using v2f32 = float __attribute__((ext_vector_type(2)));
using v2f16 = _Float16 __attribute__((ext_vector_type(2)));
using v2bf16 = __bf16 __attribute__((ext_vector_type(2)));
using v2i16 = short __attribute__((ext_vector_type(2)));

template <class T>
uint32_t bits(T v) {
  uint32_t b = 0;
  std::memcpy(&b, &v, sizeof v);
  return b;
}
float from_bits(uint32_t b) { return std::bit_cast<float>(b); }
_Float16 half_from_bits(uint16_t b) { return std::bit_cast<_Float16>(b); }
__bf16 bf16_from_bits(uint16_t b) { return std::bit_cast<__bf16>(b); }

// A float rounded to bf16, nearest even (the textbook bit formula; the test's widened values are
// exact in float), NaN quieted.
__bf16 to_bf16(double v) {
  uint32_t const b = bits(static_cast<float>(v));
  uint16_t const out = (b & 0x7FFFFFFFu) > 0x7F800000u ? static_cast<uint16_t>(b >> 16 | 0x40)
                                                       : static_cast<uint16_t>((b + 0x7FFFu + (b >> 16 & 1u)) >> 16);
  return bf16_from_bits(out);
}

// Scales: the E8M0 exponent E in bits 30..23, with junk in the sign and the fraction (which the
// instruction ignores).
std::vector<float> scales() {
  std::vector<float> out;
  for (uint32_t e : {0u, 1u, 20u, 100u, 120u, 126u, 127u, 128u, 131u, 140u, 200u, 253u, 254u, 255u})
    for (uint32_t junk : {0u, 0x80000000u, 0x007FFFFFu, 0x80400001u}) out.push_back(from_bits(e << 23 | junk));
  return out;
}
int exponent(float scale) { return static_cast<int>(bits(scale) >> 23 & 0xFF); }

constexpr fp8ref::Format kFormats[2] = {fp8ref::kE4M3, fp8ref::kE5M2};

// The exact widened value, NaN with the code's sign for a NaN code or E = 255.
double widened(int kind, unsigned code, float scale) {
  bool const nan = kind == 2 ? false : fp8ref::is_nan(kFormats[kind], code);
  double const sign = (code & (kind == 2 ? 8u : 0x80u)) ? -1.0 : 1.0;
  if (nan || exponent(scale) == 255) return std::copysign(NAN, sign);
  double const v = kind == 2 ? fp8ref::fp4_value(code) : fp8ref::value(kFormats[kind], code);
  return std::ldexp(v, exponent(scale) - 127);
}
// The expected code of x narrowed with scale.
unsigned narrowed(int kind, double x, float scale) {
  double const q = exponent(scale) == 255 ? NAN : std::ldexp(x, 127 - exponent(scale));
  return kind == 2 ? fp8ref::fp4_nearest_even(q) : fp8ref::builtin_nearest_even(kFormats[kind], q);
}
unsigned narrowed_stochastic(int kind, double x, float scale, uint32_t rnd) {
  double const q = exponent(scale) == 255 ? NAN : std::ldexp(x, 127 - exponent(scale));
  return kind == 2 ? fp8ref::fp4_stochastic(q, rnd) : fp8ref::builtin_stochastic(kFormats[kind], q, rnd);
}

// Every value of a format, each midpoint and one f32 step either side, scaled by 2^(E-127) so that
// the quotient lands on them; beyond the largest value, infinity, NaN, signed zeros.
std::vector<float> boundary_inputs(int kind, float scale) {
  std::vector<float> out = {0.0f, -0.0f, HUGE_VALF, -HUGE_VALF, std::nanf(""), -std::nanf(""), 1e30f, -1e30f};
  std::vector<double> mags;
  if (kind == 2)
    for (unsigned c = 0; c < 8; ++c) mags.push_back(fp8ref::fp4_value(c));
  else
    for (unsigned c = 0; c <= fp8ref::max_code(kFormats[kind]); ++c) mags.push_back(fp8ref::value(kFormats[kind], c));
  mags.push_back(mags.back() * 1.25);
  mags.push_back(mags.back() * 4);
  int const e = exponent(scale) == 255 ? 0 : exponent(scale) - 127;
  for (size_t i = 0; i < mags.size(); ++i) {
    std::vector<double> points = {mags[i]};
    if (i + 1 < mags.size()) points.push_back((mags[i] + mags[i + 1]) / 2);
    for (double p : points)
      for (float s : {1.0f, -1.0f}) {
        float const x = s * static_cast<float>(std::ldexp(p, e));
        out.insert(out.end(), {x, std::nextafterf(x, HUGE_VALF), std::nextafterf(x, -HUGE_VALF)});
      }
  }
  return out;
}

class ScaledBuiltins : public ::testing::Test {
protected:
  void SetUp() override { wavemma::simt::set_target("gfx950"); }
};

TEST_F(ScaledBuiltins, EveryFp8CodeWidensTimesTheScale) {
  int checked = 0;
  for (float scale : scales())
    for (int kind = 0; kind < 2; ++kind)
      for (unsigned c = 0; c < 256; ++c) {
        double const want = widened(kind, c, scale);
        uint32_t const want32 = bits(static_cast<float>(want));
        for (int sel = 0; sel < 4; ++sel) {
          int const src = static_cast<int>(c << (8 * sel) | 0xA5u << (8 * ((sel + 1) % 4)));
          float const got = kind ? __builtin_amdgcn_cvt_scalef32_f32_bf8(src, scale, sel)
                                 : __builtin_amdgcn_cvt_scalef32_f32_fp8(src, scale, sel);
          ASSERT_EQ(bits(got), want32) << "kind " << kind << " code " << c << " E " << exponent(scale);
          v2f16 const old = {half_from_bits(0x1234), half_from_bits(0x5678)};
          for (bool hi : {false, true}) {
            v2f16 const h = kind ? __builtin_amdgcn_cvt_scalef32_f16_bf8(old, src, scale, sel, hi)
                                 : __builtin_amdgcn_cvt_scalef32_f16_fp8(old, src, scale, sel, hi);
            ASSERT_EQ(bits(h[hi ? 1 : 0]), bits(static_cast<_Float16>(want))) << c << " E " << exponent(scale);
            ASSERT_EQ(bits(h[hi ? 0 : 1]), hi ? 0x1234u : 0x5678u);
          }
          ++checked;
        }
        // Packed: the two bytes of the selected word, the low one first.
        unsigned const other = (c * 37 + 11) & 0xFF;
        double const want_other = widened(kind, other, scale);
        for (bool word : {false, true}) {
          unsigned const src = (c | other << 8) << (word ? 16 : 0) | (word ? 0x1234u : 0x12340000u);
          v2f32 const f = kind ? __builtin_amdgcn_cvt_scalef32_pk_f32_bf8(src, scale, word)
                               : __builtin_amdgcn_cvt_scalef32_pk_f32_fp8(src, scale, word);
          ASSERT_EQ(bits(f[0]), want32);
          ASSERT_EQ(bits(f[1]), bits(static_cast<float>(want_other)));
          v2f16 const h = kind ? __builtin_amdgcn_cvt_scalef32_pk_f16_bf8(src, scale, word)
                               : __builtin_amdgcn_cvt_scalef32_pk_f16_fp8(src, scale, word);
          ASSERT_EQ(bits(h[0]), bits(static_cast<_Float16>(want)));
          ASSERT_EQ(bits(h[1]), bits(static_cast<_Float16>(want_other)));
          v2bf16 const b = kind ? __builtin_amdgcn_cvt_scalef32_pk_bf16_bf8(src, scale, word)
                                : __builtin_amdgcn_cvt_scalef32_pk_bf16_fp8(src, scale, word);
          ASSERT_EQ(bits(b[0]), bits(to_bf16(want))) << c << " E " << exponent(scale);
          ASSERT_EQ(bits(b[1]), bits(to_bf16(want_other))) << other << " E " << exponent(scale) << " " << want_other;
        }
      }
  EXPECT_EQ(checked, 56 * 2 * 256 * 4);
}

TEST_F(ScaledBuiltins, EveryFp4CodeWidensTimesTheScale) {
  for (float scale : scales())
    for (unsigned lo = 0; lo < 16; ++lo)
      for (unsigned hi = 0; hi < 16; ++hi)
        for (int sel = 0; sel < 4; ++sel) {
          unsigned const src = (lo | hi << 4) << (8 * sel) | 0x5Au << (8 * ((sel + 1) % 4));
          double const a = widened(2, lo, scale), b = widened(2, hi, scale);
          v2f32 const f = __builtin_amdgcn_cvt_scalef32_pk_f32_fp4(src, scale, sel);
          ASSERT_EQ(bits(f[0]), bits(static_cast<float>(a))) << lo << " E " << exponent(scale);
          ASSERT_EQ(bits(f[1]), bits(static_cast<float>(b))) << hi;
          v2f16 const h = __builtin_amdgcn_cvt_scalef32_pk_f16_fp4(src, scale, sel);
          ASSERT_EQ(bits(h[0]), bits(static_cast<_Float16>(a)));
          ASSERT_EQ(bits(h[1]), bits(static_cast<_Float16>(b)));
          v2bf16 const g = __builtin_amdgcn_cvt_scalef32_pk_bf16_fp4(src, scale, sel);
          ASSERT_EQ(bits(g[0]), bits(to_bf16(a)));
          ASSERT_EQ(bits(g[1]), bits(to_bf16(b)));
        }
}

// f32 inputs: one value into each code of the selected word (fp8) or byte (fp4), the rest of old kept.
void check_f32(int kind, float a, float b, float scale, int sel) {
  unsigned const ca = narrowed(kind, a, scale), cb = narrowed(kind, b, scale);
  if (kind == 2) {
    uint32_t const old = 0xA5C3E1F7u;
    uint32_t const got = __builtin_amdgcn_cvt_scalef32_pk_fp4_f32(old, a, b, scale, sel);
    uint32_t const want = (old & ~(0xFFu << (8 * sel))) | (ca | cb << 4) << (8 * sel);
    ASSERT_EQ(got, want) << a << " " << b << " E " << exponent(scale) << " sel " << sel;
    return;
  }
  v2i16 const old = {static_cast<short>(0xE1F7), static_cast<short>(0xA5C3)};
  bool const word = sel & 1;
  v2i16 const got = kind ? __builtin_amdgcn_cvt_scalef32_pk_bf8_f32(old, a, b, scale, word)
                         : __builtin_amdgcn_cvt_scalef32_pk_fp8_f32(old, a, b, scale, word);
  uint32_t const want_word = ca | cb << 8;
  ASSERT_EQ(static_cast<uint16_t>(got[word ? 1 : 0]), want_word)
      << "kind " << kind << " " << a << " (" << std::hexfloat << a << std::defaultfloat << "), " << b << " E "
      << exponent(scale);
  ASSERT_EQ(static_cast<uint16_t>(got[word ? 0 : 1]), word ? 0xE1F7u : 0xA5C3u);
}

TEST_F(ScaledBuiltins, FloatsNarrowDividedByTheScaleAtEveryBoundary) {
  int checked = 0;
  for (float scale : scales())
    for (int kind = 0; kind < 3; ++kind) {
      std::vector<float> const in = boundary_inputs(kind, scale);
      for (size_t i = 0; i < in.size(); ++i) {
        check_f32(kind, in[i], in[(i * 7 + 3) % in.size()], scale, static_cast<int>(i % 4));
        if (::testing::Test::HasFatalFailure()) return;
        ++checked;
      }
    }
  std::mt19937 rng(18);
  for (int i = 0; i < 200000; ++i) {
    float const scale = scales()[rng() % scales().size()];
    check_f32(i % 3, from_bits(rng()), from_bits(rng()), scale, i % 4);
    if (::testing::Test::HasFatalFailure()) return;
    ++checked;
  }
  EXPECT_GT(checked, 250000);
}

TEST_F(ScaledBuiltins, EveryHalfAndBfloatNarrows) {
  std::vector<float> const sc = {from_bits(127u << 23), from_bits(120u << 23),
                                 from_bits(131u << 23), from_bits(0x80000000u | 140u << 23),
                                 from_bits(255u << 23), from_bits(1u << 23)};
  v2i16 const old = {static_cast<short>(0x1357), static_cast<short>(0x2468)};
  for (float scale : sc)
    for (uint32_t code = 0; code < 65536; ++code) {
      _Float16 const h = half_from_bits(static_cast<uint16_t>(code));
      __bf16 const b = bf16_from_bits(static_cast<uint16_t>(code));
      _Float16 const h2 = half_from_bits(static_cast<uint16_t>(code * 40503u));
      __bf16 const b2 = bf16_from_bits(static_cast<uint16_t>(code * 40503u));
      bool const word = code & 1;
      for (int kind = 0; kind < 2; ++kind) {
        v2i16 const gh = kind ? __builtin_amdgcn_cvt_scalef32_pk_bf8_f16(old, (v2f16{h, h2}), scale, word)
                              : __builtin_amdgcn_cvt_scalef32_pk_fp8_f16(old, (v2f16{h, h2}), scale, word);
        ASSERT_EQ(static_cast<uint16_t>(gh[word]), narrowed(kind, h, scale) | narrowed(kind, h2, scale) << 8)
            << "f16 0x" << std::hex << code << " kind " << kind << " E " << std::dec << exponent(scale);
        ASSERT_EQ(static_cast<uint16_t>(gh[!word]), word ? 0x1357u : 0x2468u);
        v2i16 const gb = kind ? __builtin_amdgcn_cvt_scalef32_pk_bf8_bf16(old, (v2bf16{b, b2}), scale, word)
                              : __builtin_amdgcn_cvt_scalef32_pk_fp8_bf16(old, (v2bf16{b, b2}), scale, word);
        ASSERT_EQ(static_cast<uint16_t>(gb[word]), narrowed(kind, b, scale) | narrowed(kind, b2, scale) << 8)
            << "bf16 0x" << std::hex << code << " kind " << kind;
      }
      int const sel = static_cast<int>(code % 4);
      uint32_t const keep = 0xA5C3E1F7u & ~(0xFFu << (8 * sel));
      ASSERT_EQ(__builtin_amdgcn_cvt_scalef32_pk_fp4_f16(0xA5C3E1F7u, (v2f16{h, h2}), scale, sel),
                keep | (narrowed(2, h, scale) | narrowed(2, h2, scale) << 4) << (8 * sel))
          << "f16 0x" << std::hex << code;
      ASSERT_EQ(__builtin_amdgcn_cvt_scalef32_pk_fp4_bf16(0xA5C3E1F7u, (v2bf16{b, b2}), scale, sel),
                keep | (narrowed(2, b, scale) | narrowed(2, b2, scale) << 4) << (8 * sel))
          << "bf16 0x" << std::hex << code;
    }
}

TEST_F(ScaledBuiltins, StochasticRoundingOfTheScaledValue) {
  int checked = 0;
  std::vector<float> const sc = {from_bits(127u << 23), from_bits(122u << 23), from_bits(133u << 23),
                                 from_bits(255u << 23)};
  for (float scale : sc)
    for (int kind = 0; kind < 3; ++kind) {
      int const d = kind == 2 ? 22 : 23 - kFormats[kind].man_bits;
      uint32_t const half = 1u << (d - 1), all = (1u << d) - 1;
      for (float v : boundary_inputs(kind, scale))
        for (uint32_t rnd : {0u, 1u, half - 1, half, all - 1, all, 0xFFF00000u, 0x9E3779B9u, all ^ 0x5555u}) {
          int const sel = static_cast<int>(rnd % 4);
          unsigned const want = narrowed_stochastic(kind, v, scale, rnd);
          if (kind == 2) {
            float const w = -v * 0.5f;
            unsigned const want2 = narrowed_stochastic(2, w, scale, rnd);
            uint32_t const keep = 0x8899AABBu & ~(0xFFu << (8 * sel));
            ASSERT_EQ(__builtin_amdgcn_cvt_scalef32_sr_pk_fp4_f32(0x8899AABBu, (v2f32{v, w}), rnd, scale, sel),
                      keep | (want | want2 << 4) << (8 * sel))
                << v << " rnd 0x" << std::hex << rnd;
          } else {
            int const got = kind ? __builtin_amdgcn_cvt_scalef32_sr_bf8_f32(int(0x8899AABBu), v, rnd, scale, sel)
                                 : __builtin_amdgcn_cvt_scalef32_sr_fp8_f32(int(0x8899AABBu), v, rnd, scale, sel);
            ASSERT_EQ(static_cast<uint32_t>(got), (0x8899AABBu & ~(0xFFu << (8 * sel))) | want << (8 * sel))
                << "kind " << kind << " " << v << " (" << std::hexfloat << v << std::defaultfloat << ") rnd 0x"
                << std::hex << rnd << " E " << std::dec << exponent(scale);
          }
          ++checked;
        }
    }
  // f16 and bf16 sources, every code, one rnd each.
  for (uint32_t code = 0; code < 65536; ++code) {
    uint32_t const rnd = code * 2654435761u;
    float const scale = sc[code % 3];
    _Float16 const h = half_from_bits(static_cast<uint16_t>(code));
    __bf16 const b = bf16_from_bits(static_cast<uint16_t>(code));
    ASSERT_EQ(static_cast<uint32_t>(__builtin_amdgcn_cvt_scalef32_sr_fp8_f16(0, h, rnd, scale, 0)),
              narrowed_stochastic(0, h, scale, rnd))
        << "f16 0x" << std::hex << code;
    ASSERT_EQ(static_cast<uint32_t>(__builtin_amdgcn_cvt_scalef32_sr_bf8_bf16(0, b, rnd, scale, 3)),
              narrowed_stochastic(1, b, scale, rnd) << 24)
        << "bf16 0x" << std::hex << code;
    ASSERT_EQ(static_cast<uint32_t>(__builtin_amdgcn_cvt_scalef32_sr_fp8_bf16(0, b, rnd, scale, 1)),
              narrowed_stochastic(0, b, scale, rnd) << 8);
    ASSERT_EQ(static_cast<uint32_t>(__builtin_amdgcn_cvt_scalef32_sr_bf8_f16(0, h, rnd, scale, 2)),
              narrowed_stochastic(1, h, scale, rnd) << 16);
    ASSERT_EQ(__builtin_amdgcn_cvt_scalef32_sr_pk_fp4_f16(0u, (v2f16{h, h}), rnd, scale, 1),
              (narrowed_stochastic(2, h, scale, rnd) * 0x11u) << 8);
    ASSERT_EQ(__builtin_amdgcn_cvt_scalef32_sr_pk_fp4_bf16(0u, (v2bf16{b, b}), rnd, scale, 2),
              (narrowed_stochastic(2, b, scale, rnd) * 0x11u) << 16);
    ++checked;
  }
  EXPECT_GT(checked, 100000);
}

// Spot values worked by hand from the definitions: 448 * 2^3 narrows to E4M3's largest, 0x7E;
// 1.0 widened with E = 130 is 8; an fp4 6.0 with E = 128 is 12.
TEST_F(ScaledBuiltins, HandWorkedValues) {
  float const eight = 8.0f, two = 2.0f;
  v2i16 const zero = {0, 0};
  EXPECT_EQ(static_cast<uint16_t>(__builtin_amdgcn_cvt_scalef32_pk_fp8_f32(zero, 3584.0f, -1.0f, eight, false)[0]),
            0xA07Eu); // -1/8 = -2^-3: E4M3 S=1 E=0100 M=000 -> 0xA0
  EXPECT_EQ(__builtin_amdgcn_cvt_scalef32_f32_fp8(0x38, eight, 0), 8.0f);
  EXPECT_EQ(__builtin_amdgcn_cvt_scalef32_pk_f32_fp4(0x07u, two, 0)[0], 12.0f);
  EXPECT_EQ(__builtin_amdgcn_cvt_scalef32_pk_fp4_f32(0u, 13.0f, -0.25f, two, 0),
            0x87u); // 6.5 -> 6 (0x7); -0.125 -> -0 (0x8)
}

TEST(ScaledBuiltinsAvailability, OnlyGfx950) {
  for (char const* arch : {"gfx942", "gfx1201", "gfx1100", "gfx90a"}) {
    wavemma::simt::set_target(arch);
    try {
      (void)__builtin_amdgcn_cvt_scalef32_f32_fp8(0, 1.0f, 0);
      ADD_FAILURE() << arch;
    } catch (std::runtime_error const& e) {
      EXPECT_NE(std::string(e.what()).find("'__builtin_amdgcn_cvt_scalef32_f32_fp8' needs target feature "
                                           "fp8-cvt-scale-insts"),
                std::string::npos)
          << e.what();
    }
  }
}

} // namespace
