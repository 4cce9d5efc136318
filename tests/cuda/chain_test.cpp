// wavemma::cuda against the CPU: for every instruction of the catalog, the GPU's product equals
// emu::chain's bit for bit — on the ten data profiles of support/data_profiles.hpp, on codes that
// reach every corner of the formats (NaN, inf, subnormals, cancellation) with each modifier the
// instruction takes, at sizes that are and are not multiples of the instruction; and single dot
// products of every engine against numeric::dot. Without a GPU every test is skipped with the
// reason.

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <iostream>
#include <optional>
#include <random>

#include "numeric/random_inputs.hpp"
#include "support/data_profiles.hpp"
#include "wavemma/cuda/chain.hpp"

namespace wavemma::cuda {
namespace {

#define REQUIRE_GPU()                                                                                                  \
  do {                                                                                                                 \
    std::string why;                                                                                                   \
    if (!available(&why)) GTEST_SKIP() << "no GPU to run wavemma::cuda on: " << why;                                   \
  } while (0)

using emu::Issue;
using emu::Matrix;

// The first modifier setting of each kind the row accepts, one at a time (as tests/emu/chain_test).
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

// The operands of one product: A dense (sparse forms: made 2:4 and compressed), B, C, scales.
struct Operands {
  int m, n, k;
  Matrix dense;
  std::optional<emu::CompressedA> packed;
  std::vector<uint64_t> b, c, sa, sb;
  emu::Product product(bool with_c) const {
    return {m,
            n,
            k,
            packed ? packed->values.bits.data() : dense.bits.data(),
            packed ? packed->index.bits.data() : nullptr,
            b.data(),
            with_c ? c.data() : nullptr,
            sa.empty() ? nullptr : sa.data(),
            sb.empty() ? nullptr : sb.data()};
  }
};

template <class A, class B, class C>
Operands make_operands(isa::Instruction const& in, int m, int n, int k, A const& a_code, B const& b_code,
                       C const& c_code, std::mt19937_64& rng) {
  Operands o{m, n, k, Matrix(1, m, k), std::nullopt, {}, {}, {}, {}};
  a_code(o.dense.bits, m, k);
  if (in.sparse()) {
    for (int i = 0; i < m; ++i)
      for (int g = 0; g < k / 4; ++g) {
        int const drop = static_cast<int>(rng() % 4);
        int const other = (drop + 1 + static_cast<int>(rng() % 3)) % 4;
        o.dense.at(0, i, 4 * g + drop) = o.dense.at(0, i, 4 * g + other) = 0;
      }
    auto packed = emu::compress_2to4(in.a, o.dense);
    o.packed = std::get<emu::CompressedA>(std::move(packed));
  }
  o.b.resize(size_t(k) * n);
  b_code(o.b, k, n);
  o.c.resize(size_t(m) * n);
  for (auto& v : o.c) v = c_code();
  if (in.has_operand(isa::Operand::kScaleA)) {
    int const group = in.numeric().group; // K per scale: 32, or 16 (gfx1250 scale16)
    int const kb = (k + group - 1) / group;
    o.sa.resize(size_t(m) * kb);
    o.sb.resize(size_t(kb) * n);
    for (auto* v : {&o.sa, &o.sb})
      for (auto& x : *v) x = rng() % 256; // every E8M0 code, NaN (0xFF) included
  }
  return o;
}

// A product of m x nn x k of one data profile (tests/support/data_profiles.hpp) for `in`.
template <class Profile>
Operands profile_operands(isa::Instruction const& in, Profile const& prof, int m, int nn, int k, uint64_t seed) {
  auto const model = emu::numeric_model(Issue{&in, in.wave_sizes().front(), {}});
  std::mt19937_64 rng(seed ^ static_cast<uint64_t>(prof.profile));
  test::ProfileData data(model.a, model.b, model.out, k, rng());
  auto const a = [&](std::vector<uint64_t>& v, int rows, int cols) {
    v = data.matrix(prof.profile, false, rows, cols);
  };
  auto const b = [&](std::vector<uint64_t>& v, int rows, int cols) { v = data.matrix(prof.profile, true, rows, cols); };
  auto const c = [&] { return data.element(prof.profile, model.out); };
  return make_operands(in, m, nn, k, a, b, c, rng);
}

struct Counts {
  long products = 0, elements = 0, refused = 0;
};

// GPU against emu::chain; returns false (with a message) at the first difference.
::testing::AssertionResult same(Issue const& is, Operands const& o, bool with_c, std::string const& what, Counts& n) {
  emu::Product const p = o.product(with_c);
  std::vector<uint64_t> want(size_t(o.m) * o.n), got(want.size(), 0xDEADBEEF);
  try {
    emu::chain(is, p, want.data());
  } catch (std::invalid_argument const&) { // what the CPU refuses, the GPU refuses
    try {
      chain_from_host(is, p, got.data());
    } catch (std::invalid_argument const&) {
      ++n.refused;
      return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure() << is.instruction->mnemonic << ": the GPU computes what emu::chain refuses";
  }
  chain_from_host(is, p, got.data());
  auto const f = emu::numeric_model(is).out;
  for (size_t e = 0; e < want.size(); ++e)
    if (got[e] != want[e])
      return ::testing::AssertionFailure()
             << is.instruction->mnemonic << " " << what << " " << o.m << "x" << o.n << "x" << o.k << " D["
             << e / size_t(o.n) << "][" << e % size_t(o.n) << "]: GPU " << numeric::format_value(f, got[e]) << ", CPU "
             << numeric::format_value(f, want[e]);
  ++n.products;
  n.elements += static_cast<long>(want.size());
  return ::testing::AssertionSuccess();
}

// Sizes: whole instructions, and sizes that are not (edge tiles, a K that ends inside one).
std::vector<std::array<int, 3>> sizes(isa::Instruction const& in) {
  int const odd_k = in.sparse() ? 2 * in.k + 4 * ((in.k / 4 + 1) / 2) : 2 * in.k + in.k / 2 + 1;
  return {{2 * in.m, 2 * in.n, 3 * in.k}, {in.m + 3, 2 * in.n - 1, odd_k}};
}

TEST(CudaChain, EqualsEmuChainOnTheDataProfiles) {
  REQUIRE_GPU();
  std::cout << "[cuda] " << device_name() << "\n";
  Counts n;
  int instructions = 0;
  for (auto const& in : isa::catalog()) {
    Issue const is{&in, in.wave_sizes().front(), {}};
    ++instructions;
    bool bad = false;
    for (auto const& [m, nn, k] : sizes(in))
      for (auto const& prof : test::kProfiles) {
        Operands const o = profile_operands(in, prof, m, nn, k, static_cast<uint64_t>(m * 131 + k));
        for (bool with_c : {false, true})
          if (!bad)
            if (auto const r = same(is, o, with_c, std::string(prof.name), n); !r) {
              ADD_FAILURE() << r.message(); // the first difference of this instruction; on to the next
              bad = true;
            }
      }
  }
  std::cout << fmt::format("[cuda] data profiles: {} instructions, {} products, {} elements bit-identical; {} "
                           "products refused by both (a D unlike C)\n",
                           instructions, n.products, n.elements, n.refused);
  EXPECT_GT(instructions, 50);
}

// The fast paths over several tiles of D and many K slices, on every profile (specials and
// overflows go to the reference kernel), and the reference kernel alone on the same products.
TEST(CudaChain, FastPathsEqualEmuChainOnLargerProducts) {
  REQUIRE_GPU();
  Counts n;
  int instructions = 0;
  for (auto const& in : isa::catalog()) {
    Issue const is{&in, in.wave_sizes().front(), {}};
    if (std::string(formulation(is)) == "reference") continue;
    ++instructions;
    int const m = 200, nn = 136, k = 5 * in.k + 3;
    for (auto const& prof : test::kProfiles) {
      Operands const o = profile_operands(in, prof, m, nn, k, static_cast<uint64_t>(k));
      long const refused = n.refused;
      ASSERT_TRUE(same(is, o, true, std::string(prof.name), n));
      if (n.refused != refused) break;
      std::vector<uint64_t> fast(size_t(m) * nn), reference(fast.size());
      chain_from_host(is, o.product(true), fast.data());
      chain_from_host(is, o.product(true), reference.data(), nullptr, wavemma::cuda::Path::kReference);
      ASSERT_EQ(fast, reference) << in.mnemonic << " " << prof.name;
    }
  }
  std::cout << fmt::format("[cuda] fast paths: {} instructions, {} products, {} elements bit-identical\n", instructions,
                           n.products, n.elements);
  EXPECT_GE(instructions, 6); // the gfx12 f32-output WMMA at least
}

TEST(CudaChain, EqualsEmuChainOnCornerCodesWithEveryModifier) {
  REQUIRE_GPU();
  Counts n;
  int refused = 0;
  numeric::testing::RandomCodes codes(19);
  std::mt19937_64 rng(23);
  for (auto const& in : isa::catalog())
    for (int wave : in.wave_sizes())
      for (auto const& mods : modifier_settings(in, wave)) {
        Issue const is{&in, wave, mods};
        auto const model = emu::numeric_model(is);
        auto const fill = [&](numeric::Format f) {
          return [&codes, f](std::vector<uint64_t>& v, int rows, int cols) {
            v.resize(size_t(rows) * size_t(cols));
            for (auto& x : v) x = codes.code(f);
          };
        };
        auto const c = [&] { return codes.code(model.out); };
        for (auto const& [m, nn, k] : sizes(in)) {
          Operands const o = make_operands(in, m, nn, k, fill(model.a), fill(model.b), c, rng);
          emu::Product const p = o.product(true);
          std::vector<uint64_t> d(size_t(m) * nn);
          bool cpu_refuses = false;
          try {
            emu::chain(is, p, d.data());
          } catch (std::invalid_argument const&) {
            cpu_refuses = true;
          }
          if (cpu_refuses) { // the GPU refuses what the CPU refuses
            EXPECT_THROW(chain_from_host(is, p, d.data()), std::invalid_argument) << in.mnemonic;
            ++refused;
            continue;
          }
          if (auto const r = same(is, o, true, fmt::format("wave{} corner codes", wave), n); !r) {
            ADD_FAILURE() << r.message();
            break; // the first difference of this issue; on to the next
          }
        }
      }
  std::cout << fmt::format("[cuda] corner codes with modifiers: {} products, {} elements bit-identical; {} refused "
                           "by both (broadcasts across the blocks of one issue)\n",
                           n.products, n.elements, refused);
}

TEST(CudaDot, EqualsNumericDotForEveryEngine) {
  REQUIRE_GPU();
  numeric::testing::RandomCodes codes(29);
  long elements = 0;
  std::vector<numeric::Model> models;
  for (auto const& in : isa::catalog()) {
    auto const m = emu::numeric_model({&in, in.wave_sizes().front(), {}});
    if (std::find(models.begin(), models.end(), m) == models.end()) models.push_back(m);
  }
  for (auto const& m : models)
    for (int K : {0, m.group, 2 * m.group + 1, 4 * m.group, 128 / m.group * m.group}) {
      bool const stepped = m.engine == numeric::Engine::kRdna3Dot2 || m.engine == numeric::Engine::kRdna4Dot4;
      if ((stepped && K % m.group != 0) || K > 128) continue; // a short last block where the engine takes one
      int const count = 512;
      std::vector<uint64_t> a(size_t(count) * K), b(a.size()), c(count), got(count);
      for (int e = 0; e < count; ++e) {
        auto const va = codes.vector(m.a, K), vb = codes.vector(m.b, K);
        std::copy(va.begin(), va.end(), a.begin() + e * K);
        std::copy(vb.begin(), vb.end(), b.begin() + e * K);
        c[size_t(e)] = codes.code(m.out);
      }
      dot_batch(m, K, count, a.data(), b.data(), c.data(), got.data());
      for (int e = 0; e < count; ++e) {
        uint64_t const want = numeric::dot(m, std::span(a).subspan(size_t(e) * K, size_t(K)),
                                           std::span(b).subspan(size_t(e) * K, size_t(K)), c[size_t(e)]);
        if (got[size_t(e)] == want) continue;
        ADD_FAILURE() << numeric::format_value(m.out, got[size_t(e)]) << " on the GPU, "
                      << numeric::format_value(m.out, want) << " on the CPU: " << numeric::engine_name(m.engine) << " "
                      << numeric::name(m.a) << "x" << numeric::name(m.b) << "->" << numeric::name(m.out) << " K=" << K
                      << " element " << e;
        break;
      }
      elements += count;
    }
  std::cout << fmt::format("[cuda] dot: {} models, {} dot products bit-identical to numeric::dot\n", models.size(),
                           elements);
}

} // namespace
} // namespace wavemma::cuda
