// gfx950 (CDNA4) f8f6f4 MFMA with E8M0 block scales: v_mfma_scale_f32_{16x16x128,32x32x64}_f8f6f4
// and, with every scale 1, the unscaled v_mfma_f32_{16x16x128,32x32x64}_f8f6f4 [ASSUME throughout:
// no bit-level characterisation of CDNA4 is published; docs/numerics.md §4 says what AMD's
// documents do say]. A block of `group` (32) products of OCP fp8/bf8/fp6/bf6/fp4 elements and its
// two scales: d = RNE32(c + 2^(sa + sb) · Σ a_k·b_k), the sum exact, the scale product applied
// exactly as a power of two; blocks chained through c.

#include "engine_impl.hpp"
#include "exact_sum.hpp"
#include "tile.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace wavemma::numeric {
namespace detail {
namespace {

constexpr uint8_t kUnitScale = 0x7F; // E8M0 2^0

uint32_t scaled_block(Operand const* a, Operand const* b, int n, uint32_t c, uint8_t sa, uint8_t sb, Tracer& tr) {
  Decoded const dc = decode(Format::kF32, c);
  Decoded const da = decode(Format::kE8M0, sa);
  Decoded const db = decode(Format::kE8M0, sb);
  if (da.is_nan() || db.is_nan() || dc.is_nan()) {
    tr("  NaN scale or c -> NaN 0x{:08x}", kCdna3Nan);
    return kCdna3Nan;
  }
  bool pos_inf = dc.is_inf() && !dc.neg, neg_inf = dc.is_inf() && dc.neg;
  for (int k = 0; k < n; ++k) {
    Decoded const& x = a[k].v;
    Decoded const& y = b[k].v;
    if (x.is_nan() || y.is_nan()) {
      tr("  k={}: NaN element -> NaN 0x{:08x}", k, kCdna3Nan);
      return kCdna3Nan;
    }
    if (x.is_inf() || y.is_inf()) {
      if (x.is_zero() || y.is_zero()) {
        tr("  k={}: inf x 0 -> NaN 0x{:08x}", k, kCdna3Nan);
        return kCdna3Nan;
      }
      (x.neg != y.neg ? neg_inf : pos_inf) = true;
    }
  }
  if (auto const inf = cdna_infinities(pos_inf, neg_inf, tr)) return *inf;

  int const scale = da.exp + db.exp; // 2^(sa-127) · 2^(sb-127), exactly
  uint32_t const d = rne32_exact_block(dc, a, b, n, scale, [](int, Term const&) {});
  if (tr.on())
    tr("  scales 2^{} x 2^{}: RNE32(c + 2^{} x sum, exact) = {}", da.exp, db.exp, scale, show(Format::kF32, d));
  return d;
}

} // namespace

uint64_t cdna4_scaled_dot(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, uint8_t const* scale_a,
                          uint8_t const* scale_b, Tracer& tr) {
  auto d = static_cast<uint32_t>(c);
  for (int k0 = 0, blk = 0; k0 < K; k0 += m.group, ++blk) {
    int const n = std::min(m.group, K - k0);
    uint8_t const sa = scale_a != nullptr ? scale_a[blk] : kUnitScale;
    uint8_t const sb = scale_b != nullptr ? scale_b[blk] : kUnitScale;
    if (tr.on())
      tr("block k={}..{}: c = {}, scale_a {}, scale_b {}", k0, k0 + n - 1, show(Format::kF32, d),
         show(Format::kE8M0, sa), show(Format::kE8M0, sb));
    d = scaled_block(a + k0, b + k0, n, d, sa, sb, tr);
  }
  return d;
}

uint64_t cdna4_scaled_dot(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tracer& tr) {
  return cdna4_scaled_dot(m, a, b, K, c, nullptr, nullptr, tr);
}

} // namespace detail

namespace {

int blocks_of(Model const& m, int K) { return (K + m.group - 1) / m.group; }

void require_scaled(Model const& m, int K) {
  detail::require_valid(m, K);
  if (m.engine != Engine::kCdna4ScaledDot)
    throw std::invalid_argument("dot_scaled: the model's engine takes no scales");
}

} // namespace

uint64_t dot_scaled(Model const& m, std::span<uint64_t const> a, std::span<uint64_t const> b,
                    std::span<uint8_t const> scale_a, std::span<uint8_t const> scale_b, uint64_t c, Trace* trace) {
  if (a.size() != b.size()) throw std::invalid_argument("dot_scaled: a and b differ in length");
  int const K = static_cast<int>(a.size());
  require_scaled(m, K);
  auto const nb = static_cast<size_t>(blocks_of(m, K));
  if (scale_a.size() != nb || scale_b.size() != nb)
    throw std::invalid_argument("dot_scaled: one scale per block of A and of B is needed");
  std::vector<detail::Operand> da(a.size()), db(b.size());
  for (size_t k = 0; k < a.size(); ++k) {
    da[k] = detail::make_operand(m.a, a[k]);
    db[k] = detail::make_operand(m.b, b[k]);
  }
  detail::Tracer tr(trace);
  uint64_t const d =
      detail::cdna4_scaled_dot(m, da.data(), db.data(), K, c & 0xFFFFFFFF, scale_a.data(), scale_b.data(), tr);
  if (tr.on()) tr("result: d = {}", detail::show(m.out, d));
  return d;
}

void dot_tile_scaled(Model const& m, int M, int N, int K, uint64_t const* A, uint8_t const* SA, uint64_t const* Bt,
                     uint8_t const* SBt, uint64_t const* C, uint64_t* D) {
  require_scaled(m, K);
  if (M <= 0 || N <= 0) return;
  if (K > 0 && detail::dot_tile_scaled_simd(m, M, N, K, A, SA, Bt, SBt, C, D)) return;
  auto const k = static_cast<size_t>(K);
  auto const nb = static_cast<size_t>(blocks_of(m, K));
  std::vector<detail::Operand> da(static_cast<size_t>(M) * k), db(static_cast<size_t>(N) * k);
  for (size_t i = 0; i < da.size(); ++i) da[i] = detail::make_operand(m.a, A[i]);
  for (size_t i = 0; i < db.size(); ++i) db[i] = detail::make_operand(m.b, Bt[i]);
  detail::Tracer none(nullptr);
  for (size_t i = 0; i < static_cast<size_t>(M); ++i) {
    for (size_t j = 0; j < static_cast<size_t>(N); ++j) {
      size_t const ij = i * static_cast<size_t>(N) + j;
      D[ij] = detail::cdna4_scaled_dot(m, da.data() + i * k, db.data() + j * k, K, C[ij] & 0xFFFFFFFF, SA + i * nb,
                                       SBt + j * nb, none);
    }
  }
}

} // namespace wavemma::numeric
