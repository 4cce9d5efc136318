// The chain of single-instruction emulations over a whole product.

#include "wavemma/emu/chain.hpp"

#include <fmt/format.h>
#include <stdexcept>

#include "plan.hpp"

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

// Whether the chain of this issue's emulations over the product is one engine call per output
// tile: the engine splits at steps (numeric::splits_at_steps), an instruction holds whole steps, no
// modifier acts per instruction (value modifiers, broadcasts), and the tiles are whole. Then D of
// one instruction entering the next as C is the engine's own hand-over between steps, bit for bit.
bool composes(detail::Plan const& plan, Product const& p) {
  auto const& in = *plan.issue.instruction;
  return !plan.scaled && numeric::splits_at_steps(plan.model) && plan.kc % plan.model.group == 0 &&
         !detail::value_modifiers(plan).any() && plan.a_identity && plan.b_identity && p.m % in.m == 0 &&
         p.n % in.n == 0 && p.k % in.k == 0;
}

// The composed chain: each output tile (the blocks of a multi-block instruction are independent
// tiles) in one dot_tile call over the whole K; sparse forms map each stored product to its B row.
void compose(detail::Plan const& plan, Product const& p, uint64_t* d, int threads) {
  auto const& in = *plan.issue.instruction;
  int const m = in.m, n = in.n, kc = plan.kc * (p.k / in.k); // stored K of the whole product
  std::vector<uint64_t> bt(size_t(p.n) * size_t(p.k));       // B by columns: N x K, in 32 x 32 blocks
  constexpr int kBlock = 32;
  parallel_ranges((p.n + kBlock - 1) / kBlock, threads, [&](int first, int last) {
    for (int j0 = first * kBlock; j0 < std::min(p.n, last * kBlock); j0 += kBlock)
      for (int k0 = 0; k0 < p.k; k0 += kBlock)
        for (int j = j0; j < std::min(p.n, j0 + kBlock); ++j)
          for (int k = k0; k < std::min(p.k, k0 + kBlock); ++k)
            bt[size_t(j) * size_t(p.k) + size_t(k)] = p.b[size_t(k) * size_t(p.n) + size_t(j)];
  });
  int const tiles_n = p.n / n, tiles = (p.m / m) * tiles_n;
  parallel_ranges(tiles, threads, [&](int first, int last) {
    std::vector<uint64_t> c(size_t(m) * n, 0), tile(c.size());
    std::vector<uint32_t> rows(plan.sparse ? size_t(m) * size_t(kc) : 0);
    for (int t = first; t < last; ++t) {
      int const ti = t / tiles_n, tj = t % tiles_n;
      uint64_t const* a = p.a + size_t(ti) * m * size_t(kc);
      uint64_t const* b = bt.data() + size_t(tj) * n * size_t(p.k);
      for (int i = 0; p.c && i < m; ++i)
        std::copy_n(p.c + size_t(ti * m + i) * size_t(p.n) + size_t(tj) * n, n, &c[size_t(i) * n]);
      if (plan.sparse) {
        uint64_t const* index = p.index + size_t(ti) * m * size_t(kc);
        for (size_t e = 0; e < rows.size(); ++e)
          rows[e] = 4 * (uint32_t(e % size_t(kc)) / 2) + static_cast<uint32_t>(index[e] & 3);
        numeric::dot_tile_rows(plan.model, m, n, kc, a, b, p.k, rows.data(), c.data(), tile.data(),
                               numeric::BLayout::kColumns);
      } else {
        numeric::dot_tile(plan.model, m, n, p.k, a, b, c.data(), tile.data());
      }
      for (int i = 0; i < m; ++i)
        std::copy_n(&tile[size_t(i) * n], n, d + size_t(ti * m + i) * size_t(p.n) + size_t(tj) * n);
    }
  });
}

} // namespace

