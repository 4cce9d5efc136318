#pragma once
// An independent transcription of the layout formulas of docs/reference/layouts.md, in plain
// arithmetic, for the tests: the catalog's BitLayouts and the CLI's CSV are compared with it.

#include <algorithm>
#include <vector>

#include "wavemma/isa/instruction.hpp"

namespace wavemma::test {

using isa::Coord;
using isa::Generation;
using isa::index_sets;
using isa::Instruction;
using isa::Kind;
using isa::Modifiers;
using isa::Operand;
using isa::Place;
using numeric::Format;
using numeric::storage_bits;

// ---------------------------------------------------------------------------------------------
// The reference: formulas written out as in layouts.md, in plain arithmetic.
struct Ref {
  int r, lane, lo;
};
inline Place to_place(Ref x, int e) { return {x.r, x.lane, x.lo, x.lo + e - 1}; }
inline Ref from_n(int n, int e, int lane) { return {n * e / 32, lane, (n * e) % 32}; }

// §2 RDNA3
inline std::vector<Place> rdna3(Instruction const& in, int W, Operand op, Coord c, Modifiers const& mods) {
  int const e = storage_bits(in.type_of(op));
  int const R = W / 16;
  std::vector<Place> out;
  if (op == Operand::kA || op == Operand::kB) {
    int const mn = op == Operand::kA ? c.row : c.col, k = op == Operand::kA ? c.col : c.row;
    for (int t = 0; t < R; ++t) out.push_back({k * e / 32, mn + 16 * t, (k * e) % 32, (k * e) % 32 + e - 1});
    return out;
  }
  int const i = c.row, j = c.col;
  int const lo = e == 16 ? 16 * mods.op_sel[2] : 0;
  out.push_back({i / R, 16 * (i % R) + j, lo, lo + e - 1});
  return out;
}

// §3 RDNA4 dense, expanded tables of §3.1 / §3.3.
inline std::vector<Place> rdna4_dense(Instruction const& in, int W, Operand op, Coord c) {
  int const e = storage_bits(in.type_of(op));
  if (op == Operand::kC || op == Operand::kD) {
    int const i = c.row, j = c.col;
    if (W == 32) {
      if (e == 32) return {{i % 8, 16 * (i / 8) + j, 0, 31}};
      return {{(i % 8) / 2, 16 * (i / 8) + j, 16 * (i % 2), 16 * (i % 2) + 15}};
    }
    int const L = 32 * ((i / 4) % 2) + 16 * (i / 8) + j;
    if (e == 32) return {{i % 4, L, 0, 31}};
    return {{(i / 2) % 2, L, 16 * (i % 2), 16 * (i % 2) + 15}};
  }
  int const mn = op == Operand::kA ? c.row : c.col, k = op == Operand::kA ? c.col : c.row;
  Ref x{};
  if (W == 32) {
    if (e == 16)
      x = {2 * (k / 8) + (k / 2) % 2, mn + 16 * ((k / 4) % 2), 16 * (k % 2)};
    else if (e == 8)
      x = {(k / 4) % 2, mn + 16 * (k / 8), 8 * (k % 4)};
    else if (in.k == 16)
      x = {0, mn + 16 * (k / 8), 4 * (k % 8)};
    else
      x = {(k / 8) % 2, mn + 16 * (k / 16), 4 * (k % 8)};
  } else {
    if (e == 16)
      x = {(k / 2) % 2, 32 * ((k / 8) % 2) + 16 * ((k / 4) % 2) + mn, 16 * (k % 2)};
    else if (e == 8)
      x = {0, 32 * ((k / 4) % 2) + 16 * (k / 8) + mn, 8 * (k % 4)};
    else if (in.k == 16)
      x = {0, 16 * (k / 8) + mn, 4 * (k % 8)};
    else
      x = {0, 32 * ((k / 8) % 2) + 16 * (k / 16) + mn, 4 * (k % 8)};
  }
  return {to_place(x, e)};
}

// §4 SWMMAC. Wave32 from the general formulas of §4.1, wave64 from the expanded table of §4.2.
inline std::vector<Place> swmmac(Instruction const& in, int W, Operand op, Coord c, Modifiers const& mods) {
  int const K = in.k;
  if (op == Operand::kC || op == Operand::kD) return rdna4_dense(in, W, op, c);
  int const e = op == Operand::kIndex ? 2 : storage_bits(in.type_of(op));
  int const T = std::min(128 / storage_bits(in.a), K / 2);
  if (op == Operand::kB) {
    int const k = c.row, j = c.col;
    if (W == 32) {
      int const h = (k / T) % 2, q = k / (2 * T), rho = k % T;
      return {to_place(from_n(q * T + rho, e, j + 16 * h), e)};
    }
    Ref x{};
    if (e == 16)
      x = {(k / 2) % 4, j + 16 * (k / 8), 16 * (k % 2)};
    else if (e == 8)
      x = {(k / 4) % 2, 32 * ((k / 8) % 2) + 16 * (k / 16) + j, 8 * (k % 4)};
    else if (K == 32)
      x = {0, 32 * ((k / 8) % 2) + 16 * (k / 16) + j, 4 * (k % 8)};
    else
      x = {(k / 8) % 2, 32 * ((k / 16) % 2) + 16 * (k / 32) + j, 4 * (k % 8)};
    return {to_place(x, e)};
  }
  // A (stored value s of group g) and the index field of that value.
  int const i = c.row, s = c.col % 2, k = 4 * (c.col / 2);
  int const ea = storage_bits(in.a);
  if (W == 32) {
    int const h = (k / T) % 2, q = k / (2 * T), rho = k % T;
    int const f = q * (T / 4) + rho / 4;
    if (op == Operand::kA) return {to_place(from_n(2 * f + s, e, i + 16 * h), e)};
    int const o = mods.index_key * (K / 2);
    return {{0, i + 16 * h, 4 * f + 2 * s + o, 4 * f + 2 * s + o + 1}};
  }
  int lane, a_lo, idx_field;
  int set_bits = 8;
  if (ea == 16) {
    lane = i + 16 * (k / 8);
    a_lo = 32 * ((k / 4) % 2);
    idx_field = 4 * ((k / 4) % 2);
  } else if (ea == 8) {
    lane = 32 * ((k / 8) % 2) + 16 * (k / 16) + i;
    a_lo = 16 * ((k / 4) % 2);
    idx_field = 4 * ((k / 4) % 2);
  } else if (K == 32) {
    lane = i + 16 * (k / 16);
    a_lo = 8 * ((k / 4) % 4);
    idx_field = 4 * ((k / 4) % 4);
    set_bits = 16;
  } else {
    lane = 32 * ((k / 16) % 2) + 16 * (k / 32) + i;
    a_lo = 8 * ((k / 4) % 4);
    idx_field = 4 * ((k / 4) % 4);
    set_bits = 16;
  }
  if (op == Operand::kA) {
    // "A r, lo" of the table give the slot of both stored values of the group; s = 1 sits e bits higher.
    int const bit = a_lo + e * s;
    return {{bit / 32, lane, bit % 32, bit % 32 + e - 1}};
  }
  int const bit = idx_field + 2 * s + set_bits * mods.index_key;
  return {{0, lane, bit, bit + 1}};
}

// §5 MFMA
inline int blgp_lane(int L, int blgp) { // π(L) of the table in §5.4
  switch (blgp) {
  case 0:
    return L;
  case 1:
    return L % 32;
  case 2:
    return 32 + L % 32;
  case 3:
    return (L + 16) % 64;
  default:
    return 16 * (blgp - 4) + L % 16;
  }
}

inline std::vector<Place> mfma_cd(Instruction const& in, Coord c) {
  int const M = in.m, N = in.n, b = c.block, i = c.row, j = c.col;
  if (in.cd == numeric::Format::kF64) {
    if (M == 16) return {{2 * (i / 4), 16 * (i % 4) + j, 0, 63}};
    return {{0, 16 * i + 4 * b + j, 0, 63}};
  }
  if (M == 4) return {{i, 4 * b + j, 0, 31}};
  if (M == 32) return {{16 * b + 4 * (i / 8) + i % 4, 32 * ((i / 4) % 2) + j, 0, 31}};
  // general rule of §5.2 for 16x16
  int const G = 64 / N;
  return {{(M * N / 64) * b + 4 * (i / (4 * G)) + i % 4, N * ((i / 4) % G) + j, 0, 31}};
}

// gfx950 f8f6f4 (layouts.md "CDNA4"): lane l holds row (column) l % M and lane group g = l / M of
// G = 64/M; fp4: the 32 consecutive K 32g..32g+31, nibble n = k % 32 [AMD's CDNA4 matrix-core blog];
// fp8/fp6: two chunks of 16 consecutive K, k = 16g + 16G*(n/16) + n%16 [the blog's 32x32x64 fp8
// formula; Triton's kWidth 16], element n at bits e*n of the tuple (fp6 crossing VGPRs [CK's
// f6x32_pk_t]). The scales: lane i + M*q holds row i's (column j's) scale of K block q in byte sel.
inline std::vector<Place> f8f6f4(Instruction const& in, Operand op, Coord c, Modifiers const& mods) {
  int const M = in.m, G = 64 / M;
  if (op == Operand::kScaleA || op == Operand::kScaleB) {
    int const sel = mods.scale_sel[op == Operand::kScaleA ? 0 : 1];
    int const mn = op == Operand::kScaleA ? c.row : c.col, q = op == Operand::kScaleA ? c.col : c.row;
    return {{0, mn + M * q, 8 * sel, 8 * sel + 7}};
  }
  int const e = storage_bits(in.type_of(op, mods));
  int const mn = op == Operand::kA ? c.row : c.col, k = op == Operand::kA ? c.col : c.row;
  int lane, n;
  if (e == 4) {
    lane = mn + M * (k / 32);
    n = k % 32;
  } else {
    lane = mn + M * ((k / 16) % G);
    n = 16 * (k / (16 * G)) + k % 16;
  }
  return {to_place(from_n(n, e, lane), e)};
}

inline std::vector<Place> mfma(Instruction const& in, Operand op, Coord c, Modifiers const& mods) {
  if (op == Operand::kC || op == Operand::kD) return mfma_cd(in, c);
  if (in.mod_rules().format_select) return f8f6f4(in, op, c, mods);
  int const M = in.m, B = in.blocks, K = in.k;
  int const e = storage_bits(in.type_of(op));
  int const Kl = K * M * B / 64;
  int const mn = op == Operand::kA ? c.row : c.col, k = op == Operand::kA ? c.col : c.row;
  int b = c.block;
  auto const& r = in.mod_rules();
  if (op == Operand::kA && r.broadcast_effect) b = (1 << mods.cbsz) * (b / (1 << mods.cbsz)) + mods.abid; // §5.3
  int L = mn + M * b + M * B * (k / Kl);
  if (op == Operand::kB && r.blgp_effect) L = blgp_lane(L, mods.blgp);
  int const n = k % Kl;
  return {to_place(from_n(n, e, L), e)};
}

// §6 SMFMAC
inline std::vector<Place> smfmac(Instruction const& in, Operand op, Coord c, Modifiers const& mods) {
  if (op == Operand::kC || op == Operand::kD) return mfma_cd(in, c);
  // A lane holds 128 bits of compressed A (T = 128/e dense K positions) on gfx942; the gfx950
  // double-K forms (K*e = 1024 bits at M = 16, 512 at M = 32) hold 256 bits (CDNA4 ISA, SMFMAC).
  int const M = in.m, ea = storage_bits(in.a);
  bool const wide = in.k * ea == (M == 16 ? 1024 : 512);
  int const T = (wide ? 256 : 128) / ea;
  if (op == Operand::kB) {
    int const k = c.row, j = c.col;
    return {to_place(from_n(k % T, ea, j + M * (k / T)), ea)};
  }
  int const i = c.row, s = c.col % 2, k = 4 * (c.col / 2);
  int const lambda = k / T, f = (k % T) / 4;
  int const L = i + M * lambda;
  if (op == Operand::kA) return {to_place(from_n(2 * f + s, ea, L), ea)};
  int const o = mods.cbsz == 0 ? T * mods.abid : 0; // a set: 2 bits for each of T/2 stored values
  return {{0, L, 4 * f + 2 * s + o, 4 * f + 2 * s + o + 1}};
}

// gfx1250 (reference/gfx1250.md §5, its expanded tables written out; wave32 only).
inline std::vector<Place> gfx1250(Instruction const& in, Operand op, Coord c, Modifiers const& mods) {
  int const e = op == Operand::kIndex ? 2 : storage_bits(in.type_of(op, mods));
  if (op == Operand::kScaleA || op == Operand::kScaleB) { // §5.3: byte beta of row/column mn
    bool const a = op == Operand::kScaleA;
    int const mn = a ? c.row : c.col, beta = a ? c.col : c.row;
    int const lane = (a ? in.m : in.n) == 32 ? mn : mn + 16 * mods.scale_sel[a ? 0 : 1];
    return {{beta / 4, lane, 8 * (beta % 4), 8 * (beta % 4) + 7}};
  }
  if (op == Operand::kC || op == Operand::kD) { // §5.2
    int const i = c.row, j = c.col;
    if (e == 32) return {{i % 8 + 8 * (i / 16), 16 * ((i % 16) / 8) + j, 0, 31}};
    return {{(i % 8) / 2, 16 * (i / 8) + j, 16 * (i % 2), 16 * (i % 2) + 15}};
  }
  if (in.sparse()) { // §5.4
    int const ea = storage_bits(in.a);
    if (op == Operand::kB) { // S = 16 (16-bit) or 32 (8-bit)
      int const k = c.row, j = c.col, S = 256 / ea;
      return {to_place(from_n(S * (k / (2 * S)) + k % S, e, j + 16 * ((k / S) % 2)), e)};
    }
    int const i = c.row, cc = c.col;
    if (op == Operand::kA) { // the dense rule on the 16 x K/2 stored values, S = 128/e
      int const S = 128 / ea;
      return {to_place(from_n(S * (cc / (2 * S)) + cc % S, e, i + 16 * ((cc / S) % 2)), e)};
    }
    int const E = ea == 16 ? 16 : 32; // index entries per lane
    int const bit = 2 * (cc % E);
    return {{bit / 32, i + 16 * (cc / E), bit % 32, bit % 32 + 1}};
  }
  bool const a = op == Operand::kA;
  int const mn = a ? c.row : c.col, k = a ? c.col : c.row;
  int const i = mn % 16, hi_rows = 8 * (mn / 16); // 32x16x128_f4 A: rows 16-31 in VGPRs 8-15
  if (e == 32) return {{k % 2, i + 16 * (k / 2), 0, 31}};
  if (e == 16) return {to_place({4 * (k / 16) + (k % 8) / 2, i + 16 * ((k / 8) % 2), 16 * (k % 2)}, e)};
  if (e == 8) return {to_place({4 * (k / 32) + (k % 16) / 4, i + 16 * ((k / 16) % 2), 8 * (k % 4)}, e)};
  if (e == 6) {
    int const b = 6 * (32 * (k / 64) + k % 32);
    return {to_place({b / 32, i + 16 * ((k / 32) % 2), b % 32}, e)};
  }
  return {to_place({4 * (k / 64) + (k % 32) / 8 + hi_rows, i + 16 * ((k / 32) % 2), 4 * (k % 8)}, e)};
}

inline std::vector<Place> reference(Instruction const& in, int W, Operand op, Coord c, Modifiers const& mods) {
  std::vector<Place> p;
  if (in.gen == Generation::kGfx1250 && !in.gfx12_form()) return gfx1250(in, op, c, mods);
  switch (in.kind) {
  case Kind::kWmma:
    p = in.gen == Generation::kGfx11 ? rdna3(in, W, op, c, mods) : rdna4_dense(in, W, op, c);
    break;
  case Kind::kSwmmac:
    p = swmmac(in, W, op, c, mods);
    break;
  case Kind::kMfma:
    p = mfma(in, op, c, mods);
    break;
  case Kind::kSmfmac:
    p = smfmac(in, op, c, mods);
    break;
  }
  std::sort(p.begin(), p.end(), [](Place const& a, Place const& b) { return a.lane < b.lane; });
  return p;
}

// Every data-moving modifier setting the instruction takes for an operand.
inline std::vector<Modifiers> modifier_variants(Instruction const& in, int wave, Operand op) {
  std::vector<Modifiers> out{Modifiers{}};
  auto const& r = in.mod_rules();
  if ((r.op_sel_defined & 4) && (op == Operand::kC || op == Operand::kD)) {
    Modifiers m;
    m.op_sel[2] = true;
    out.push_back(m);
  }
  if (op == Operand::kIndex) {
    out.clear();
    for (int s = 0; s < index_sets(in, wave); ++s) {
      Modifiers m;
      if (in.kind == Kind::kSwmmac)
        m.index_key = s;
      else
        m.abid = s;
      out.push_back(m);
    }
  }
  if (op == Operand::kA && r.broadcast_effect) {
    for (int cbsz = 1; (1 << cbsz) <= in.blocks; ++cbsz)
      for (int abid = 0; abid < (1 << cbsz); ++abid) {
        Modifiers m;
        m.cbsz = cbsz;
        m.abid = abid;
        out.push_back(m);
      }
  }
  if (op == Operand::kB && r.blgp_effect)
    for (int blgp = 1; blgp < 8; ++blgp) {
      Modifiers m;
      m.blgp = blgp;
      out.push_back(m);
    }
  if (r.format_select && (op == Operand::kA || op == Operand::kB))
    for (int format = 1; format <= 4; ++format) {
      Modifiers m;
      if (!r.mai)
        m.matrix_fmt[op == Operand::kA ? 0 : 1] = format;
      else
        (op == Operand::kA ? m.cbsz : m.blgp) = format;
      out.push_back(m);
    }
  if (op == Operand::kScaleA || op == Operand::kScaleB)
    for (int sel = 1; sel < (r.wmma_scaled ? 2 : 4); ++sel) {
      Modifiers m;
      m.scale_sel[op == Operand::kScaleA ? 0 : 1] = sel;
      out.push_back(m);
    }
  return out;
}

} // namespace wavemma::test
