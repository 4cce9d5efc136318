// dot_tile and dot_tile_rows: the batched entry points, bit-identical to dot().

#include "tile.hpp"

#include "engine_impl.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace wavemma::numeric {
namespace detail {

void dot_tile_generic(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B,
                      uint64_t const* C, uint64_t* D) {
  auto const k = static_cast<size_t>(K);
  std::vector<Operand> da(static_cast<size_t>(M) * k);
  for (size_t i = 0; i < da.size(); ++i) da[i] = make_operand(m.a, A[i]);
  // Each B element decoded once, kept per column in k order when every row reads the same B rows;
  // with a row map each output gathers its own column.
  auto const kb = static_cast<size_t>(B.b_rows); // K without a row map
  std::vector<Operand> db(kb * static_cast<size_t>(N));
  for (size_t j = 0; j < static_cast<size_t>(N); ++j)
    for (size_t r = 0; r < kb; ++r)
      db[j * kb + r] = make_operand(m.b, B.data[r * B.row_stride + j * B.col_stride]);
  std::vector<Operand> column(B.rows ? k : 0);
  uint64_t const c_mask = storage_mask(m.out);
  Tracer none(nullptr);
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      size_t const ij = static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(j);
      Operand const* b = db.data() + static_cast<size_t>(j) * kb;
      if (B.rows) {
        for (int kk = 0; kk < K; ++kk) column[static_cast<size_t>(kk)] = b[B.row(i, kk)];
        b = column.data();
      }
      D[ij] = run_engine(m, da.data() + static_cast<size_t>(i) * k, b, K, C[ij] & c_mask, none);
    }
  }
}

void recompute_with_reference(Model const& m, int K, uint64_t const* a_row, BView const& B, int i, int j,
                              uint64_t c, uint64_t& d) {
  std::vector<Operand> da(static_cast<size_t>(K));
  std::vector<Operand> db(static_cast<size_t>(K));
  for (int k = 0; k < K; ++k) {
    da[static_cast<size_t>(k)] = make_operand(m.a, a_row[k]);
    db[static_cast<size_t>(k)] = make_operand(m.b, B.at(i, k, j));
  }
  Tracer none(nullptr);
  d = run_engine(m, da.data(), db.data(), K, c & storage_mask(m.out), none);
}

namespace {

void run(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
         uint64_t* D) {
  detail::require_valid(m, K);
  if (M <= 0 || N <= 0) return;
  if (K > 0 && detail::dot_tile_simd(m, M, N, K, A, B, C, D)) return;
  detail::dot_tile_generic(m, M, N, K, A, B, C, D);
}

} // namespace
} // namespace detail

bool splits_at_steps(Model const& m) {
  return !(m.engine == Engine::kIntegerDot && m.clamp);
}

bool has_fast_tile(Model const& m) {
  return !check_model(m) && detail::has_simd_kernel(m);
}

void dot_tile(Model const& m, int M, int N, int K, uint64_t const* A, uint64_t const* Bt,
              uint64_t const* C, uint64_t* D) {
  auto const k = static_cast<size_t>(K);
  detail::run(m, M, N, K, A, {Bt, 1, k, K, nullptr, K}, C, D);
}

void dot_tile_rows(Model const& m, int M, int N, int K, uint64_t const* A, uint64_t const* B,
                   int KB, uint32_t const* rows, uint64_t const* C, uint64_t* D, BLayout layout) {
  if (rows == nullptr && KB != K)
    throw std::invalid_argument("dot_tile_rows: without a row map B has K rows");
  if (rows != nullptr) {
    size_t const n = static_cast<size_t>(M > 0 ? M : 0) * static_cast<size_t>(K > 0 ? K : 0);
    uint32_t highest = 0;
    for (size_t e = 0; e < n; ++e) highest = std::max(highest, rows[e]);
    if (n > 0 && highest >= static_cast<uint32_t>(KB))
      throw std::invalid_argument("dot_tile_rows: a row index is outside B");
  }
  auto const n = static_cast<size_t>(N), kb = static_cast<size_t>(KB);
  detail::BView const b = layout == BLayout::kRows ? detail::BView{B, n, 1, KB, rows, K}
                                                   : detail::BView{B, 1, kb, KB, rows, K};
  detail::run(m, M, N, K, A, b, C, D);
}

} // namespace wavemma::numeric
