// emu::chain against arithmetic that needs no emulator: exact integer products (i8 MFMA, the 2:4
// sparse i8 SMFMAC on its dense A) and f32 FMA chains in k order (the 16x16x4 and the 16-block
// 4x4x1 f32 MFMA, whose numerics are one correctly rounded fma per product [HW KMG]), at sizes that
// are and are not multiples of the instruction, with and without a start C; and, for every
// instruction of the catalog with and without modifiers, against the literal loop of execute calls
// it stands for (codes that reach every corner of the formats: NaN, inf, subnormals, cancellation).

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <optional>
#include <random>

#include "numeric/random_inputs.hpp"
#include "wavemma/emu/chain.hpp"

namespace wavemma::emu {
namespace {

Issue issue(char const* mnemonic) { return {isa::find_instruction(isa::Generation::kGfx94x, mnemonic), 64, {}}; }

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
          for (int kk = 0; kk < k; ++kk) sum += int64_t(int8_t(a[size_t(i) * k + kk])) * int8_t(b[size_t(kk) * n + j]);
          ASSERT_EQ(d[size_t(i) * n + j], uint64_t(uint32_t(sum)))
              << mnemonic << " " << m << "x" << n << "x" << k << " D[" << i << "][" << j << "]";
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
                << mnemonic << " " << m << "x" << n << "x" << k << (with_c ? " with C" : "") << " D[" << i << "][" << j
                << "]";
          }
      }
}

// D tile by tile: each tile starts at its C and takes one execute per K step, in block 0 of a
// multi-block instruction (the other blocks zero); sparse A compressed per instruction.
// Scaled forms: sa (M x K/32) and sb (K/32 x N) give each instruction its window of scales.
std::vector<uint64_t> literal_chain(Issue const& is, Matrix const& dense_a, std::vector<uint64_t> const& b,
                                    std::vector<uint64_t> const& c, int M, int N, int K,
                                    std::vector<uint64_t> const& sa = {}, std::vector<uint64_t> const& sb = {}) {
  auto const& in = *is.instruction;
  bool const scaled = in.has_operand(isa::Operand::kScaleA);
  int const kb = in.k / std::max(1, in.scale_block()); // scale blocks per instruction
  std::vector<uint64_t> d(size_t(M) * N);
  for (int ti = 0; ti < M / in.m; ++ti)
    for (int tj = 0; tj < N / in.n; ++tj) {
      Matrix acc(in.blocks, in.m, in.n);
      for (int i = 0; i < in.m; ++i)
        for (int j = 0; j < in.n; ++j) acc.at(0, i, j) = c[size_t(ti * in.m + i) * N + tj * in.n + j];
      for (int s = 0; s < K / in.k; ++s) {
        Matrix a(in.blocks, in.m, in.k), bt(in.blocks, in.k, in.n);
        for (int i = 0; i < in.m; ++i)
          for (int k = 0; k < in.k; ++k) a.at(0, i, k) = dense_a.at(0, ti * in.m + i, s * in.k + k);
        for (int k = 0; k < in.k; ++k)
          for (int j = 0; j < in.n; ++j) bt.at(0, k, j) = b[size_t(s * in.k + k) * N + tj * in.n + j];
        if (in.sparse()) {
          auto const packed = std::get<CompressedA>(compress_2to4(in, a));
          acc = execute(is, packed.values, bt, acc, &packed.index);
        } else if (scaled) {
          ScaleMatrices win{Matrix(1, in.m, kb), Matrix(1, kb, in.n)};
          for (int q = 0; q < kb; ++q) {
            int const gq = s * kb + q; // the K block of the whole product
            for (int i = 0; i < in.m; ++i) win.a.at(0, i, q) = sa[size_t(ti * in.m + i) * (K / in.scale_block()) + gq];
            for (int j = 0; j < in.n; ++j) win.b.at(0, q, j) = sb[size_t(gq) * N + tj * in.n + j];
          }
          acc = execute(is, a, bt, acc, nullptr, &win);
        } else {
          acc = execute(is, a, bt, acc);
        }
      }
      for (int i = 0; i < in.m; ++i)
        for (int j = 0; j < in.n; ++j) d[size_t(ti * in.m + i) * N + tj * in.n + j] = acc.at(0, i, j);
    }
  return d;
}

