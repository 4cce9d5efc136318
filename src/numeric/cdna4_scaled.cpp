// gfx950 (CDNA4) f8f6f4 MFMA with E8M0 block scales: the entry points of the host (dot_scaled,
// dot_tile_scaled) over the arithmetic of core/cdna4_scaled.hpp.

#include "engine_impl.hpp"
#include "tile.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace wavemma::numeric {
namespace detail {

uint64_t cdna4_scaled_dot(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, uint8_t const* scale_a,
                          uint8_t const* scale_b, Tracer& tr) {
  return core::cdna4_scaled_dot(m, a, b, K, c, scale_a, scale_b, tr);
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
