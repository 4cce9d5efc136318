#pragma once
// Integer WMMA/SWMMAC/MFMA: exact sum, then clamp to int32 or wrap (numerics.md §8, §3.9), for
// host and device code.

#include "wavemma/numeric/core/model.hpp"

namespace wavemma::numeric::core {

template <class Tr>
WAVEMMA_HD uint64_t integer_dot(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tr& tr) {
  // |a·b| <= 255·255, so an int64 sum is exact for any K an int can hold.
  Decoded const dc = core::decode(Format::kI32, c);
  int64_t sum = with_sign(dc.neg, dc.sig);
  tr("c = {}", sum);
  for (int k = 0; k < K; ++k) {
    int64_t const x = with_sign(a[k].v.neg, a[k].v.sig);
    int64_t const y = with_sign(b[k].v.neg, b[k].v.sig);
    sum += x * y;
    tr("k={}: {} * {} -> sum {}", k, x, y, sum);
  }
  int64_t constexpr lo = -(int64_t{1} << 31);
  int64_t constexpr hi = (int64_t{1} << 31) - 1;
  if (m.clamp) {
    int64_t const clamped = sum < lo ? lo : sum > hi ? hi : sum;
    if (clamped != sum) tr("clamp: {} saturates to {}", sum, clamped);
    sum = clamped;
  } else if (sum < lo || sum > hi) {
    tr("wrap: {} modulo 2^32 = {}", sum, static_cast<int32_t>(static_cast<uint32_t>(sum)));
  }
  return static_cast<uint32_t>(sum); // modulo 2^32
}

} // namespace wavemma::numeric::core