// The first modifier setting of each kind the row accepts, one at a time.
std::vector<isa::Modifiers> modifier_settings(isa::Instruction const& in, int wave) {
  std::vector<isa::Modifiers> out{{}};
  auto add = [&](isa::Modifiers m) {
    if (isa::check_modifiers(in, wave, m).empty()) out.push_back(m);
  };
  isa::Modifiers m;
  m.neg_lo = {true, false, true}, add(m), m = {};
  m.neg_hi = {false, true, true}, add(m), m = {};
  m.neg_lo = {true, true, false}, m.clamp = true, add(m), m = {};
  m.cbsz = 1, m.abid = 1, add(m), m = {};
  m.blgp = 3, add(m), m = {};
  m.fp16_ovfl = true, add(m), m = {};
  m.op_sel = {false, false, true}, add(m);
  return out;
}

TEST(Chain, EqualsTheLoopOfExecuteForEveryInstruction) {
  numeric::testing::RandomCodes rng(9);
  int runs = 0;
  for (auto const& in : isa::catalog())
    for (int wave : in.wave_sizes())
      for (auto const& mods : modifier_settings(in, wave)) {
        Issue const is{&in, wave, mods};
        auto const model = numeric_model(is);
        auto const& r = in.mod_rules(); // modifiers that move data (gfx90a f64 4x4x4: BLGP does not)
        bool const moves_blocks = in.blocks > 1 && ((r.broadcast_effect && (mods.cbsz || mods.abid)) ||
                                                    (r.blgp_effect && mods.blgp) || (r.blgp_is_neg && mods.blgp));
        int const M = 2 * in.m, N = 2 * in.n, K = 3 * in.k;
        Matrix dense(1, M, K);
        for (auto& v : dense.bits) v = rng.code(model.a);
        if (in.sparse())
          for (int i = 0; i < M; ++i)
            for (int g = 0; g < K / 4; ++g) {
              int const drop = rng.uniform(0, 3);
              dense.at(0, i, 4 * g + drop) = dense.at(0, i, 4 * g + (drop + rng.uniform(1, 3)) % 4) = 0;
            }
        std::vector<uint64_t> b(size_t(K) * N), c(size_t(M) * N), d(c.size());
        for (auto& v : b) v = rng.code(model.b);
        for (auto& v : c) v = rng.code(model.out);
        std::optional<CompressedA> packed;
        if (in.sparse()) packed = std::get<CompressedA>(compress_2to4(in.a, dense));
        std::vector<uint64_t> sa, sb; // scaled forms: random E8M0 codes, 0xFF (NaN) included
        if (in.has_operand(isa::Operand::kScaleA)) {
          sa.resize(size_t(M) * (K / in.scale_block()));
          sb.resize(size_t(K / in.scale_block()) * N);
          for (auto* v : {&sa, &sb})
            for (auto& x : *v) x = static_cast<uint64_t>(rng.uniform(0, 255));
        }
        Product const p{M,
                        N,
                        K,
                        packed ? packed->values.bits.data() : dense.bits.data(),
                        packed ? packed->index.bits.data() : nullptr,
                        b.data(),
                        c.data(),
                        sa.empty() ? nullptr : sa.data(),
                        sb.empty() ? nullptr : sb.data()};
        if (in.type_of(isa::Operand::kD) != in.cd) { // gfx1250 bf16f32: D is no C of the next step
          EXPECT_THROW(chain(is, p, d.data()), std::invalid_argument) << in.mnemonic;
          continue;
        }
        if (moves_blocks && !in.mod_rules().blgp_is_neg) { // the blocks of one issue hold different tiles
          EXPECT_THROW(chain(is, p, d.data()), std::invalid_argument) << in.mnemonic;
          continue;
        }
        chain(is, p, d.data());
        auto const want = literal_chain(is, dense, b, c, M, N, K, sa, sb);
        for (size_t e = 0; e < d.size(); ++e)
          ASSERT_EQ(d[e], want[e]) << in.mnemonic << " wave" << wave << " cbsz " << mods.cbsz << " blgp " << mods.blgp
                                   << " neg_lo " << mods.neg_lo[0] << mods.neg_lo[1] << mods.neg_lo[2] << " D[" << e / N
                                   << "][" << e % N << "]";
        ++runs;
      }
  EXPECT_GT(runs, 250);
}

TEST(Chain, Rejections) {
  std::vector<uint64_t> x(64 * 64);
  EXPECT_THROW(chain(issue("v_smfmac_i32_16x16x64_i8"), {16, 16, 66, x.data(), x.data(), x.data()}, x.data()),
               std::invalid_argument);
  Issue bad = issue("v_mfma_i32_16x16x32_i8");
  bad.wave = 32;
  EXPECT_THROW(chain(bad, {16, 16, 32, x.data(), nullptr, x.data()}, x.data()), std::invalid_argument);
  Matrix odd(1, 4, 6);
  EXPECT_TRUE(std::holds_alternative<std::string>(compress_2to4(numeric::Format::kI8, odd)));
}

} // namespace
} // namespace wavemma::emu
