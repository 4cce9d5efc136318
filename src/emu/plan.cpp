#include "plan.hpp"

#include <fmt/format.h>
#include <map>
#include <memory>
#include <stdexcept>

namespace wavemma::emu::detail {
namespace {

using isa::Operand;

int count(isa::BitLayout const& L) { return L.blocks() * L.rows() * L.cols(); }

} // namespace

Gather make_gather(isa::BitLayout const& L) {
  Gather g;
  g.elem_bits = L.elem_bits();
  g.vgprs = L.vgprs();
  g.wave = L.wave();
  int const n = count(L);
  g.copies = static_cast<int>(L.places({0, 0, 0}).size());
  g.word.resize(size_t(g.copies) * n);
  g.shift.resize(size_t(g.copies) * n);
  int e = 0;
  for (int b = 0; b < L.blocks(); ++b)
    for (int r = 0; r < L.rows(); ++r)
      for (int c = 0; c < L.cols(); ++c, ++e) {
        auto const places = L.places({b, r, c});
        for (int copy = 0; copy < g.copies; ++copy) {
          auto const& p = places[static_cast<size_t>(copy)];
          g.word[size_t(copy) * n + e] = static_cast<uint32_t>(p.vgpr * L.wave() + p.lane);
          g.shift[size_t(copy) * n + e] = static_cast<uint8_t>(p.bit_lo);
        }
      }
  return g;
}

Gather const& lane_major(Gather const& g, int stride) {
  if (g.lane_stride == stride) return g;
  g.lane_word.resize(g.word.size());
  for (size_t e = 0; e < g.word.size(); ++e) {
    uint32_t const vgpr = g.word[e] / uint32_t(g.wave), lane = g.word[e] % uint32_t(g.wave);
    g.lane_word[e] = lane * uint32_t(stride) + vgpr;
  }
  size_t const n = g.word.size() / size_t(g.copies);
  g.lane_runs.clear();
  g.run_begin.assign(1, 0);
  for (int copy = 0; copy < g.copies; ++copy) {
    for (size_t e = 0; e < n; ++e) {
      size_t const x = size_t(copy) * n + e;
      uint32_t const bit = g.lane_word[x] * 32 + g.shift[x];
      auto& runs = g.lane_runs;
      if (e > 0 && runs.back().bit + runs.back().len * uint32_t(g.elem_bits) == bit)
        ++runs.back().len;
      else
        runs.push_back({uint32_t(e), bit, 1});
    }
    g.run_begin.push_back(uint32_t(g.lane_runs.size()));
  }
  g.runs_pay = g.lane_runs.size() * 4 <= g.word.size();
  g.word_source.clear();
  if (g.elem_bits == 32 && stride == g.vgprs) {
    g.word_source.assign(size_t(g.vgprs) * size_t(g.wave), 0);
    for (size_t x = 0; x < g.lane_word.size(); ++x) g.word_source[g.lane_word[x]] = uint32_t(x % n) + 1;
  }
  g.lane_stride = stride;
  return g;
}

isa::BitLayout placement_layout(Issue const& is, isa::Operand op) {
  isa::Modifiers m = is.mods;
  bool const formats = is.instruction->mod_rules().format_select; // f8f6f4: CBSZ/BLGP are formats, not moves
  if (op == Operand::kA && is.instruction->kind == isa::Kind::kMfma && !formats) m.cbsz = m.abid = 0;
  if (op == Operand::kB && !formats) m.blgp = 0;
  return isa::operand_layout(*is.instruction, is.wave, op, m);
}

namespace {

// For each element of `modified`, the element of `plain` held at the place the modified layout
// reads: how a broadcast modifier moves data between elements.
std::vector<uint32_t> sources(isa::BitLayout const& modified, isa::BitLayout const& plain, bool& identity) {
  std::map<std::tuple<int, int, int>, uint32_t> at;
  for (int b = 0; b < plain.blocks(); ++b)
    for (int r = 0; r < plain.rows(); ++r)
      for (int c = 0; c < plain.cols(); ++c) {
        auto const p = plain.place({b, r, c});
        at[{p.vgpr, p.lane, p.bit_lo}] = static_cast<uint32_t>((b * plain.rows() + r) * plain.cols() + c);
      }
  std::vector<uint32_t> out;
  identity = true;
  for (int b = 0; b < modified.blocks(); ++b)
    for (int r = 0; r < modified.rows(); ++r)
      for (int c = 0; c < modified.cols(); ++c) {
        auto const p = modified.place({b, r, c});
        auto const it = at.find({p.vgpr, p.lane, p.bit_lo});
        if (it == at.end()) throw std::logic_error("broadcast reads a place the plain layout leaves empty");
        identity = identity && it->second == out.size();
        out.push_back(it->second);
      }
  return out;
}

std::vector<uint8_t> high_halves(isa::BitLayout const& L) {
  std::vector<uint8_t> out;
  for (int b = 0; b < L.blocks(); ++b)
    for (int r = 0; r < L.rows(); ++r)
      for (int c = 0; c < L.cols(); ++c) out.push_back(L.place({b, r, c}).bit_lo >= 16);
  return out;
}

std::unique_ptr<Plan> make_plan(Issue const& is) {
  std::string const err = check(is);
  if (!err.empty()) throw std::invalid_argument(err);
  auto const& in = *is.instruction;
  auto p = std::make_unique<Plan>();
  p->issue = is;
  p->model = numeric_model(is);
  p->blocks = in.blocks;
  p->m = in.m;
  p->n = in.n;
  p->k = in.k;
  p->sparse = in.sparse();
  p->kc = p->sparse ? in.k / 2 : in.k;
  auto layout = [&](Operand op) { return isa::operand_layout(in, is.wave, op, is.mods); };
  p->a = make_gather(layout(Operand::kA));
  {
    Gather const rows = make_gather(layout(Operand::kB)); // element order: block, k, j
    p->b = rows;
    size_t const n = rows.word.size() / size_t(rows.copies);
    for (int copy = 0; copy < rows.copies; ++copy)
      for (int j = 0, e = 0; j < in.n; ++j)
        for (int blk = 0; blk < in.blocks; ++blk)
          for (int kk = 0; kk < in.k; ++kk, ++e) {
            size_t const from = size_t(copy) * n + (size_t(blk) * in.k + kk) * in.n + j;
            p->b.word[size_t(copy) * n + e] = rows.word[from];
            p->b.shift[size_t(copy) * n + e] = rows.shift[from];
          }
  }
  p->c = make_gather(layout(Operand::kC));
  auto const dl = layout(Operand::kD);
  p->d = make_gather(dl);
  if (p->sparse) p->index = make_gather(layout(Operand::kIndex));
  p->scaled = in.mod_rules().scaled;
  if (p->scaled) {
    p->scale_a = make_gather(layout(Operand::kScaleA));
    p->scale_b = make_gather(layout(Operand::kScaleB));
  }
  for (int b = 0; b < dl.blocks(); ++b)
    for (int r = 0; r < dl.rows(); ++r)
      for (int c = 0; c < dl.cols(); ++c) p->d_group.push_back(static_cast<uint8_t>(dl.place({b, r, c}).lane / 16));
  // Count the bits D's places write: all of its registers, or C must show through.
  p->d_covers_all = p->d.word.size() * size_t(p->d.elem_bits) == size_t(p->d.vgprs) * size_t(is.wave) * 32;
  if (p->blocks > 1 && !p->sparse)
    for (int b = 0; b < p->blocks; ++b)
      for (int i = 0; i < p->m; ++i)
        for (int k = 0; k < p->k; ++k) p->block_rows.push_back(static_cast<uint32_t>(b * p->k + k));
  auto const plain_a = placement_layout(is, Operand::kA), plain_b = placement_layout(is, Operand::kB);
  p->a_source = sources(layout(Operand::kA), plain_a, p->a_identity);
  p->b_source = sources(layout(Operand::kB), plain_b, p->b_identity);
  p->a_high = high_halves(plain_a);
  p->b_high = high_halves(plain_b);
  for (int j = 0; j < in.n; ++j)
    for (int blk = 0; blk < in.blocks; ++blk)
      for (int kk = 0; kk < in.k; ++kk) p->b_high_cols.push_back(p->b_high[(size_t(blk) * in.k + kk) * in.n + j]);
  return p;
}

bool same(Issue const& x, Issue const& y) {
  return x.instruction == y.instruction && x.wave == y.wave && x.mods == y.mods;
}

} // namespace

Plan const& plan_for(Issue const& is) {
  // A kernel issues a handful of distinct instructions: a short per-thread list is enough.
  thread_local std::vector<std::unique_ptr<Plan>> cache;
  for (auto const& p : cache)
    if (same(p->issue, is)) return *p;
  if (cache.size() >= 64) cache.erase(cache.begin());
  cache.push_back(make_plan(is));
  return *cache.back();
}

} // namespace wavemma::emu::detail
