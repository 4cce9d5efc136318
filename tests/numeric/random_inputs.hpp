#pragma once
// Random raw codes that reach the corners of a format: specials, zeros of both signs, subnormals,
// values near one, extreme exponents, and cancelling pairs.

#include "wavemma/numeric/format.hpp"

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace wavemma::numeric::testing {

class RandomCodes {
public:
  explicit RandomCodes(uint64_t seed) : rng_(seed) {}

  uint64_t bits() { return rng_(); }
  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  // One code of format f.
  uint64_t code(Format f) {
    FormatInfo const& fi = info(f);
    uint64_t const mask = storage_mask(f);
    if (!fi.is_float) return rng_() & mask;
    uint64_t const sign = (rng_() & 1) << (fi.bits - 1);
    uint64_t const frac = rng_() & ((uint64_t{1} << fi.stored_frac_bits) - 1);
    int const e_top = (1 << fi.exp_bits) - 1;
    auto const with_exp = [&](int e) { return sign | static_cast<uint64_t>(e) << fi.stored_frac_bits | frac; };
    int const pick = uniform(0, 99);
    if (pick < 8) return rng_() & mask;                                 // anything, specials included
    if (pick < 16) return sign;                                         // ±0
    if (pick < 24) return sign | frac;                                  // subnormal (or zero)
    if (pick < 32) return with_exp(uniform(1, std::min(4, e_top)));     // tiny normals
    if (pick < 40) return with_exp(std::max(1, e_top - uniform(1, 3))); // huge
    if (pick < 44)
      return fi.specials == Specials::kIeee ? sign | static_cast<uint64_t>(e_top) << fi.stored_frac_bits
                                            : rng_() & mask; // ±inf where it exists
    int const bias = fi.bias;
    return with_exp(std::clamp(bias + uniform(-6, 6), 1, e_top - 1)); // near one
  }

  // A "clean" finite code (no NaN/inf), for tests that want arithmetic only.
  uint64_t finite_code(Format f) {
    for (;;) {
      uint64_t const c = code(f);
      if (decode(f, c).is_finite()) return c;
    }
  }

  // K codes where some elements repeat an earlier one with the sign flipped (cancellation).
  std::vector<uint64_t> vector(Format f, int K, bool finite_only = false) {
    std::vector<uint64_t> v(static_cast<size_t>(K));
    FormatInfo const& fi = info(f);
    for (size_t k = 0; k < v.size(); ++k) {
      if (k > 0 && fi.is_float && uniform(0, 5) == 0) {
        v[k] = v[static_cast<size_t>(uniform(0, static_cast<int>(k) - 1))] ^ (uint64_t{1} << (fi.bits - 1));
        if (!decode(f, v[k]).is_nan() || !finite_only) continue;
      }
      v[k] = finite_only ? finite_code(f) : code(f);
    }
    return v;
  }

  std::mt19937_64& engine() { return rng_; }

private:
  std::mt19937_64 rng_;
};

} // namespace wavemma::numeric::testing