void check_chain(Issue const& is, Product const& p) {
  if (std::string const err = check(is); !err.empty()) throw std::invalid_argument(err);
  auto const& in = *is.instruction;
  bool const sparse = in.sparse();
  if (sparse && p.k % 4 != 0)
    throw std::invalid_argument(fmt::format("sparse products need K divisible by 4 (K={})", p.k));
  if (sparse && in.blocks != 1) throw std::logic_error("multi-block sparse instructions are not in the catalog");
  detail::Plan const& plan = detail::plan_for(is);
  if (in.blocks > 1 && !(plan.a_identity && plan.b_identity))
    throw std::invalid_argument(fmt::format("{}: cbsz/abid/blgp move data between the blocks of one issue, which hold "
                                            "different tiles of a product",
                                            in.mnemonic));
  if (plan.scaled && (!p.scale_a || !p.scale_b))
    throw std::invalid_argument(fmt::format("{} needs scale_a and scale_b", in.mnemonic));
  if (in.type_of(isa::Operand::kD) != in.cd) // gfx1250 bf16f32: an f32 C, a bf16 D
    throw std::invalid_argument(fmt::format("{} cannot be chained over K: its D ({}) is not its C ({}); chain the f32 "
                                            "form and narrow once",
                                            in.mnemonic, numeric::name(in.type_of(isa::Operand::kD)),
                                            numeric::name(in.cd)));
}

void chain(Issue const& is, Product const& p, uint64_t* d, int threads) {
  check_chain(is, p);
  auto const& in = *is.instruction;
  bool const sparse = in.sparse();
  detail::Plan const& plan = detail::plan_for(is);
  int const scale_blocks = (p.k + plan.model.group - 1) / plan.model.group; // columns of scale_a, rows of scale_b
  if (composes(plan, p)) return compose(plan, p, d, threads);
  int const kc = sparse ? in.k / 2 : in.k;   // stored K per instruction
  int const a_cols = sparse ? p.k / 2 : p.k; // stored K of the whole A
  int const tiles_m = (p.m + in.m - 1) / in.m, tiles_n = (p.n + in.n - 1) / in.n, steps = (p.k + in.k - 1) / in.k;
  int const tiles = tiles_m * tiles_n, issues = (tiles + in.blocks - 1) / in.blocks;
  parallel_ranges(issues, threads, [&](int first, int last) {
    int const blocks = in.blocks;
    Matrix a(blocks, in.m, kc), b(blocks, in.k, in.n), acc(blocks, in.m, in.n), idx(1, in.m, kc);
    int const kb = plan.scaled ? in.k / plan.model.group : 0; // scale blocks per instruction
    ScaleMatrices scales{Matrix(1, in.m, kb), Matrix(1, kb, in.n)};
    for (int issue = first; issue < last; ++issue) {
      // Block t of this issue computes tile issue * blocks + t (a tile past the last: zeros, unused).
      auto tile_of = [&](int t) { return std::pair{(issue * blocks + t) / tiles_n, (issue * blocks + t) % tiles_n}; };
      for (int t = 0; t < blocks; ++t) {
        auto const [ti, tj] = tile_of(t);
        if (p.c && ti < tiles_m)
          load(p.c, p.m, p.n, ti * in.m, tj * in.n, acc, t);
        else
          std::fill_n(&acc.at(t, 0, 0), in.m * in.n, uint64_t{0});
      }
      for (int s = 0; s < steps; ++s) {
        for (int t = 0; t < blocks; ++t) {
          auto const [ti, tj] = tile_of(t);
          int const rows = ti < tiles_m ? p.m : 0; // a tile past the last reads nothing
          load(p.a, rows, a_cols, ti * in.m, s * kc, a, t);
          load(p.b, ti < tiles_m ? p.k : 0, p.n, s * in.k, tj * in.n, b, t);
          if (sparse) load(p.index, rows, a_cols, ti * in.m, s * kc, idx, 0);
          if (plan.scaled) { // scaled forms are single-block
            load(p.scale_a, rows, scale_blocks, ti * in.m, s * kb, scales.a, 0);
            load(p.scale_b, ti < tiles_m ? scale_blocks : 0, p.n, s * kb, tj * in.n, scales.b, 0);
          }
        }
        execute(is, a, b, acc, sparse ? &idx : nullptr, acc, plan.scaled ? &scales : nullptr); // in place
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
