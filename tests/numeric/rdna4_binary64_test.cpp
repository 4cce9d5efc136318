// The binary64 formulation of the gfx12 DOT4 step (core/rdna4_binary64.hpp, which wavemma::cuda's
// fast kernel runs) against the reference step (core/rdna.hpp) on random finite factors of every
// RDNA4/gfx1250 float input format and random accumulators: chains of steps whose every result
// must have the reference's bits, an overflow included.

#include "random_inputs.hpp"
#include "wavemma/numeric/core/rdna.hpp"
#include "wavemma/numeric/core/rdna4_binary64.hpp"

#include <cctype>
#include <cmath>
#include <string>
#include <gtest/gtest.h>

namespace wavemma::numeric {
namespace {

using core::B64Factor;

struct FormatPair {
  Format a, b;
};
constexpr FormatPair kPairs[] = {
    {Format::kF16, Format::kF16},         {Format::kBf16, Format::kBf16},       {Format::kFp8E4M3, Format::kFp8E4M3},
    {Format::kFp8E4M3, Format::kBf8E5M2}, {Format::kBf8E5M2, Format::kFp8E4M3}, {Format::kBf8E5M2, Format::kBf8E5M2},
    {Format::kFp6E2M3, Format::kBf6E3M2}, {Format::kFp4E2M1, Format::kFp8E4M3}, {Format::kBf6E3M2, Format::kFp4E2M1},
};

class Rdna4Binary64 : public ::testing::TestWithParam<FormatPair> {};

TEST_P(Rdna4Binary64, EqualsTheReferenceStep) {
  FormatPair const fp = GetParam();
  Model const model{Engine::kRdna4Dot4, fp.a, fp.b, Format::kF32, 4};
  testing::RandomCodes rng(0x5eed + static_cast<int>(fp.a) * 31 + static_cast<int>(fp.b));
  core::NoTrace tr;
  int compared = 0, overflows = 0, cancellations = 0;
  for (int chain = 0; chain < 40000; ++chain) {
    uint32_t acc = static_cast<uint32_t>(rng.finite_code(Format::kF32));
    if (chain % 7 == 0) acc = static_cast<uint32_t>(rng.uniform(0, 3)) << 30 >> 1 & 0x80000000u; // ±0
    if (chain % 11 == 0) acc = (acc & 0x80000000u) | (acc & 0x7FFFFF);                           // subnormal
    for (int step = 0; step < 6; ++step) {
      std::vector<uint64_t> const av = rng.vector(fp.a, 4, true), bv = rng.vector(fp.b, 4, true);
      core::Operand a[4], b[4];
      B64Factor fa[4], fb[4];
      for (int i = 0; i < 4; ++i) {
        a[i] = core::make_operand(fp.a, av[i]);
        b[i] = core::make_operand(fp.b, bv[i]);
        fa[i] = core::b64_factor(fp.a, av[i]);
        fb[i] = core::b64_factor(fp.b, bv[i]);
      }
      if (chain % 5 == 0) { // an exactly or nearly cancelling pair
        a[1] = a[0], fa[1] = fa[0];
        b[1] = core::make_operand(fp.b, bv[0] ^ uint64_t{1} << (core::params(fp.b).bits - 1)),
        fb[1] = core::b64_factor(fp.b, b[1].bits);
        ++cancellations;
      }
      uint64_t const want = core::rdna4_dot4_step(model, a, b, acc, tr);
      uint32_t const got = core::f32_bits(core::rdna4_dot4_step_b64(fa, fb, core::f32_from(acc)));
      bool const want_finite = (want & 0x7F800000u) != 0x7F800000u;
      if (!want_finite) { // an overflow: the formulation must see it too, and hand over
        ASSERT_EQ(got & 0x7F800000u, 0x7F800000u) << "acc 0x" << std::hex << acc << " ref 0x" << want;
        ++overflows;
        break;
      }
      ASSERT_EQ(got, want) << std::hex << "acc 0x" << acc << " a 0x" << av[0] << ",0x" << av[1] << ",0x" << av[2]
                           << ",0x" << av[3] << " b 0x" << bv[0] << ",0x" << bv[1] << ",0x" << bv[2] << ",0x" << bv[3];
      ++compared;
      acc = static_cast<uint32_t>(want);
    }
  }
  EXPECT_GT(compared, 100000);
  EXPECT_GT(cancellations, 1000);
  RecordProperty("steps_compared", compared);
  RecordProperty("overflows", overflows);
}

INSTANTIATE_TEST_SUITE_P(Formats, Rdna4Binary64, ::testing::ValuesIn(kPairs), [](auto const& info) {
  std::string s = std::string(name(info.param.a)) + "_" + std::string(name(info.param.b));
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
});

} // namespace
} // namespace wavemma::numeric
