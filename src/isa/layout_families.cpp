// The layout families of reference/layouts.md, each written once as a bit routing with
// parameters taken from the catalog row. Every formula there is a special case of one of these.

#include <bit>
#include <fmt/format.h>
#include <stdexcept>

#include "wavemma/isa/instruction.hpp"

namespace wavemma::isa {
namespace {

int lg(int v) { return std::countr_zero(static_cast<unsigned>(v)); }

constexpr int kLaneGroupBit = 4; // 16-lane groups
constexpr int kHalfWaveBit = 5;  // lanes 32-63

// Which matrix axis carries M/N ("mn") and which carries K for the A and B operands.
struct AbAxes {
  Axis mn, k;
};
AbAxes ab_axes(Operand op) {
  return op == Operand::kA ? AbAxes{Axis::kRow, Axis::kCol} : AbAxes{Axis::kCol, Axis::kRow};
}

// K positions that share one scale (the scaled forms' block, the numeric model's group).
int scale_block(Instruction const& in) { return in.scale_block(); }

int rows_of(Instruction const& in, Operand op) {
  switch (op) {
  case Operand::kB:
    return in.k;
  case Operand::kScaleB:
    return in.k / scale_block(in);
  default:
    return in.m;
  }
}
int cols_of(Instruction const& in, Operand op) {
  switch (op) {
  case Operand::kA:
    return in.sparse() ? in.k / 2 : in.k;
  case Operand::kB:
    return in.n;
  case Operand::kIndex:
    return in.k / 2;
  case Operand::kScaleA:
    return in.k / scale_block(in);
  default:
    return in.n;
  }
}

BitLayout empty_layout(Instruction const& in, int wave, Operand op, int e) {
  int const blocks = op == Operand::kIndex || op == Operand::kScaleA || op == Operand::kScaleB ? 1 : in.blocks;
  return BitLayout(e, wave, lg(blocks), lg(rows_of(in, op)), lg(cols_of(in, op)));
}

// RDNA4 wave64 fold rule (layouts.md §3.3): the top VGPR bit of the wave32 layout becomes lane
// bit 5; a one-VGPR operand keeps its wave32 place and lanes 32-63 are ignored.
void fold_to_wave64(BitLayout& L) {
  if (L.vgprs() >= 2)
    L.move_slot_bit_to_lane(L.slot_bits() - 1, kHalfWaveBit);
  else
    L.fix_lane_bits(1u << kHalfWaveBit, 0);
}

// --- RDNA3 -----------------------------------------------------------------------------------
// A/B: the whole 16x16 tile in every 16-lane group, K contiguous within a lane (§2.1).
void rdna3_ab(BitLayout& L, Operand op) {
  auto const ax = ab_axes(op);
  L.route(ax.mn, 0, 4, Field::kLane, 0).route(ax.k, 0, 4, Field::kSlot, 0);
}
// C/D: row i in lane group i mod R, VGPR i / R; 16-bit outputs in the OPSEL half (§2.2, §2.3).
void rdna3_cd(BitLayout& L, int wave, bool half16, bool opsel_hi) {
  int const rbits = lg(wave / 16);
  int const slot0 = half16 ? 1 : 0;
  L.route(Axis::kCol, 0, 4, Field::kLane, 0)
      .route(Axis::kRow, 0, rbits, Field::kLane, kLaneGroupBit)
      .route(Axis::kRow, rbits, 4 - rbits, Field::kSlot, slot0);
  if (half16) L.set_slot_const(0, 1, opsel_hi ? 1 : 0);
}

// --- RDNA4 -----------------------------------------------------------------------------------
// Chunks of 2^cbits consecutive K alternate between the two half-waves (§3.1, §4.1 B).
void k_chunks(BitLayout& L, Axis k_axis, int kbits, int cbits) {
  L.route(k_axis, 0, cbits, Field::kSlot, 0)
      .route(k_axis, cbits, 1, Field::kLane, kLaneGroupBit)
      .route(k_axis, cbits + 1, kbits - cbits - 1, Field::kSlot, cbits);
}
void rdna4_ab(BitLayout& L, Instruction const& in, Operand op, int e) {
  auto const ax = ab_axes(op);
  int const s = std::min(64 / e, in.k / 2); // K positions per chunk
  L.route(ax.mn, 0, 4, Field::kLane, 0);
  k_chunks(L, ax.k, lg(in.k), lg(s));
}
void rdna4_cd(BitLayout& L) {
  L.route(Axis::kCol, 0, 4, Field::kLane, 0)
      .route(Axis::kRow, 0, 3, Field::kSlot, 0)
      .route(Axis::kRow, 3, 1, Field::kLane, kLaneGroupBit);
}
// SWMMAC B: dense, chunks of T = min(128/e, K/2) (§4.1).
void swmmac_b(BitLayout& L, Instruction const& in, int e) {
  int const t = std::min(128 / e, in.k / 2);
  L.route(Axis::kCol, 0, 4, Field::kLane, 0);
  k_chunks(L, Axis::kRow, lg(in.k), lg(t));
}
// Compressed A and the index share one routing of the stored position c = 2g + s (§4.1, §6.1):
// s and the low bits of the group g fill the slot, the next group bits choose lanes.
void sparse_a(BitLayout& L, int tbits, int cbits, int mbits, bool rdna) {
  int const per_lane = tbits - 1; // c bits below the first lane bit
  L.route(Axis::kRow, 0, mbits, Field::kLane, 0).route(Axis::kCol, 0, std::min(per_lane, cbits), Field::kSlot, 0);
  if (rdna) {
    L.route(Axis::kCol, per_lane, 1, Field::kLane, kLaneGroupBit);
    if (cbits > per_lane + 1) L.route(Axis::kCol, per_lane + 1, cbits - per_lane - 1, Field::kSlot, per_lane);
  } else if (cbits > per_lane) {
    L.route(Axis::kCol, per_lane, cbits - per_lane, Field::kLane, mbits);
  }
}

// --- CDNA3 -----------------------------------------------------------------------------------
// A/B: lanes ordered (row/col, block, K group); Kl = K*M*B/64 K positions per lane (§5.1).
void mfma_ab(BitLayout& L, Instruction const& in, Operand op) {
  auto const ax = ab_axes(op);
  int const mbits = lg(in.m), bbits = lg(in.blocks), kbits = lg(in.k);
  int const klbits = kbits + mbits + bbits - 6;
  L.route(ax.mn, 0, mbits, Field::kLane, 0)
      .route(Axis::kBlock, 0, bbits, Field::kLane, mbits)
      .route(ax.k, 0, klbits, Field::kSlot, 0)
      .route(ax.k, klbits, kbits - klbits, Field::kLane, mbits + bbits);
}
// gfx950 f8f6f4 A/B with 8- and 6-bit formats: a lane's 32 elements are two chunks of 16
// consecutive K, chunk c = g + G*(n/16) for lane group g of G = 64/M (k = 16g + 16G(n/16) + n%16)
// [DOC: AMD's CDNA4 matrix-core blog for 32x32x64 fp8; SRC: Triton's kWidth 16 for 16x16x128 and
// fp6]. fp4 keeps mfma_ab's 32 consecutive K per lane [DOC: the blog's fp4 example].
void f8f6_ab(BitLayout& L, Instruction const& in, Operand op) {
  auto const ax = ab_axes(op);
  int const mbits = lg(in.m), kbits = lg(in.k), gbits = 6 - mbits;
  L.route(ax.mn, 0, mbits, Field::kLane, 0)
      .route(ax.k, 0, 4, Field::kSlot, 0)
      .route(ax.k, 4, gbits, Field::kLane, mbits)
      .route(ax.k, 4 + gbits, kbits - 4 - gbits, Field::kSlot, 4);
}

// C/D (§5.2).
void mfma_cd(BitLayout& L, Instruction const& in) {
  int const mbits = lg(in.m), nbits = lg(in.n), bbits = lg(in.blocks);
  bool const f64 = in.cd == numeric::Format::kF64;
  L.route(Axis::kCol, 0, nbits, Field::kLane, 0);
  if (in.m == 4 && f64) { // pair 0; L = 16i + 4b + j
    L.route(Axis::kBlock, 0, bbits, Field::kLane, nbits).route(Axis::kRow, 0, 2, Field::kLane, 4);
  } else if (in.m == 4) { // r = i; L = 4b + j
    L.route(Axis::kRow, 0, 2, Field::kSlot, 0).route(Axis::kBlock, 0, bbits, Field::kLane, nbits);
  } else if (f64) { // pair i/4; L = 16(i mod 4) + j
    L.route(Axis::kRow, 0, 2, Field::kLane, nbits).route(Axis::kRow, 2, mbits - 2, Field::kSlot, 0);
  } else { // r = (MN/64) b + 4 floor(i/4G) + i mod 4; L = N (floor(i/4) mod G) + j
    int const gbits = 6 - nbits;
    int const high = mbits - 2 - gbits;
    L.route(Axis::kRow, 0, 2, Field::kSlot, 0)
        .route(Axis::kRow, 2, gbits, Field::kLane, nbits)
        .route(Axis::kRow, 2 + gbits, high, Field::kSlot, 2)
        .route(Axis::kBlock, 0, bbits, Field::kSlot, 2 + high);
  }
}

// --- gfx1250 (reference/gfx1250.md §5) -------------------------------------------------------
bool gfx1250_new(Instruction const& in) { return in.gen == Generation::kGfx1250 && !in.gfx12_form(); }

// Dense A/B: the K-chunk rule with S = 128/e consecutive K per chunk (f32 K=4: 2), FP6 S = 32
// (§5.1) [SRC CK5, RJ5, TRI]. The 32-row A of 32x16x128_f4 holds rows 16-31 in the upper half of
// its registers.
void gfx1250_ab(BitLayout& L, Instruction const& in, Operand op, int e) {
  auto const ax = ab_axes(op);
  int const s = e == 6 ? 32 : std::min(128 / e, in.k / 2);
  L.route(ax.mn, 0, 4, Field::kLane, 0);
  k_chunks(L, ax.k, lg(in.k), lg(s));
  int const mn = op == Operand::kA ? in.m : in.n;
  if (mn > 16) L.route(ax.mn, 4, lg(mn) - 4, Field::kSlot, lg(in.k) - 1);
}
// C/D: the gfx12 rule; the 32-row C/D of the f4 forms holds rows 16-31 in VGPRs 8-15 (§5.2).
void gfx1250_cd(BitLayout& L, Instruction const& in) {
  rdna4_cd(L);
  if (in.m > 16) L.route(Axis::kRow, 4, lg(in.m) - 4, Field::kSlot, 3);
}

// SMFMAC: dense K positions per lane chunk, T = M*K/64 (a lane holds T/2 stored A values): 128/e
// bits of A on gfx942 (§6.1), 256/e on the wider gfx950 forms (4 VGPRs of A).
int cdna_sparse_tbits(Instruction const& in) { return lg(in.m * in.k / 64); }

// BLGP: the register lane group each consumer lane group reads (§5.4).
constexpr std::array<std::array<uint8_t, 4>, 8> kBlgpGroups = {{
    {0, 1, 2, 3},
    {0, 1, 0, 1},
    {2, 3, 2, 3},
    {1, 2, 3, 0},
    {0, 0, 0, 0},
    {1, 1, 1, 1},
    {2, 2, 2, 2},
    {3, 3, 3, 3},
}};

// Adds the constant bits that select an index set above the set's own fields.
void select_index_set(BitLayout& L, int sets, int set) {
  if (set < 0 || set >= sets)
    throw std::invalid_argument(fmt::format("index set {} out of range 0..{}", set, sets - 1));
  int const field_bits = L.slot_bits();
  L.set_slot_bits(field_bits + lg(sets));
  if (sets > 1) L.set_slot_const(field_bits, lg(sets), static_cast<uint32_t>(set));
}

// A set fills 2^slot_bits two-bit fields; gfx1250's 8-bit index (64 bits, a VGPR pair) is one set.
int sets_of(BitLayout const& base) { return std::max(1, 32 / ((1 << base.slot_bits()) * 2)); }

// The index operand's routing before a set is selected.
BitLayout index_base(Instruction const& in, int wave) {
  BitLayout L = empty_layout(in, wave, Operand::kIndex, 2);
  int const e = numeric::storage_bits(in.a);
  bool const rdna = is_rdna(in.gen);
  // gfx1250: 16 (16-bit) or 32 (8-bit) two-bit entries of one row per lane, rows i and i+16 [SRC RJ5]
  int const tbits = gfx1250_new(in) ? lg(512 / e) : rdna ? lg(std::min(128 / e, in.k / 2)) : cdna_sparse_tbits(in);
  sparse_a(L, tbits, lg(in.k / 2), lg(in.m), rdna);
  if (rdna && wave == 64) {
    // The A operand decides: a one-VGPR A keeps the wave32 index (lanes 32-63 ignored);
    // otherwise the top field bit of a set moves to the upper half-wave (§4.2).
    if (vgprs(in, 32, Operand::kA) == 1)
      L.fix_lane_bits(1u << kHalfWaveBit, 0);
    else
      L.move_slot_bit_to_lane(L.slot_bits() - 1, kHalfWaveBit);
  }
  return L;
}

void check_shape(Instruction const& in, int wave, Operand op) {
  if (!in.has_wave(wave))
    throw std::invalid_argument(fmt::format("{} has no wave{} form on {}", in.mnemonic, wave, name(in.gen)));
  if (!in.has_operand(op))
    throw std::invalid_argument(
        op == Operand::kIndex
            ? fmt::format("{} has no sparsity index operand (K)", in.mnemonic)
            : fmt::format("{} has no scale operands (SA, SB): only v_mfma_scale_* and v_wmma_scale*_* have them",
                          in.mnemonic));
}

// The scale operands (one VGPR): the lane of the scaled A row / B column and K block holds its byte
// in the byte scale_sel selects. A lane's scale covers the 32 K positions of A (B) that it holds.
// gfx1250: row (column) i's bytes, in K-block order, fill lane i + 16 sel of one VGPR (scale) or a
// pair (scale16); the 32 rows of the f4 A use every lane (§5.3) [SRC TRI, CK5].
void scale_operand(BitLayout& L, Instruction const& in, Operand op, Modifiers const& mods) {
  int const mbits = lg(op == Operand::kScaleA ? in.m : in.n);
  Axis const mn = op == Operand::kScaleA ? Axis::kRow : Axis::kCol;
  Axis const kb = op == Operand::kScaleA ? Axis::kCol : Axis::kRow;
  if (in.gen == Generation::kGfx1250) {
    L.route(mn, 0, mbits, Field::kLane, 0).route(kb, 0, L.extent_bits(kb), Field::kSlot, 0);
    int const sel = mods.scale_sel[op == Operand::kScaleA ? 0 : 1];
    if (mbits == 4) L.fix_lane_bits(1u << kLaneGroupBit, static_cast<uint32_t>(sel) << kLaneGroupBit);
    return;
  }
  L.route(mn, 0, mbits, Field::kLane, 0).route(kb, 0, L.extent_bits(kb), Field::kLane, mbits);
  L.set_slot_bits(2).set_slot_const(0, 2, static_cast<uint32_t>(mods.scale_sel[op == Operand::kScaleA ? 0 : 1]));
}

} // namespace

int operand_elem_bits(Instruction const& in, Operand op, Modifiers const& mods) {
  return op == Operand::kIndex ? 2 : numeric::storage_bits(in.type_of(op, mods));
}

AxisNames axis_names(Instruction const& in, Operand op) {
  switch (op) {
  case Operand::kA:
    return {"b", "i", in.sparse() ? "c" : "k"};
  case Operand::kB:
    return {"b", "k", "j"};
  case Operand::kIndex:
    return {"b", "i", "c"};
  case Operand::kScaleA:
    return {"b", "i", "kb"};
  case Operand::kScaleB:
    return {"b", "kb", "j"};
  default:
    return {"b", "i", "j"};
  }
}

LayoutEvidence layout_evidence(Instruction const& in, Operand op) {
  using enum Evidence;
  bool const ab = op == Operand::kA || op == Operand::kB;
  switch (in.gen) {
  case Generation::kGfx11:
  case Generation::kGfx12:
  case Generation::kGfx908:
  case Generation::kGfx90a:
  case Generation::kGfx94x:
    return {kDoc, "AMD's matrix instruction calculator (docs/layouts.md)"};
  case Generation::kGfx950:
    if (in.sparse() && op == Operand::kIndex) return {kAssume, "the gfx942 index split (docs/layouts.md, CDNA4)"};
    if (ab && in.mod_rules().format_select)
      return {kSrc, "AMD's CDNA4 matrix-core blog (32x32x64), Triton, aiter (docs/layouts.md, gfx950 f8f6f4)"};
    return {kDoc, "CDNA4 ISA guide, LLVM widths, AMD's CDNA4 blog (docs/layouts.md)"};
  case Generation::kGfx1250:
    if (in.gfx12_form())
      return {kSrc,
              "the gfx12 layout (CALC) assumed on gfx1250; rocjitsu runs the gfx12 forms so (reference/gfx1250.md "
              "§2.4)"};
    switch (op) {
    case Operand::kC:
    case Operand::kD:
      return {kSrc, "rocjitsu, Composable Kernel, Triton: the gfx12 C/D rule (reference/gfx1250.md §5.2)"};
    case Operand::kIndex:
      return {kSrc,
              "rocjitsu after PR #10521 (Tensile kernels); ISA5 reportedly differs for 8-bit (reference/gfx1250.md "
              "§5.4, §5.7)"};
    case Operand::kScaleA:
    case Operand::kScaleB:
      return {kSrc, "Triton chooseScaledWmmaScaleLayout, Composable Kernel (reference/gfx1250.md §5.3)"};
    default:
      if (in.sparse()) return {kSrc, "rocjitsu after PR #10521 (Tensile kernels) (reference/gfx1250.md §5.4)"};
      if (in.k == 128 && numeric::storage_bits(in.a) == 8 && is_float(in.a) && !in.mod_rules().format_select)
        return {kSrc, "rocjitsu (S = 16, Tensile kernels); ISA5 as quoted and CK's default say S = 8: followed RJ5 "
                      "(docs/layouts.md, gfx1250)"};
      return {kSrc, "Composable Kernel, rocjitsu, Triton: the K-chunk rule (reference/gfx1250.md §5.1)"};
    }
  }
  return {kAssume, ""};
}

int index_sets(Instruction const& in, int wave) {
  if (!in.sparse()) return 1;
  return sets_of(index_base(in, wave));
}

BitLayout operand_layout(Instruction const& in, int wave, Operand op, Modifiers const& mods) {
  check_shape(in, wave, op);
  if (op == Operand::kIndex) {
    BitLayout L = index_base(in, wave);
    select_index_set(L, sets_of(L), selected_index_set(in, mods));
    return L;
  }
  int const e = operand_elem_bits(in, op, mods);
  BitLayout L = empty_layout(in, wave, op, e);
  if (op == Operand::kScaleA || op == Operand::kScaleB) {
    scale_operand(L, in, op, mods);
    return L;
  }
  bool const ab = op == Operand::kA || op == Operand::kB;
  switch (in.gen) {
  case Generation::kGfx11:
    if (ab)
      rdna3_ab(L, op);
    else
      rdna3_cd(L, wave, e == 16, mods.op_sel[2]);
    return L;
  case Generation::kGfx1250:
    if (!in.gfx12_form()) {
      if (op == Operand::kA && in.sparse())
        sparse_a(L, lg(256 / e), lg(in.k / 2), 4, true); // stored chunks of 128/e values (§5.4)
      else if (op == Operand::kB && in.sparse())
        k_chunks(L.route(Axis::kCol, 0, 4, Field::kLane, 0), Axis::kRow, lg(in.k), lg(256 / e)); // S = 256/e
      else if (ab)
        gfx1250_ab(L, in, op, e);
      else
        gfx1250_cd(L, in);
      return L;
    }
    [[fallthrough]]; // the gfx12 forms llvm-mc-22 also assembles for gfx1250: gfx12 layouts, wave32
  case Generation::kGfx12:
    if (op == Operand::kA && in.sparse())
      sparse_a(L, lg(std::min(128 / e, in.k / 2)), lg(in.k / 2), 4, true);
    else if (op == Operand::kB && in.sparse())
      swmmac_b(L, in, e);
    else if (ab)
      rdna4_ab(L, in, op, e);
    else
      rdna4_cd(L);
    if (wave == 64) fold_to_wave64(L);
    return L;
  case Generation::kGfx908:
  case Generation::kGfx90a:
  case Generation::kGfx94x:
  case Generation::kGfx950:
    if (in.sparse() && op == Operand::kA) {
      sparse_a(L, cdna_sparse_tbits(in), lg(in.k / 2), lg(in.m), false);
    } else if (in.sparse() && op == Operand::kB) {
      L.route(Axis::kCol, 0, lg(in.m), Field::kLane, 0);
      int const tbits = cdna_sparse_tbits(in);
      L.route(Axis::kRow, 0, tbits, Field::kSlot, 0).route(Axis::kRow, tbits, lg(in.k) - tbits, Field::kLane, lg(in.m));
    } else if (ab && in.mod_rules().format_select && e != 4) {
      f8f6_ab(L, in, op);
    } else if (ab) {
      mfma_ab(L, in, op);
      auto const& r = in.mod_rules();
      if (op == Operand::kA && r.broadcast_effect && mods.cbsz > 0) {
        int const mbits = lg(in.m);
        uint32_t const mask = ((1u << mods.cbsz) - 1) << mbits;
        L.drop(Axis::kBlock, 0, mods.cbsz).fix_lane_bits(mask, static_cast<uint32_t>(mods.abid) << mbits);
      }
      if (op == Operand::kB && r.blgp_effect) L.set_lane_group_map(kBlgpGroups[static_cast<size_t>(mods.blgp & 7)]);
    } else {
      mfma_cd(L, in);
    }
    return L;
  }
  throw std::logic_error("unknown generation");
}

int vgprs(Instruction const& in, int wave, Operand op, Modifiers const& mods) {
  return operand_layout(in, wave, op, mods).vgprs();
}

} // namespace wavemma::isa
