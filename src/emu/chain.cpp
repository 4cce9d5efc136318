// The chain of single-instruction emulations over a whole product.

#include "wavemma/emu/chain.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace wavemma::emu {
namespace {

// Copies the rows x cols window at (row0, col0) of a row-major matrix of `height` x `width` into
// block `blk` of `to`, zero outside the matrix.
void load(uint64_t const* from, int height, int width, int row0, int col0, Matrix& to, int blk) {
  for (int r = 0; r < to.rows; ++r) {
    uint64_t* dst = &to.at(blk, r, 0);
    int const gr = row0 + r;
    int const inside = gr < height ? std::clamp(width - col0, 0, to.cols) : 0;
    if (inside > 0) std::copy_n(from + size_t(gr) * size_t(width) + size_t(col0), inside, dst);
    std::fill(dst + inside, dst + to.cols, uint64_t{0});
  }
}

} // namespace

void chain(Issue const& is, Product const& p, uint64_t* d, int threads) {
  if (std::string const err = check(is); !err.empty()) throw std::invalid_argument(err);
  auto const& in = *is.instruction;
  bool const sparse = in.sparse();
  if (sparse && p.k % 4 != 0) throw std::invalid_argument(fmt::format("sparse products need K divisible by 4 (K={})", p.k));
  if (sparse && in.blocks != 1) throw std::logic_error("multi-block sparse instructions are not in the catalog");
  int const kc = sparse ? in.k / 2 : in.k;          // stored K per instruction
  int const a_cols = sparse ? p.k / 2 : p.k;        // stored K of the whole A
  int const tiles_m = (p.m + in.m - 1) / in.m, tiles_n = (p.n + in.n - 1) / in.n, steps = (p.k + in.k - 1) / in.k;
  int const tiles = tiles_m * tiles_n, issues = (tiles + in.blocks - 1) / in.blocks;
  parallel_ranges(issues, threads, [&](int first, int last) {
    int const blocks = in.blocks;
    Matrix a(blocks, in.m, kc), b(blocks, in.k, in.n), acc(blocks, in.m, in.n), idx(1, in.m, kc);
    for (int issue = first; issue < last; ++issue) {
      // Block t of this issue computes tile issue * blocks + t (a tile past the last: zeros, unused).
      auto tile_of = [&](int t) { return std::pair{(issue * blocks + t) / tiles_n, (issue * blocks + t) % tiles_n}; };
      for (int t = 0; t < blocks; ++t) {
        auto const [ti, tj] = tile_of(t);
        if (p.c && ti < tiles_m) load(p.c, p.m, p.n, ti * in.m, tj * in.n, acc, t);
        else std::fill_n(&acc.at(t, 0, 0), in.m * in.n, uint64_t{0});
      }
      for (int s = 0; s < steps; ++s) {
        for (int t = 0; t < blocks; ++t) {
          auto const [ti, tj] = tile_of(t);
          int const rows = ti < tiles_m ? p.m : 0; // a tile past the last reads nothing
          load(p.a, rows, a_cols, ti * in.m, s * kc, a, t);
          load(p.b, ti < tiles_m ? p.k : 0, p.n, s * in.k, tj * in.n, b, t);
          if (sparse) load(p.index, rows, a_cols, ti * in.m, s * kc, idx, 0);
        }
        execute(is, a, b, acc, sparse ? &idx : nullptr, acc); // in place: no allocation
      }
      for (int t = 0; t < blocks; ++t) {
        auto const [ti, tj] = tile_of(t);
        if (ti >= tiles_m) continue;
        for (int i = 0; i < in.m && ti * in.m + i < p.m; ++i) {
          int const cols = std::min<int>(in.n, p.n - tj * in.n);
          std::copy_n(&acc.at(t, i, 0), cols, d + size_t(ti * in.m + i) * size_t(p.n) + size_t(tj * in.n));
        }
      }
    }
  });
}

} // namespace wavemma::emu
