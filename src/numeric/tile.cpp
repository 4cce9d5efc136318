// dot_tile: the batched entry point, bit-identical to dot().

#include "tile.hpp"

#include "engine_impl.hpp"

#include <vector>

namespace wavemma::numeric {
namespace detail {

void dot_tile_generic(Model const& m, int M, int N, int K, uint64_t const* A, uint64_t const* Bt,
                      uint64_t const* C, uint64_t* D) {
  auto const k = static_cast<size_t>(K);
  std::vector<Operand> da(static_cast<size_t>(M) * k);
  std::vector<Operand> db(static_cast<size_t>(N) * k);
  for (size_t i = 0; i < da.size(); ++i) da[i] = make_operand(m.a, A[i]);
  for (size_t i = 0; i < db.size(); ++i) db[i] = make_operand(m.b, Bt[i]);
  uint64_t const c_mask = storage_mask(m.out);
  Tracer none(nullptr);
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      size_t const ij = static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(j);
      D[ij] = run_engine(m, da.data() + static_cast<size_t>(i) * k,
                         db.data() + static_cast<size_t>(j) * k, K, C[ij] & c_mask, none);
    }
  }
}

} // namespace detail

bool has_fast_tile(Model const& m) {
  return !check_model(m) && detail::has_simd_kernel(m);
}

void dot_tile(Model const& m, int M, int N, int K, uint64_t const* A, uint64_t const* Bt,
              uint64_t const* C, uint64_t* D) {
  detail::require_valid(m, K);
  if (M <= 0 || N <= 0) return;
  if (K > 0 && detail::dot_tile_simd(m, M, N, K, A, Bt, C, D)) return;
  detail::dot_tile_generic(m, M, N, K, A, Bt, C, D);
}

} // namespace wavemma::numeric
