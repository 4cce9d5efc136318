#pragma once
// The data real programs feed matrix instructions, as profiles of A and B: what the fall-back
// benchmark (bench/numeric/fallback_bench.cpp), its threshold test (tests/emu/fallback_rate_test.cpp)
// and the bit-identity property test (tests/numeric/tile_property_test.cpp) run on.
//
// A GEMM of depth T·K is seen one instruction tile at a time: A is M x T·K (kept as T tiles of
// M x K), B is T·K x N row-major (tile t is rows t·K ..), and D_t = A_t·B_t + D_(t-1) from D = +0.

#include "wavemma/numeric/format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <string_view>
#include <vector>

namespace wavemma::test {

enum class Profile : uint8_t {
  kUniform,       // uniform in [-1, 1] (integers: the whole range), as the seeds' programs fill A and B
  kIdentityB,     // B = I (the seeds' check): most products are exact zeros, whole tiles of B zero
  kPermutationB,  // B a permutation matrix
  kZeros50,       // uniform, half of the elements ±0
  kZeros90,       // uniform, nine in ten elements ±0
  kOneHot,        // each row of A a single 1, B uniform
  kSmallIntegers, // integers in [-8, 8] (unsigned formats [0, 8])
  kManyBinades,   // random significands over as many binades as the formats allow without overflow
  kSubnormals,    // half of the elements subnormal, the others uniform
  kNanInf,        // uniform with one element in 200 NaN or ±inf
};

struct ProfileInfo {
  Profile profile;
  std::string_view name;
  bool special; // holds the values the engines define specially (subnormal arithmetic, NaN/inf)
};
// clang-format off
inline constexpr ProfileInfo kProfiles[] = {
  {Profile::kUniform,       "uniform",        false},
  {Profile::kIdentityB,     "identity_b",     false},
  {Profile::kPermutationB,  "permutation_b",  false},
  {Profile::kZeros50,       "zeros_50",       false},
  {Profile::kZeros90,       "zeros_90",       false},
  {Profile::kOneHot,        "one_hot",        false},
  {Profile::kSmallIntegers, "small_integers", false},
  {Profile::kManyBinades,   "many_binades",   false},
  {Profile::kSubnormals,    "subnormals",     true},
  {Profile::kNanInf,        "nan_inf",        true},
};
// clang-format on

class ProfileData {
public:
  ProfileData(numeric::Format a, numeric::Format b, numeric::Format out, int depth, uint64_t seed)
      : a_(a), b_(b), out_(out), depth_(depth), rng_(seed) {}

  // Row-major rows x cols of operand `which` (the A side or the B side) of a GEMM of the given
  // depth: A is rows = M, cols = depth; B is rows = depth, cols = N.
  std::vector<uint64_t> matrix(Profile p, bool is_b, int rows, int cols) {
    numeric::Format const f = is_b ? b_ : a_;
    std::vector<uint64_t> m(static_cast<size_t>(rows) * static_cast<size_t>(cols));
    auto at = [&](int r, int c) -> uint64_t& {
      return m[static_cast<size_t>(r) * static_cast<size_t>(cols) + static_cast<size_t>(c)];
    };
    if ((p == Profile::kIdentityB || p == Profile::kPermutationB) && is_b) {
      // These N columns are a block of a wider identity (or permutation): the ones lie in the middle
      // rows, so the chain starts with tiles of B that are all zero, as most blocks of a GEMM see.
      std::vector<int> row_of(static_cast<size_t>(std::max(rows, cols))); // column j's one is in row row_of[j]
      std::iota(row_of.begin(), row_of.end(), p == Profile::kIdentityB ? std::max(0, (rows - cols) / 2) : 0);
      if (p == Profile::kPermutationB) std::shuffle(row_of.begin(), row_of.end(), rng_);
      for (int j = 0; j < cols; ++j)
        if (row_of[static_cast<size_t>(j)] < rows) at(row_of[static_cast<size_t>(j)], j) = one(f);
      return m;
    }
    if (p == Profile::kOneHot && !is_b) {
      for (int r = 0; r < rows; ++r) at(r, uniform_int(0, cols - 1)) = one(f);
      return m;
    }
    for (auto& x : m) x = element(p, f);
    return m;
  }

  // One element of a profile filled element by element.
  uint64_t element(Profile p, numeric::Format f) {
    numeric::FormatInfo const& fi = numeric::info(f);
    switch (p) {
    case Profile::kZeros50:
    case Profile::kZeros90:
      if (uniform_int(0, 9) < (p == Profile::kZeros50 ? 5 : 9)) return signed_zero(f);
      return uniform(f);
    case Profile::kSmallIntegers: {
      int const v = uniform_int(fi.is_signed || fi.is_float ? -8 : 0, 8);
      return numeric::from_double(f, v);
    }
    case Profile::kManyBinades: {
      if (!fi.is_float) return uniform(f);
      int const s = binade_spread();
      double const v = std::ldexp(1.0 + unit(), uniform_int(-s, s));
      return numeric::from_double(f, coin() ? -v : v);
    }
    case Profile::kSubnormals:
      if (!fi.is_float || coin()) return uniform(f);
      return (coin() ? uint64_t{1} << (fi.bits - 1) : 0) |
             static_cast<uint64_t>(uniform_int(1, (1 << std::min(fi.stored_frac_bits, 30)) - 1));
    case Profile::kNanInf:
      if (fi.is_float && uniform_int(0, 199) == 0)
        return fi.has_inf() && coin() ? numeric::from_double(f, coin() ? -INFINITY : INFINITY)
                                      : numeric::canonical_nan(f);
      return uniform(f);
    default:
      return uniform(f);
    }
  }

  // The spread s of kManyBinades: exponents in [-s, s], normal in both input formats, and small
  // enough that depth products of two such values stay clear of the output's overflow.
  int binade_spread() const {
    auto const top = [](numeric::Format f) { // exponent of the largest finite value
      return std::ilogb(numeric::to_double(f, numeric::info(f).max_finite));
    };
    auto const normal_range = [&](numeric::Format f) { return std::min(numeric::info(f).bias - 1, top(f) - 1); };
    int const log2_depth = static_cast<int>(std::ceil(std::log2(std::max(depth_, 1))));
    int const budget = (top(out_) - log2_depth - 2) / 2;
    return std::max(1, std::min({normal_range(a_), normal_range(b_), budget}));
  }

private:
  uint64_t uniform(numeric::Format f) {
    numeric::FormatInfo const& fi = numeric::info(f);
    if (!fi.is_float) return rng_() & numeric::storage_mask(f);
    return numeric::from_double(f, 2.0 * unit() - 1.0);
  }
  static uint64_t one(numeric::Format f) { return numeric::from_double(f, 1.0); }
  uint64_t signed_zero(numeric::Format f) {
    return numeric::from_double(f, coin() ? -0.0 : 0.0); // FNUZ and integers have only +0
  }
  double unit() { return std::uniform_real_distribution<double>(0.0, 1.0)(rng_); }
  bool coin() { return (rng_() & 1) != 0; }
  int uniform_int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  numeric::Format a_, b_, out_;
  int depth_;
  std::mt19937_64 rng_;
};

} // namespace wavemma::test
