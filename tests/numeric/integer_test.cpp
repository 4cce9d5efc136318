// Integer engine: exact sums against __int128 arithmetic, CLAMP saturation and wrap-around.

#include "wavemma/numeric/engine.hpp"

#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <vector>

namespace wavemma::numeric {
namespace {

__extension__ typedef __int128 i128;

struct IntFormat {
  Format f;
  int bits;
  bool is_signed;
};
constexpr IntFormat kInts[] = {
    {Format::kI8, 8, true}, {Format::kU8, 8, false}, {Format::kI4, 4, true}, {Format::kU4, 4, false}};

// Two's complement / unsigned value of the low `bits` bits, written out here independently.
int64_t value_of(IntFormat const& t, uint64_t code) {
  uint64_t const v = code & ((uint64_t{1} << t.bits) - 1);
  if (t.is_signed && (v >> (t.bits - 1)) != 0) return static_cast<int64_t>(v) - (int64_t{1} << t.bits);
  return static_cast<int64_t>(v);
}

uint32_t expected(i128 s, bool clamp) {
  i128 const lo = std::numeric_limits<int32_t>::min();
  i128 const hi = std::numeric_limits<int32_t>::max();
  if (clamp) s = s < lo ? lo : (s > hi ? hi : s);
  i128 const m = ((s % (i128{1} << 32)) + (i128{1} << 32)) % (i128{1} << 32);
  return static_cast<uint32_t>(m);
}

TEST(IntegerDot, EqualsExactArithmeticOnRandomInputs) {
  std::mt19937_64 rng(99);
  for (auto const& ta : kInts) {
    for (auto const& tb : kInts) {
      for (bool clamp : {false, true}) {
        Model m{Engine::kIntegerDot, ta.f, tb.f, Format::kI32, 1};
        m.clamp = clamp;
        for (int n = 0; n < 300; ++n) {
          int const K = 1 + static_cast<int>(rng() % 64);
          std::vector<uint64_t> a(static_cast<size_t>(K));
          std::vector<uint64_t> b(static_cast<size_t>(K));
          bool const extremes = n % 3 == 0; // all elements at the range ends
          for (auto& x : a) x = extremes ? ((rng() & 1) != 0 ? ~uint64_t{0} : uint64_t{1} << (ta.bits - 1)) : rng();
          for (auto& x : b) x = extremes ? ((rng() & 1) != 0 ? ~uint64_t{0} : uint64_t{1} << (tb.bits - 1)) : rng();
          uint32_t c = static_cast<uint32_t>(rng());
          if (n % 5 == 0) c = (rng() & 1) != 0 ? 0x7FFFFFF0u : 0x80000010u; // near the int32 limits
          i128 s = static_cast<int32_t>(c);
          for (size_t k = 0; k < a.size(); ++k) s += i128{value_of(ta, a[k])} * value_of(tb, b[k]);
          ASSERT_EQ(dot(m, a, b, c), expected(s, clamp)) << name(ta.f) << " x " << name(tb.f) << " clamp " << clamp;
        }
      }
    }
  }
}

TEST(IntegerDot, ClampSaturatesAtTheInt32LimitsOnce) {
  Model m{Engine::kIntegerDot, Format::kI8, Format::kI8, Format::kI32, 1};
  std::vector<uint64_t> one{1};
  std::vector<uint64_t> minus_one{0xFF};
  m.clamp = true;
  EXPECT_EQ(dot(m, one, one, 0x7FFFFFFF), 0x7FFFFFFFu);       // INT32_MAX + 1 saturates
  EXPECT_EQ(dot(m, one, minus_one, 0x80000000), 0x80000000u); // INT32_MIN - 1 saturates
  EXPECT_EQ(dot(m, one, one, 0x7FFFFFFE), 0x7FFFFFFFu);
  // Saturation applies to the final sum only: up then back down stays exact [ASSUME §9.3].
  std::vector<uint64_t> up_down{1, 1};
  std::vector<uint64_t> b2{1, 0xFF};
  EXPECT_EQ(dot(m, up_down, b2, 0x7FFFFFFF), 0x7FFFFFFFu);
  m.clamp = false;
  EXPECT_EQ(dot(m, one, one, 0x7FFFFFFF), 0x80000000u); // wraps
  EXPECT_EQ(dot(m, one, minus_one, 0x80000000), 0x7FFFFFFFu);
  // Mixed signedness: u8 255 x i8 -128.
  Model mixed{Engine::kIntegerDot, Format::kU8, Format::kI8, Format::kI32, 1};
  EXPECT_EQ(dot(mixed, std::vector<uint64_t>{0xFF}, std::vector<uint64_t>{0x80}, 0), static_cast<uint32_t>(-32640));
  Model u4{Engine::kIntegerDot, Format::kU4, Format::kI4, Format::kI32, 1};
  EXPECT_EQ(dot(u4, std::vector<uint64_t>{0xF}, std::vector<uint64_t>{0x8}, 0), static_cast<uint32_t>(-120));
}

} // namespace
} // namespace wavemma::numeric
