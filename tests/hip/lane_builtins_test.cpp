// The per-lane builtins of wavemma/hip/lane_builtins.hpp against their definitions written out
// again here in the plainest form (the ISA's: byte loops over signed ints, exact 64-bit sums) and
// against the host's double arithmetic for the f16 forms, over every f16 code; the SAD, lerp and
// dot products over every byte or nibble pair in each position and 200,000 random words.

#include "wavemma/hip.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <gtest/gtest.h>
#include <random>

namespace {

unsigned byte(unsigned w, int i) { return (w >> (8 * i)) & 0xFF; }

unsigned sad_u8_ref(unsigned a, unsigned b, unsigned c) {
  unsigned s = 0;
  for (int i = 0; i < 4; ++i) s += static_cast<unsigned>(std::abs(int(byte(a, i)) - int(byte(b, i))));
  return s + c;
}
unsigned msad_u8_ref(unsigned a, unsigned b, unsigned c) {
  unsigned s = 0;
  for (int i = 0; i < 4; ++i)
    if (byte(b, i) != 0) s += static_cast<unsigned>(std::abs(int(byte(a, i)) - int(byte(b, i))));
  return s + c;
}
unsigned sad_u16_ref(unsigned a, unsigned b, unsigned c) {
  return static_cast<unsigned>(std::abs(int(a & 0xFFFF) - int(b & 0xFFFF)) + std::abs(int(a >> 16) - int(b >> 16))) + c;
}
unsigned lerp_ref(unsigned a, unsigned b, unsigned c) {
  unsigned out = 0;
  for (int i = 0; i < 4; ++i) out |= ((byte(a, i) + byte(b, i) + (byte(c, i) & 1)) / 2) << (8 * i);
  return out;
}
// Signed fields by arithmetic shift of the field placed at the top of an int.
long long sfield(unsigned w, int width, int i) {
  return static_cast<long long>(static_cast<int>(w << (32 - width * (i + 1))) >> (32 - width));
}
long long ufield(unsigned w, int width, int i) { return (w >> (width * i)) & ((1u << width) - 1); }
long long dot_ref(unsigned a, bool as, unsigned b, bool bs, int width) {
  long long s = 0;
  for (int i = 0; i < 32 / width; ++i)
    s += (as ? sfield(a, width, i) : ufield(a, width, i)) * (bs ? sfield(b, width, i) : ufield(b, width, i));
  return s;
}

TEST(LaneBuiltins, SadAndLerpEveryBytePairInEachPosition) {
  for (int pos = 0; pos < 4; ++pos)
    for (unsigned x = 0; x < 256; ++x)
      for (unsigned y = 0; y < 256; ++y) {
        unsigned const a = x << (8 * pos) | 0x11u << (8 * ((pos + 1) % 4));
        unsigned const b = y << (8 * pos) | 0xF0u << (8 * ((pos + 1) % 4));
        unsigned const c = 0xFFFFFFF0u + x % 32; // wraps
        ASSERT_EQ(__builtin_amdgcn_sad_u8(a, b, c), sad_u8_ref(a, b, c));
        ASSERT_EQ(__builtin_amdgcn_sad_hi_u8(a, b, c), ((sad_u8_ref(a, b, 0)) << 16) + c);
        ASSERT_EQ(__builtin_amdgcn_msad_u8(a, b, c), msad_u8_ref(a, b, c)) << a << " " << b;
        for (unsigned r : {0u, 0x01010101u, 0xFEFEFEFEu}) ASSERT_EQ(__builtin_amdgcn_lerp(a, b, r), lerp_ref(a, b, r));
      }
  std::mt19937 rng(6);
  for (int i = 0; i < 200000; ++i) {
    unsigned const a = rng(), b = rng(), c = rng();
    ASSERT_EQ(__builtin_amdgcn_sad_u8(a, b, c), sad_u8_ref(a, b, c));
    ASSERT_EQ(__builtin_amdgcn_sad_u16(a, b, c), sad_u16_ref(a, b, c));
    ASSERT_EQ(__builtin_amdgcn_msad_u8(a, b, c), msad_u8_ref(a, b, c));
    ASSERT_EQ(__builtin_amdgcn_lerp(a, b, c), lerp_ref(a, b, c));
  }
  EXPECT_EQ(__builtin_amdgcn_sad_u16(0x0000FFFFu, 0xFFFF0000u, 1u), 0x1FFFFu); // 65535 + 65535 + 1
  EXPECT_EQ(__builtin_amdgcn_lerp(0x00FF0102u, 0x00FF0101u, 0x00000100u), 0x00FF0101u);
}

TEST(LaneBuiltins, DotProductsExactWrappedOrClamped) {
  using short2 = short __attribute__((ext_vector_type(2)));
  using ushort2 = unsigned short __attribute__((ext_vector_type(2)));
  std::mt19937 rng(7);
  auto check = [](unsigned a, unsigned b, unsigned c) {
    for (bool clamp : {false, true}) {
      auto i32 = [&](long long v) {
        return clamp ? static_cast<int>(v < INT32_MIN   ? INT32_MIN
                                        : v > INT32_MAX ? INT32_MAX
                                                        : v)
                     : static_cast<int>(static_cast<unsigned>(v));
      };
      auto u32 = [&](long long v) {
        return clamp ? static_cast<unsigned>(v < 0 ? 0 : v > UINT32_MAX ? UINT32_MAX : v) : static_cast<unsigned>(v);
      };
      long long const sc = static_cast<int>(c);
      ASSERT_EQ(__builtin_amdgcn_sdot4(int(a), int(b), int(c), clamp), i32(dot_ref(a, true, b, true, 8) + sc));
      ASSERT_EQ(__builtin_amdgcn_udot4(a, b, c, clamp), u32(dot_ref(a, false, b, false, 8) + c));
      ASSERT_EQ(__builtin_amdgcn_sdot8(int(a), int(b), int(c), clamp), i32(dot_ref(a, true, b, true, 4) + sc));
      ASSERT_EQ(__builtin_amdgcn_udot8(a, b, c, clamp), u32(dot_ref(a, false, b, false, 4) + c));
      short2 const sa = {short(a & 0xFFFF), short(a >> 16)}, sb = {short(b & 0xFFFF), short(b >> 16)};
      ushort2 const ua = {(unsigned short)(a & 0xFFFF), (unsigned short)(a >> 16)};
      ushort2 const ub = {(unsigned short)(b & 0xFFFF), (unsigned short)(b >> 16)};
      ASSERT_EQ(__builtin_amdgcn_sdot2(sa, sb, int(c), clamp), i32(dot_ref(a, true, b, true, 16) + sc));
      ASSERT_EQ(__builtin_amdgcn_udot2(ua, ub, c, clamp), u32(dot_ref(a, false, b, false, 16) + c));
      ASSERT_EQ(__builtin_amdgcn_sudot4(true, int(a), false, int(b), int(c), clamp),
                i32(dot_ref(a, true, b, false, 8) + sc));
      ASSERT_EQ(__builtin_amdgcn_sudot4(false, int(a), true, int(b), int(c), clamp),
                i32(dot_ref(a, false, b, true, 8) + sc));
      ASSERT_EQ(__builtin_amdgcn_sudot8(true, int(a), true, int(b), int(c), clamp),
                i32(dot_ref(a, true, b, true, 4) + sc));
      ASSERT_EQ(__builtin_amdgcn_sudot8(false, int(a), false, int(b), int(c), clamp),
                i32(dot_ref(a, false, b, false, 4) + sc));
    }
  };
  for (int i = 0; i < 100000; ++i) check(rng(), rng(), rng());
  for (unsigned x : {0u, 0x7F7F7F7Fu, 0x80808080u, 0xFFFFFFFFu, 0x77777777u, 0x88888888u, 0x7FFF8000u})
    for (unsigned c : {0u, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu, 0x7FFFFF00u}) check(x, x, c), check(x, ~x, c);
  EXPECT_EQ(__builtin_amdgcn_sdot4(0x7F7F7F7F, 0x7F7F7F7F, 0x7FFFFFFF, true), 0x7FFFFFFF); // saturates
  EXPECT_EQ(__builtin_amdgcn_sdot4(0x7F7F7F7F, 0x7F7F7F7F, 0x7FFFFFFF, false), int(0x7FFFFFFFu + 4u * 127u * 127u));
}

_Float16 half_of(uint16_t b) { return std::bit_cast<_Float16>(b); }
uint16_t bits_of(_Float16 h) { return std::bit_cast<uint16_t>(h); }

TEST(LaneBuiltins, HalfFormsOverEveryCode) {
  for (uint32_t code = 0; code < 65536; ++code) {
    _Float16 const h = half_of(static_cast<uint16_t>(code));
    double const v = h;
    bool const nan = std::isnan(v);
    // class: the ten classes from the fields.
    unsigned const e = code >> 10 & 0x1F, m = code & 0x3FF;
    bool const neg = code & 0x8000;
    int const want_bit = nan         ? ((m & 0x200) ? 1 : 0)
                         : e == 0x1F ? (neg ? 2 : 9)
                         : e != 0    ? (neg ? 3 : 8)
                         : m != 0    ? (neg ? 4 : 7)
                                     : (neg ? 5 : 6);
    for (int bit = 0; bit < 10; ++bit)
      ASSERT_EQ(__builtin_amdgcn_classh(h, 1 << bit), bit == want_bit) << std::hex << code << " bit " << bit;
    if (nan) continue;
    // ldexp: exact scaling, rounded once (the compiler's double -> _Float16).
    for (int k : {-30, -25, -11, -1, 0, 1, 5, 16, 31, 200, -200})
      ASSERT_EQ(bits_of(__builtin_amdgcn_ldexph(h, k)), bits_of(static_cast<_Float16>(std::ldexp(v, k))))
          << std::hex << code << " " << std::dec << k;
    if (!std::isinf(v) && v != 0) {
      int ex;
      double const mant = std::frexp(v, &ex);
      ASSERT_EQ(double(__builtin_amdgcn_frexp_manth(h)), mant) << std::hex << code;
      ASSERT_EQ(__builtin_amdgcn_frexp_exph(h), ex) << std::hex << code;
      // fract: v - floor(v) below 1, exactly or as the largest f16 below 1.
      double const fr = double(__builtin_amdgcn_fracth(h));
      double const want = v - std::floor(v);
      ASSERT_TRUE(fr == static_cast<double>(static_cast<_Float16>(want)) || (fr == 1.0 - 0x1p-11 && want > fr))
          << std::hex << code;
      ASSERT_LT(fr, 1.0);
    }
    // rcp, sqrt, rsq: correctly rounded (the exact quotient or root rounded once, from double).
    ASSERT_EQ(bits_of(__builtin_amdgcn_rcph(h)), bits_of(static_cast<_Float16>(1.0 / v))) << std::hex << code;
    if (v >= 0) {
      ASSERT_EQ(bits_of(__builtin_amdgcn_sqrth(h)), bits_of(static_cast<_Float16>(std::sqrt(v)))) << std::hex << code;
      ASSERT_EQ(bits_of(__builtin_amdgcn_rsqh(h)), bits_of(static_cast<_Float16>(1.0 / std::sqrt(v))));
    }
    // med3 with two fixed others: the middle value.
    for (double o : {-1.0, 0.5, 65504.0}) {
      double const a = v, b = o, c = -o / 2;
      double const mid = std::max(std::min(a, b), std::min(std::max(a, b), c));
      ASSERT_EQ(double(__builtin_amdgcn_fmed3h(h, _Float16(b), _Float16(c))), mid) << std::hex << code;
    }
  }
}

TEST(LaneBuiltins, PackRoundTowardZero) {
  std::mt19937 rng(9);
  for (int i = 0; i < 200000; ++i) {
    uint32_t b = rng();
    float f;
    std::memcpy(&f, &b, 4);
    auto const r = __builtin_amdgcn_cvt_pkrtz(f, -f);
    double const got = double(r[0]), got_neg = double(r[1]);
    if (std::isnan(f)) {
      ASSERT_TRUE(std::isnan(got) && std::isnan(got_neg));
      continue;
    }
    // Toward zero: the largest-magnitude f16 not beyond |f| (65504 for every finite value above).
    double const a = std::fabs(double(f));
    double want = std::isinf(f) ? HUGE_VAL : 0;
    if (!std::isinf(f)) {
      _Float16 const n = static_cast<_Float16>(a); // nearest; step down if it went beyond
      double nd = double(n);
      if (nd > a) nd = double(half_of(static_cast<uint16_t>(bits_of(n) - 1)));
      want = std::isinf(nd) ? 65504.0 : nd;
    }
    ASSERT_EQ(got, std::copysign(want, f)) << std::hexfloat << f;
    ASSERT_EQ(got_neg, std::copysign(want, -f));
  }
}

} // namespace
