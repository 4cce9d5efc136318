#pragma once
// Helpers for engine tests: operands built with host conversions (never with the code under test),
// and a one-line-per-case description of a dot product.

#include "format_oracle.hpp"
#include "wavemma/numeric/engine.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace wavemma::numeric::testing {

// Exact host conversions; they throw when the value is not representable, so a typo in a table
// cannot silently change a case.
inline uint32_t f32(double v) {
  auto const f = static_cast<float>(v);
  if (static_cast<double>(f) != v) throw std::logic_error("not an f32 value");
  return std::bit_cast<uint32_t>(f);
}
inline uint16_t f16(double v) {
  auto const h = static_cast<_Float16>(static_cast<float>(v));
  if (static_cast<double>(static_cast<float>(h)) != v) throw std::logic_error("not an f16 value");
  return std::bit_cast<uint16_t>(h);
}
inline uint16_t bf16(double v) {
  uint32_t const w = f32(v);
  if ((w & 0xFFFF) != 0) throw std::logic_error("not a bf16 value");
  return static_cast<uint16_t>(w >> 16);
}
// A small-float code found by scanning the oracle's value formula.
inline uint32_t small_code(oracle::FloatSpec const& s, double v) {
  for (uint32_t c = 0; c < (1u << s.bits); ++c) {
    if (!oracle::is_nan(s, c) && !oracle::is_inf(s, c) && oracle::value(s, c) == v &&
        std::signbit(oracle::value(s, c)) == std::signbit(v))
      return c;
  }
  throw std::logic_error("not representable");
}
inline uint32_t fnuz_bf8(double v) { return small_code(oracle::kE5M2Fnuz, v); }
inline uint32_t fnuz_fp8(double v) { return small_code(oracle::kE4M3Fnuz, v); }
inline uint32_t ocp_fp8(double v) { return small_code(oracle::kE4M3, v); }
inline uint32_t ocp_bf8(double v) { return small_code(oracle::kE5M2, v); }

inline double f32_value(uint64_t bits) {
  return static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(bits)));
}

using Factors = std::pair<uint64_t, uint64_t>;

struct DotCase {
  std::string name;
  Model model;
  std::vector<uint64_t> a, b;
  uint64_t c;
  uint64_t d; // expected bits in model.out

  friend std::ostream& operator<<(std::ostream& os, DotCase const& dc) { return os << dc.name; }
};

// A case from a product list, padded with +0 x +0 up to K.
inline DotCase make_case(std::string name, Model m, int K, uint64_t c, std::vector<Factors> const& products,
                         uint64_t d) {
  DotCase dc{std::move(name), m, {}, {}, c, d};
  for (auto const& [x, y] : products) {
    dc.a.push_back(x);
    dc.b.push_back(y);
  }
  dc.a.resize(static_cast<size_t>(K), 0);
  dc.b.resize(static_cast<size_t>(K), 0);
  return dc;
}

// dot() of the reference, also checked against the batched path (a 1x1 tile).
inline uint64_t dot_checked(Model const& m, std::vector<uint64_t> const& a, std::vector<uint64_t> const& b,
                            uint64_t c) {
  uint64_t const d = dot(m, a, b, c);
  uint64_t tiled = ~d;
  dot_tile(m, 1, 1, static_cast<int>(a.size()), a.data(), b.data(), &c, &tiled);
  EXPECT_EQ(tiled, d) << "dot_tile differs from dot";
  return d;
}

// gtest parameter names may hold only [A-Za-z0-9_].
inline std::string param_name(std::string s) {
  for (char& ch : s) {
    bool const ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
    if (!ok) ch = '_';
  }
  return s;
}

} // namespace wavemma::numeric::testing
