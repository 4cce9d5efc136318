#pragma once
// A plan: everything about an issued instruction that does not depend on the data, computed once
// from the catalog's layouts and cached per thread.

#include <array>
#include <vector>

#include "wavemma/emu/emulator.hpp"

namespace wavemma::emu::detail {

// Where each element of an operand sits in its register image, in element order
// (block, row, col). `copies` > 1 for replicated operands (RDNA3 A/B): copy g is the place in
// lane group g.
struct Gather {
  int elem_bits = 0;
  int vgprs = 0;
  int copies = 1;
  std::vector<uint32_t> word; // copies x elements: vgpr * wave + lane
  std::vector<uint8_t> shift; // copies x elements: bit_lo
  int wave = 0;
  // The same places for lane-major words (lane * stride + vgpr), made for the last stride asked,
  // and as runs: elements dst .. dst + len - 1 in consecutive fields from bit `bit` of the words
  // (a lane's elements lie in order in its VGPRs, so a gather copies runs rather than elements).
  struct Run {
    uint32_t dst, bit, len;
  };
  mutable int lane_stride = 0;
  mutable std::vector<uint32_t> lane_word;
  mutable std::vector<Run> lane_runs;
  mutable std::vector<uint32_t> run_begin; // copy c's runs: [run_begin[c], run_begin[c + 1])
  mutable bool runs_pay = false;           // runs average at least 4 elements (else: the table)
  // 32-bit elements: for each lane-major word (lane * vgprs + vgpr, the stride = vgprs), the
  // element it holds plus one, 0 for none: a scatter in the order of the words it writes.
  mutable std::vector<uint32_t> word_source;
};
// The places of a gather in lane-major words of the given row stride (lane_word, lane_runs).
Gather const& lane_major(Gather const&, int stride);

struct Plan {
  Issue issue;
  numeric::Model model;
  int blocks, m, n, k, kc; // kc: stored K (sparse: K/2)
  bool sparse;
  bool scaled = false; // gfx950 v_mfma_scale_*: scale_a (M x K/32) and scale_b (K/32 x N) gathers
  // Register gathers through the modifier-aware layouts. B's places are in column order (column j
  // of every block, then the next column): the order the register paths hand B to the engine in.
  Gather a, b, c, d, index, scale_a, scale_b;
  std::vector<uint8_t> d_group; // lane group of each D element's place (selects the A/B copy)
  bool d_covers_all = false;    // D's places cover every bit of its registers
  // Multi-block: the blocks stacked row-wise, row (block, i) reads B rows block * k + 0..k-1.
  std::vector<uint32_t> block_rows;
  // Matrix path: element of the user's matrix that each consumed element reads (broadcasts).
  std::vector<uint32_t> a_source, b_source;
  bool a_identity = true, b_identity = true;
  // Float A/B elements in the high half of their VGPR take NEG_HI instead of NEG.
  std::vector<uint8_t> a_high, b_high, b_high_cols;
};

Plan const& plan_for(Issue const&);
Gather make_gather(isa::BitLayout const&);
// The layout an operand's values are placed with: the issue's placement modifiers (OPSEL half,
// index set) but not its broadcasts (CBSZ/ABID on A, BLGP on B), which move data between elements.
isa::BitLayout placement_layout(Issue const&, isa::Operand);

// The value modifiers in effect, one bit per operand (A, B, C): NEG and NEG_HI of float RDNA
// instructions, the f64 neg:[a,b,c] bits. Zero when the operands go to the engine unchanged.
struct ValueModifiers {
  uint8_t lo = 0, hi = 0, f64_neg = 0;
  bool any() const { return (lo | hi | f64_neg) != 0; }
};
ValueModifiers value_modifiers(Plan const&);

// Operands after the value modifiers (NEG/NEG_HI halves of float A/B, |C| then -C, f64 neg:[a,b,c]):
// the inputs themselves where nothing changes, otherwise per-thread copies.
struct Operands {
  uint64_t const *a, *b, *c;
};
Operands apply_value_modifiers(Plan const&, uint64_t const* a, uint64_t const* b, uint64_t const* c,
                               bool b_by_columns = false);

// The arithmetic shared by both paths: A (blocks x m x kc), B (blocks x k x n, or by columns: n x
// blocks x k), C, index, all raw and already gathered/broadcast; applies the value modifiers and
// runs the engine.
// Scaled instructions: scales.a (m x K/32) and scales.b (K/32 x n), the E8M0 bytes in element order.
struct Scales {
  uint64_t const *a = nullptr, *b = nullptr;
};
void compute(Plan const&, uint64_t const* a, uint64_t const* b, uint64_t const* c, uint64_t const* index, uint64_t* d,
             bool b_by_columns = false, Scales scales = {});

} // namespace wavemma::emu::detail
