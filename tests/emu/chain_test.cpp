// emu::chain against arithmetic that needs no emulator: exact integer products (i8 MFMA, the 2:4
// sparse i8 SMFMAC on its dense A) and f32 FMA chains in k order (the 16x16x4 and the 16-block
// 4x4x1 f32 MFMA, whose numerics are one correctly rounded fma per product [HW KMG]), at sizes that
// are and are not multiples of the instruction, with and without a start C.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>

#include "wavemma/emu/chain.hpp"

namespace wavemma::emu {
namespace {

Issue issue(char const* mnemonic) {
  return {isa::find_instruction(isa::Generation::kGfx94x, mnemonic), 64, {}};
}

struct Shape {
  int m, n, k;
};
constexpr Shape kShapes[] = {{64, 48, 128}, {37, 21, 72}, {4, 4, 4}};

TEST(Chain, IntegerProductsAreExact) {
  std::mt19937_64 rng(3);
  for (char const* mnemonic : {"v_mfma_i32_16x16x32_i8", "v_mfma_i32_4x4x4_16b_i8"})
    for (auto [m, n, k] : kShapes) {
      std::vector<uint64_t> a(size_t(m) * k), b(size_t(k) * n), c(size_t(m) * n), d(c.size());
      for (auto& v : a) v = rng() & 0xff;
      for (auto& v : b) v = rng() & 0xff;
      for (auto& v : c) v = rng() & 0xffffffff;
      chain(issue(mnemonic), {m, n, k, a.data(), nullptr, b.data(), c.data()}, d.data());
      for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
          int64_t sum = static_cast<int32_t>(c[size_t(i) * n + j]);
          for (int kk = 0; kk < k; ++kk)
            sum += int64_t(int8_t(a[size_t(i) * k + kk])) * int8_t(b[size_t(kk) * n + j]);
          ASSERT_EQ(d[size_t(i) * n + j], uint64_t(uint32_t(sum))) << mnemonic << " " << m << "x" << n << "x" << k
                                                                   << " D[" << i << "][" << j << "]";
        }
    }
}

TEST(Chain, SparseIntegerProductIsTheDenseOne) {
  std::mt19937_64 rng(4);
  auto const is = issue("v_smfmac_i32_16x16x64_i8");
  int const m = 32, n = 16, k = 192;
  Matrix dense(1, m, k);
  std::vector<uint64_t> b(size_t(k) * n), d(size_t(m) * n);
  for (int i = 0; i < m; ++i)
    for (int g = 0; g < k / 4; ++g) {
      int const keep = static_cast<int>(rng() % 4); // position kept alongside keep+1 (mod 4)
      dense.at(0, i, 4 * g + keep) = rng() & 0xff;
      dense.at(0, i, 4 * g + (keep + 1) % 4) = rng() & 0xff;
    }
  for (auto& v : b) v = rng() & 0xff;
  auto const packed = std::get<CompressedA>(compress_2to4(is.instruction->a, dense));
  chain(is, {m, n, k, packed.values.bits.data(), packed.index.bits.data(), b.data()}, d.data());
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      int32_t sum = 0;
      for (int kk = 0; kk < k; ++kk) sum += int8_t(dense.at(0, i, kk)) * int8_t(b[size_t(kk) * n + j]);
      ASSERT_EQ(d[size_t(i) * n + j], uint64_t(uint32_t(sum))) << "D[" << i << "][" << j << "]";
    }
}

TEST(Chain, F32IsAnFmaChainInKOrder) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<float> unit(-1, 1);
  for (char const* mnemonic : {"v_mfma_f32_16x16x4_f32", "v_mfma_f32_4x4x1_16b_f32"})
    for (auto [m, n, k] : kShapes)
      for (bool with_c : {false, true}) {
        std::vector<uint64_t> a(size_t(m) * k), b(size_t(k) * n), c(size_t(m) * n), d(c.size());
        for (auto& v : a) v = std::bit_cast<uint32_t>(unit(rng));
        for (auto& v : b) v = std::bit_cast<uint32_t>(unit(rng));
        for (auto& v : c) v = std::bit_cast<uint32_t>(unit(rng));
        chain(issue(mnemonic), {m, n, k, a.data(), nullptr, b.data(), with_c ? c.data() : nullptr}, d.data(), 2);
        for (int i = 0; i < m; ++i)
          for (int j = 0; j < n; ++j) {
            float acc = with_c ? std::bit_cast<float>(uint32_t(c[size_t(i) * n + j])) : 0.0f;
            for (int kk = 0; kk < k; ++kk)
              acc = std::fma(std::bit_cast<float>(uint32_t(a[size_t(i) * k + kk])),
                             std::bit_cast<float>(uint32_t(b[size_t(kk) * n + j])), acc);
            ASSERT_EQ(d[size_t(i) * n + j], std::bit_cast<uint32_t>(acc))
                << mnemonic << " " << m << "x" << n << "x" << k << (with_c ? " with C" : "") << " D[" << i << "][" << j << "]";
          }
      }
}

TEST(Chain, Rejections) {
  std::vector<uint64_t> x(64 * 64);
  EXPECT_THROW(chain(issue("v_smfmac_i32_16x16x64_i8"), {16, 16, 66, x.data(), x.data(), x.data()}, x.data()),
               std::invalid_argument);
  Issue bad = issue("v_mfma_i32_16x16x32_i8");
  bad.wave = 32;
  EXPECT_THROW(chain(bad, {16, 16, 32, x.data(), nullptr, x.data()}, x.data()), std::invalid_argument);
  Matrix odd(1, 4, 6);
  EXPECT_TRUE(std::holds_alternative<std::string>(compress_2to4(isa::ElemType::kI8, odd)));
}

} // namespace
} // namespace wavemma::emu
