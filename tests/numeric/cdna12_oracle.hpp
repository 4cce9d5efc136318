#pragma once
// The pairwise block rule of CDNA2 (and MMA-Sim's model of CDNA1, the same without the flush),
// written with the host's own binary32 arithmetic — independent of wavemma::numeric's exact-integer
// engines: inputs decoded by the host (_Float16, bf16 as the upper half of a float), products
// formed in double (exact) and converted to float, every sum a float addition in the default
// environment (RNE, gradual underflow), subnormals replaced by signed zeros where `flush` says.
//
//   group 4: d = fl(c + fl(fl(p1 + p2) + fl(p3 + p4)));  group 2: d = fl(c + fl(p1 + p2))
//
// Blocks of `group` consecutive products, chained through c; a short last block is padded with +0.

#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

namespace wavemma::numeric::oracle {

enum class Half { kF16, kBf16 };

inline float half_value(Half h, uint64_t bits) {
  auto const b = static_cast<uint16_t>(bits);
  if (h == Half::kF16) return static_cast<float>(std::bit_cast<_Float16>(b));
  return std::bit_cast<float>(uint32_t{b} << 16);
}

inline float flush_if(bool flush, float x) {
  return flush && std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
}
// An input below its own format's smallest normal (f16 2^-14, bf16 2^-126) becomes a signed zero.
inline float flush_input_if(bool flush, Half h, float x) {
  float const min_normal = h == Half::kF16 ? 0x1p-14f : 0x1p-126f;
  return flush && std::fabs(x) < min_normal ? std::copysign(0.0f, x) : x;
}

inline uint32_t pairwise_rule(Half fa, Half fb, std::vector<uint64_t> const& a, std::vector<uint64_t> const& b,
                              uint32_t c, int group, bool flush) {
  float d = flush_if(flush, std::bit_cast<float>(c));
  for (size_t k0 = 0; k0 < a.size(); k0 += static_cast<size_t>(group)) {
    std::vector<float> level;
    for (size_t k = k0; k < k0 + static_cast<size_t>(group); ++k) {
      if (k >= a.size()) {
        level.push_back(0.0f);
        continue;
      }
      double const x = flush_input_if(flush, fa, half_value(fa, a[k]));
      double const y = flush_input_if(flush, fb, half_value(fb, b[k]));
      level.push_back(flush_if(flush, static_cast<float>(x * y))); // exact in double, then RNE
    }
    while (level.size() > 1) {
      std::vector<float> next;
      for (size_t i = 0; i + 1 < level.size(); i += 2) next.push_back(flush_if(flush, level[i] + level[i + 1]));
      level = next;
    }
    d = flush_if(flush, d + level[0]);
  }
  return std::bit_cast<uint32_t>(d);
}

} // namespace wavemma::numeric::oracle
