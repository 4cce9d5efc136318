// dot_tile and dot_tile_rows: the batched entry points, bit-identical to dot(); the reference
// path, the kernels' shared epilogue and the counts of what each path computed.

#include "tile.hpp"

#include "engine_impl.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace wavemma::numeric {
namespace detail {
namespace {

// --- counts -------------------------------------------------------------------------------------

enum Count { kElements, kFallbacks, kUnvectorised, kCounts };

// Each thread adds to its own cells (relaxed load and store, no shared cache line written); a
// reading sums the live threads' cells and what finished threads left.
struct Cells {
  std::atomic<uint64_t> n[kCounts] = {};
};
struct Registry {
  std::mutex mutex;
  std::vector<Cells const*> live;
  uint64_t retired[kCounts] = {};
};
Registry& registry() {
  static auto* r = new Registry; // never destroyed: a thread may finish after static destruction
  return *r;
}
struct ThreadCells : Cells {
  ThreadCells() {
    std::lock_guard lock(registry().mutex);
    registry().live.push_back(this);
  }
  ~ThreadCells() {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    for (int c = 0; c < kCounts; ++c) r.retired[c] += n[c].load(std::memory_order_relaxed);
    std::erase(r.live, this);
  }
};
thread_local ThreadCells cells;

void count(Count c, uint64_t n) {
  auto& cell = cells.n[c];
  cell.store(cell.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
}

void run(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C, uint64_t* D) {
  detail::require_valid(m, K);
  if (M <= 0 || N <= 0) return;
  count(kElements, static_cast<uint64_t>(M) * static_cast<uint64_t>(N));
  if (K > 0 && detail::dot_tile_simd(m, M, N, K, A, B, C, D)) return;
  count(kUnvectorised, static_cast<uint64_t>(M) * static_cast<uint64_t>(N));
  detail::dot_tile_generic(m, M, N, K, A, B, C, D);
}

// D[i][j] of a tile by the reference core alone.
uint64_t by_reference(Model const& m, int K, uint64_t const* a_row, BView const& B, int i, int j, uint64_t c) {
  thread_local std::vector<Operand> da, db;
  da.resize(static_cast<size_t>(K));
  db.resize(static_cast<size_t>(K));
  for (int k = 0; k < K; ++k) {
    da[static_cast<size_t>(k)] = make_operand(m.a, a_row[k]);
    db[static_cast<size_t>(k)] = make_operand(m.b, B.at(i, k, j));
  }
  Tracer none(nullptr);
  return run_engine(m, da.data(), db.data(), K, c & storage_mask(m.out), none);
}

} // namespace

void RowOffsets::build(BView const& B, int M, int K, size_t n_pad) {
  auto const k = static_cast<size_t>(K);
  stride = B.rows != nullptr ? k : 0;
  offset.resize(B.rows != nullptr ? static_cast<size_t>(M) * k : k);
  for (size_t e = 0; e < offset.size(); ++e)
    offset[e] = static_cast<uint32_t>((B.rows != nullptr ? B.rows[e] : e) * n_pad);
}

void finish_with_reference(Model const& m, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                           uint64_t* D, int i, int j0, int n, uint64_t const* computed, uint32_t redo) {
  redo &= (uint32_t{1} << n) - 1;
  count(kFallbacks, static_cast<uint64_t>(std::popcount(redo)));
  size_t const row = static_cast<size_t>(i) * static_cast<size_t>(N) + static_cast<size_t>(j0);
  uint64_t const* a_row = A + static_cast<size_t>(i) * static_cast<size_t>(K);
  for (int l = 0; l < n; ++l) {
    size_t const ij = row + static_cast<size_t>(l);
    D[ij] = (redo >> l & 1) != 0 ? by_reference(m, K, a_row, B, i, j0 + l, C[ij]) : computed[l];
  }
}

void dot_tile_generic(Model const& m, int M, int N, int K, uint64_t const* A, BView const& B, uint64_t const* C,
                      uint64_t* D) {
  auto const k = static_cast<size_t>(K);
  std::vector<Operand> da(static_cast<size_t>(M) * k);
  for (size_t i = 0; i < da.size(); ++i) da[i] = make_operand(m.a, A[i]);
  // Each B element decoded once, kept per column in k order when every row reads the same B rows;
  // with a row map each output gathers its own column.
  auto const kb = static_cast<size_t>(B.b_rows); // K without a row map
  std::vector<Operand> db(kb * static_cast<size_t>(N));
  for (size_t j = 0; j < static_cast<size_t>(N); ++j)
    for (size_t r = 0; r < kb; ++r) db[j * kb + r] = make_operand(m.b, B.data[r * B.row_stride + j * B.col_stride]);
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

bool cpu_has_avx2() {
#if defined(__x86_64__)
  static bool const has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("f16c");
  }();
  return has;
#else
  return false;
#endif
}

std::atomic<TileIsa>& isa_in_use() {
  static std::atomic<TileIsa> isa{cpu_has_avx2() ? TileIsa::kAvx2 : TileIsa::kScalar};
  return isa;
}

} // namespace detail

std::string_view tile_isa_name(TileIsa isa) { return isa == TileIsa::kAvx2 ? "avx2" : "scalar"; }

bool tile_isa_available(TileIsa isa) {
  return isa == TileIsa::kScalar || (isa == TileIsa::kAvx2 && detail::cpu_has_avx2());
}

TileIsa tile_isa() { return detail::isa_in_use().load(std::memory_order_relaxed); }

void use_tile_isa(TileIsa isa) {
  if (!tile_isa_available(isa))
    throw std::invalid_argument(std::string("use_tile_isa: this build or CPU cannot run the ") +
                                std::string(tile_isa_name(isa)) + " kernels");
  detail::isa_in_use().store(isa, std::memory_order_relaxed);
}

bool splits_at_steps(Model const& m) { return !(m.engine == Engine::kIntegerDot && m.clamp); }

bool has_fast_tile(Model const& m) { return !check_model(m) && detail::has_simd_kernel(m); }

TileCounts tile_counts() {
  detail::Registry& r = detail::registry();
  std::lock_guard lock(r.mutex);
  uint64_t n[detail::kCounts];
  for (int c = 0; c < detail::kCounts; ++c) {
    n[c] = r.retired[c];
    for (detail::Cells const* t : r.live) n[c] += t->n[c].load(std::memory_order_relaxed);
  }
  return {n[detail::kElements], n[detail::kFallbacks], n[detail::kUnvectorised]};
}

void dot_tile(Model const& m, int M, int N, int K, uint64_t const* A, uint64_t const* Bt, uint64_t const* C,
              uint64_t* D) {
  auto const k = static_cast<size_t>(K);
  detail::run(m, M, N, K, A, {Bt, 1, k, K, nullptr, K}, C, D);
}

void dot_tile_rows(Model const& m, int M, int N, int K, uint64_t const* A, uint64_t const* B, int KB,
                   uint32_t const* rows, uint64_t const* C, uint64_t* D, BLayout layout) {
  if (rows == nullptr && KB != K) throw std::invalid_argument("dot_tile_rows: without a row map B has K rows");
  if (rows != nullptr) {
    size_t const n = static_cast<size_t>(M > 0 ? M : 0) * static_cast<size_t>(K > 0 ? K : 0);
    uint32_t highest = 0;
    for (size_t e = 0; e < n; ++e) highest = std::max(highest, rows[e]);
    if (n > 0 && highest >= static_cast<uint32_t>(KB))
      throw std::invalid_argument("dot_tile_rows: a row index is outside B");
  }
  auto const n = static_cast<size_t>(N), kb = static_cast<size_t>(KB);
  detail::BView const b =
      layout == BLayout::kRows ? detail::BView{B, n, 1, KB, rows, K} : detail::BView{B, 1, kb, KB, rows, K};
  detail::run(m, M, N, K, A, b, C, D);
}

} // namespace wavemma::numeric
