// The device-memory table: overflow-safe range checks against exact arithmetic, refused sizes,
// lock-free lookups that stay right while other threads allocate and free; and AMDGPU's 32-bit
// integer division (src/simt/faults.hpp) against exact division and the values LLVM's expansion
// gives for a zero divisor, worked by hand (docs/simt.md).

#include "faults.hpp"
#include "wavemma/simt/memory.hpp"

#include <atomic>
#include <climits>
#include <cstdint>
#include <gtest/gtest.h>
#include <random>
#include <thread>
#include <vector>

namespace wavemma::simt::detail {
namespace {

TEST(DeviceMemory, RangesNeverWrap) {
  constexpr size_t kSize = 1000;
  auto* p = static_cast<char*>(device_allocate(kSize));
  ASSERT_NE(p, nullptr);
  // (offset, bytes, inside) with bytes up to SIZE_MAX: inside iff offset + bytes <= kSize exactly.
  struct Case {
    size_t offset, bytes;
    bool inside;
  };
  for (Case c : {Case{0, kSize, true},
                 {0, kSize + 1, false},
                 {kSize - 1, 1, true},
                 {kSize - 1, 2, false},
                 {8, SIZE_MAX - 7, false},
                 {8, SIZE_MAX, false},
                 {0, SIZE_MAX, false},
                 {999, SIZE_MAX - 998, false},
                 {500, size_t(1) << 63, false},
                 {0, 0, true},
                 {kSize, 1, false}})
    EXPECT_EQ(check_device_range(p + c.offset, c.bytes).empty(), c.inside) << c.offset << " + " << c.bytes;
  EXPECT_TRUE(device_free(p));
  EXPECT_FALSE(in_device_memory(p)); // freed: not an allocation any more
  EXPECT_FALSE(device_free(p));
}

TEST(DeviceMemory, ImpossibleSizesAreRefused) {
  for (size_t bytes : {SIZE_MAX, SIZE_MAX - 255, SIZE_MAX - 4 + 1, kMaxAllocation + 1, size_t(1) << 63})
    EXPECT_EQ(device_allocate(bytes), nullptr) << bytes;
  int pad[4];
  EXPECT_FALSE(device_register(&pad[2], SIZE_MAX)); // its end wraps
}

// Readers check a stable allocation while a writer allocates and frees around it: every check of
// it succeeds, and every check of a freed block fails once free has returned.
TEST(DeviceMemory, LookupsWhileTheTableChanges) {
  auto* stable = static_cast<char*>(device_allocate(4096));
  ASSERT_NE(stable, nullptr);
  std::atomic<bool> stop{false};
  std::atomic<long> bad{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 4; ++t)
    readers.emplace_back([&, t] {
      std::mt19937 rng{static_cast<unsigned>(t)};
      while (!stop)
        for (int i = 0; i < 1000; ++i) {
          size_t const off = rng() % 4096;
          if (!check_device_range(stable + off, 4096 - off).empty() ||
              check_device_range(stable + off, 4097 - off).empty())
            ++bad;
        }
    });
  for (int round = 0; round < 2000; ++round) {
    void* p = device_allocate(64 + size_t(round % 7) * 32);
    ASSERT_NE(p, nullptr);
    EXPECT_TRUE(in_device_memory(p));
    device_free(p);
    EXPECT_FALSE(in_device_memory(p));
  }
  stop = true;
  for (auto& r : readers) r.join();
  EXPECT_EQ(bad.load(), 0);
  device_free(stable);
}

TEST(AmdgpuDivision, ExactForNonZeroDivisors) {
  std::mt19937 rng(21);
  for (int i = 0; i < 100000; ++i) {
    uint32_t const x = rng(), y = rng() >> (rng() % 32);
    if (y == 0) continue;
    DivRem32 const u = amdgpu_udivrem32(x, y);
    EXPECT_EQ(u.quotient, x / y);
    EXPECT_EQ(u.remainder, x % y);
    auto const sx = int32_t(x), sy = int32_t(y);
    if (sx == INT_MIN && sy == -1) continue;
    DivRem32 const s = amdgpu_sdivrem32(sx, sy);
    EXPECT_EQ(int32_t(s.quotient), sx / sy);
    EXPECT_EQ(int32_t(s.remainder), sx % sy);
  }
}

// By hand from the expansion: z = 0xffffffff, q = umulh(x, z) = x - 1 (x > 0) or 0, r = x, and
// two refinements add 1 each.
TEST(AmdgpuDivision, ByZeroAsTheExpansionComputes) {
  struct U {
    uint32_t x, q, r;
  };
  for (U c : {U{0, 2, 0}, U{1, 2, 1}, U{7, 8, 7}, U{0x80000000u, 0x80000001u, 0x80000000u},
              U{0xfffffffeu, 0xffffffffu, 0xfffffffeu}, U{0xffffffffu, 0, 0xffffffffu}}) {
    DivRem32 const d = amdgpu_udivrem32(c.x, 0);
    EXPECT_EQ(d.quotient, c.q) << c.x;
    EXPECT_EQ(d.remainder, c.r) << c.x;
  }
  struct S {
    int32_t x, q, r;
  };
  for (S c : {S{0, 2, 0}, S{7, 8, 7}, S{-7, -8, -7}, S{-1, -2, -1}, S{INT_MAX, INT_MIN, INT_MAX},
              S{INT_MIN, INT_MAX, INT_MIN}}) {
    DivRem32 const d = amdgpu_sdivrem32(c.x, 0);
    EXPECT_EQ(int32_t(d.quotient), c.q) << c.x;
    EXPECT_EQ(int32_t(d.remainder), c.r) << c.x;
  }
  DivRem32 const o = amdgpu_sdivrem32(INT_MIN, -1);
  EXPECT_EQ(int32_t(o.quotient), INT_MIN);
  EXPECT_EQ(o.remainder, 0u);
}

} // namespace
} // namespace wavemma::simt::detail
