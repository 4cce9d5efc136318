#pragma once
// The sides of the register-path tests that owe nothing to the code under test: register images
// written and read with the formulas of layouts.md (layout_reference.hpp) instead of the catalog's
// layouts, and operands of small integers whose product the test computes exactly.

#include <cmath>
#include <random>
#include <vector>

#include "support/layout_reference.hpp"
#include "wavemma/emu/emulator.hpp"
#include "wavemma/numeric/format.hpp"

namespace wavemma::test {

// The matrix extents of an operand (sparse A and its index: the K/2 stored positions).
struct Extents {
  int blocks, rows, cols;
};
inline Extents extents_of(Instruction const& in, Operand op) {
  int const kc = in.sparse() ? in.k / 2 : in.k;
  switch (op) {
  case Operand::kA:
    return {in.blocks, in.m, kc};
  case Operand::kB:
    return {in.blocks, in.k, in.n};
  case Operand::kIndex:
    return {1, in.m, kc};
  case Operand::kScaleA:
    return {1, in.m, in.k / in.numeric().group};
  case Operand::kScaleB:
    return {1, in.k / in.numeric().group, in.n};
  default:
    return {in.blocks, in.m, in.n};
  }
}

inline void put_bits(emu::Registers& r, Place const& p, uint64_t v) {
  int const bits = p.bit_hi - p.bit_lo + 1;
  if (bits == 64) {
    r.at(p.vgpr, p.lane) = static_cast<uint32_t>(v);
    r.at(p.vgpr + 1, p.lane) = static_cast<uint32_t>(v >> 32);
    return;
  }
  // A pair of VGPRs as one 64-bit word: an fp6 element may begin in one and end in the next.
  bool const two = p.bit_hi > 31;
  uint64_t word = r.at(p.vgpr, p.lane) | (two ? static_cast<uint64_t>(r.at(p.vgpr + 1, p.lane)) << 32 : 0);
  uint64_t const mask = ((1ull << bits) - 1) << p.bit_lo;
  word = (word & ~mask) | ((v << p.bit_lo) & mask);
  r.at(p.vgpr, p.lane) = static_cast<uint32_t>(word);
  if (two) r.at(p.vgpr + 1, p.lane) = static_cast<uint32_t>(word >> 32);
}
inline uint64_t get_bits(emu::Registers const& r, Place const& p) {
  int const bits = p.bit_hi - p.bit_lo + 1;
  if (bits == 64) return r.at(p.vgpr, p.lane) | static_cast<uint64_t>(r.at(p.vgpr + 1, p.lane)) << 32;
  uint64_t const word =
      r.at(p.vgpr, p.lane) | (p.bit_hi > 31 ? static_cast<uint64_t>(r.at(p.vgpr + 1, p.lane)) << 32 : 0);
  return (word >> p.bit_lo) & ((1ull << bits) - 1);
}

// Every element of m in every place the formulas give it (RDNA3's replicas too); the rest of the
// registers keep `fill`.
inline emu::Registers reference_registers(Instruction const& in, int wave, Operand op, emu::Matrix const& m,
                                          Modifiers const& mods = {}, uint32_t fill = 0) {
  emu::Registers r(isa::vgprs(in, wave, op, mods), wave, fill);
  for (int b = 0; b < m.blocks; ++b)
    for (int i = 0; i < m.rows; ++i)
      for (int j = 0; j < m.cols; ++j)
        for (Place const& p : reference(in, wave, op, {b, i, j}, mods)) put_bits(r, p, m.at(b, i, j));
  return r;
}

// The matrix the formulas read out of registers.
inline emu::Matrix reference_matrix(Instruction const& in, int wave, Operand op, emu::Registers const& r,
                                    Modifiers const& mods = {}) {
  Extents const e = extents_of(in, op);
  emu::Matrix m(e.blocks, e.rows, e.cols);
  for (int b = 0; b < e.blocks; ++b)
    for (int i = 0; i < e.rows; ++i)
      for (int j = 0; j < e.cols; ++j) m.at(b, i, j) = get_bits(r, reference(in, wave, op, {b, i, j}, mods).front());
  return m;
}

// Operands of small integers: -2..2 in A and B (0..2 for the RDNA3 float instructions, whose DOT2
// adds a unit in the last place for each term of the other sign, numerics.md §4.2), -4..4 in C
// (0..4 there), a valid 2:4 index for sparse forms. Every format holds them and every output
// format the exact sum, so any right answer is the exact one.
// Scaled forms: E8M0 scales of 2^-3..2^3 (codes 124..130), so every scaled product stays exact.
struct SmallOperands {
  emu::Matrix a, b, c, index;
  emu::ScaleMatrices scales;
};
inline SmallOperands small_operands(emu::Issue const& is, std::mt19937_64& rng) {
  Instruction const& in = *is.instruction;
  auto const model = emu::numeric_model(is);
  bool const nonnegative = in.gen == Generation::kGfx11 && numeric::is_float(in.a);
  auto fill = [&](Operand op, numeric::Format f, int range) {
    Extents const e = extents_of(in, op);
    emu::Matrix m(e.blocks, e.rows, e.cols);
    for (auto& v : m.bits) {
      int const lo = nonnegative || !(numeric::info(f).is_float || numeric::info(f).is_signed) ? 0 : -range;
      int const x = lo + static_cast<int>(rng() % static_cast<uint64_t>(range - lo + 1));
      v = numeric::from_double(f, x);
    }
    return m;
  };
  SmallOperands o{
      fill(Operand::kA, model.a, 2), fill(Operand::kB, model.b, 2), fill(Operand::kC, model.out, 4), {}, {}};
  if (in.has_operand(Operand::kScaleA))
    for (auto [op, m] : {std::pair{Operand::kScaleA, &o.scales.a}, std::pair{Operand::kScaleB, &o.scales.b}}) {
      Extents const e = extents_of(in, op);
      *m = emu::Matrix(1, e.rows, e.cols);
      for (auto& v : m->bits) v = 124 + rng() % 7;
    }
  if (in.sparse()) {
    Extents const e = extents_of(in, Operand::kIndex);
    o.index = emu::Matrix(1, e.rows, e.cols);
    for (int i = 0; i < e.rows; ++i)
      for (int g = 0; g < e.cols / 2; ++g) {
        int const x = static_cast<int>(rng() % 4), y = static_cast<int>(rng() % 3);
        int const other = y + (y >= x);
        o.index.at(0, i, 2 * g) = static_cast<uint64_t>(std::min(x, other));
        o.index.at(0, i, 2 * g + 1) = static_cast<uint64_t>(std::max(x, other));
      }
  }
  return o;
}

// The operands of an issue in the registers the formulas give them under its modifiers (those that
// move no data, or only place C and D: OPSEL; index sets).
inline emu::RegisterOperands reference_operands(emu::Issue const& is, emu::Matrix const& a, emu::Matrix const& b,
                                                emu::Matrix const& c, emu::Matrix const& index = {},
                                                emu::ScaleMatrices const& scales = {}) {
  auto const& in = *is.instruction;
  emu::RegisterOperands r;
  r.a = reference_registers(in, is.wave, Operand::kA, a, is.mods);
  r.b = reference_registers(in, is.wave, Operand::kB, b, is.mods);
  r.c = reference_registers(in, is.wave, Operand::kC, c, is.mods);
  if (in.sparse()) r.index = reference_registers(in, is.wave, Operand::kIndex, index, is.mods);
  if (in.has_operand(Operand::kScaleA)) {
    r.scale_a = reference_registers(in, is.wave, Operand::kScaleA, scales.a, is.mods);
    r.scale_b = reference_registers(in, is.wave, Operand::kScaleB, scales.b, is.mods);
  }
  return r;
}
// D of an issue, read where the formulas put it.
inline emu::Matrix reference_d(emu::Issue const& is, emu::Registers const& d) {
  return reference_matrix(*is.instruction, is.wave, Operand::kD, d, is.mods);
}

// The lane-major entry point on registers r: words in rows of `stride` per lane (anything between
// and after the operands), D lane-major.
inline emu::Registers execute_lane_major(emu::Issue const& is, emu::RegisterOperands const& r, int stride) {
  auto const& in = *is.instruction;
  int const wave = is.wave, va = r.a.vgprs, vb = r.b.vgprs, vc = r.c.vgprs, vd = isa::vgprs(in, wave, Operand::kD);
  bool const scaled = in.has_operand(Operand::kScaleA); // the scale VGPRs after the index's place
  std::vector<uint32_t> words(size_t(wave) * size_t(stride), 0xdeadbeef);
  for (int lane = 0; lane < wave; ++lane) {
    uint32_t* row = &words[size_t(lane) * size_t(stride)];
    for (int v = 0; v < va; ++v) row[v] = r.a.at(v, lane);
    for (int v = 0; v < vb; ++v) row[va + v] = r.b.at(v, lane);
    for (int v = 0; v < vc; ++v) row[va + vb + v] = r.c.at(v, lane);
    for (int v = 0; in.sparse() && v < r.index.vgprs; ++v) row[va + vb + vc + v] = r.index.at(v, lane);
    for (int v = 0; scaled && v < r.scale_a.vgprs; ++v) row[va + vb + vc + 1 + v] = r.scale_a.at(v, lane);
    for (int v = 0; scaled && v < r.scale_b.vgprs; ++v)
      row[va + vb + vc + 1 + r.scale_a.vgprs + v] = r.scale_b.at(v, lane);
  }
  emu::LaneWords const lw{words.data(),
                          stride,
                          va,
                          vb,
                          vc,
                          in.sparse() ? va + vb + vc : -1,
                          scaled ? va + vb + vc + 1 : -1,
                          scaled ? va + vb + vc + 1 + r.scale_a.vgprs : -1};
  std::vector<uint32_t> d(size_t(wave) * size_t(vd), 0x12345678);
  execute_lanes(is, lw, d.data());
  emu::Registers out(vd, wave);
  for (int lane = 0; lane < wave; ++lane)
    for (int v = 0; v < vd; ++v) out.at(v, lane) = d[size_t(lane) * size_t(vd) + size_t(v)];
  return out;
}

// The value of every element of D = A * B + C, exactly (far inside a double's integers).
inline std::vector<double> exact_product(emu::Issue const& is, SmallOperands const& o) {
  Instruction const& in = *is.instruction;
  auto const model = emu::numeric_model(is);
  int const kc = in.sparse() ? in.k / 2 : in.k;
  std::vector<double> d;
  for (int b = 0; b < in.blocks; ++b)
    for (int i = 0; i < in.m; ++i)
      for (int j = 0; j < in.n; ++j) {
        double sum = numeric::to_double(model.out, o.c.at(b, i, j));
        for (int t = 0; t < kc; ++t) {
          int const k = in.sparse() ? 4 * (t / 2) + static_cast<int>(o.index.at(0, i, t)) : t;
          double scale = 1; // the E8M0 scales of row i's and column j's K block: 2^(sa-127) * 2^(sb-127)
          if (in.has_operand(Operand::kScaleA)) {
            int const q = k / in.numeric().group;
            scale = std::ldexp(1.0, static_cast<int>(o.scales.a.at(0, i, q) + o.scales.b.at(0, q, j)) - 254);
          }
          sum += numeric::to_double(model.a, o.a.at(b, i, t)) * numeric::to_double(model.b, o.b.at(b, k, j)) * scale;
        }
        d.push_back(sum);
      }
  return d;
}

// The values of a D matrix, in the order of exact_product (D in its own type: gfx1250 bf16f32 has
// an f32 C and a bf16 D).
inline std::vector<double> values_of(emu::Issue const& is, emu::Matrix const& d) {
  auto const& in = *is.instruction;
  auto const f = in.type_of(Operand::kD) == in.cd ? emu::numeric_model(is).out : numeric::Format::kBf16; // bf16f32's D
  std::vector<double> out;
  for (auto v : d.bits) out.push_back(numeric::to_double(f, v));
  return out;
}

} // namespace wavemma::test
