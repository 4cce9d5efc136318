// Integer WMMA/SWMMAC/MFMA: exact sum, then clamp to int32 or wrap (numerics.md §8, §3.9).

#include "bits.hpp"
#include "engine_impl.hpp"

#include <algorithm>
#include <limits>

namespace wavemma::numeric::detail {

uint64_t integer_dot(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tracer& tr) {
  // |a·b| <= 255·255, so an int64 sum is exact for any K an int can hold.
  Decoded const dc = decode(Format::kI32, c);
  int64_t sum = with_sign(dc.neg, dc.sig);
  tr("c = {}", sum);
  for (int k = 0; k < K; ++k) {
    int64_t const x = with_sign(a[k].v.neg, a[k].v.sig);
    int64_t const y = with_sign(b[k].v.neg, b[k].v.sig);
    sum += x * y;
    tr("k={}: {} * {} -> sum {}", k, x, y, sum);
  }
  int64_t constexpr lo = std::numeric_limits<int32_t>::min();
  int64_t constexpr hi = std::numeric_limits<int32_t>::max();
  if (m.clamp) {
    int64_t const clamped = std::clamp(sum, lo, hi);
    if (clamped != sum) tr("clamp: {} saturates to {}", sum, clamped);
    sum = clamped;
  } else if (sum < lo || sum > hi) {
    tr("wrap: {} modulo 2^32 = {}", sum, static_cast<int32_t>(static_cast<uint32_t>(sum)));
  }
  return static_cast<uint32_t>(sum); // modulo 2^32
}

} // namespace wavemma::numeric::detail
