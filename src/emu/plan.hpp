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
  std::vector<uint32_t> word;  // copies x elements: vgpr * wave + lane
  std::vector<uint8_t> shift;  // copies x elements: bit_lo
};

struct Plan {
  Issue issue;
  numeric::Model model;
  int blocks, m, n, k, kc; // kc: stored K (sparse: K/2)
  bool sparse;
  // Register gathers through the modifier-aware layouts.
  Gather a, b, c, d, index;
  std::vector<uint8_t> d_group;  // lane group of each D element's place (selects the A/B copy)
  // Matrix path: element of the user's matrix that each consumed element reads (broadcasts).
  std::vector<uint32_t> a_source, b_source;
  bool a_identity = true, b_identity = true;
  // Float A/B elements in the high half of their VGPR take NEG_HI instead of NEG.
  std::vector<uint8_t> a_high, b_high;
};

Plan const& plan_for(Issue const&);
Gather make_gather(isa::BitLayout const&);
// The layout an operand's values are placed with: the issue's placement modifiers (OPSEL half,
// index set) but not its broadcasts (CBSZ/ABID on A, BLGP on B), which move data between elements.
isa::BitLayout placement_layout(Issue const&, isa::Operand);

// Operands after the value modifiers (NEG/NEG_HI halves of float A/B, |C| then -C, f64 neg:[a,b,c]):
// the inputs themselves where nothing changes, otherwise per-thread copies.
struct Operands {
  uint64_t const *a, *b, *c;
};
Operands apply_value_modifiers(Plan const&, uint64_t const* a, uint64_t const* b, uint64_t const* c);

// The arithmetic shared by both paths: A (blocks x m x kc), B (blocks x k x n), C, index, all raw
// and already gathered/broadcast; applies the value modifiers and runs the engine.
void compute(Plan const&, uint64_t const* a, uint64_t const* b, uint64_t const* c, uint64_t const* index,
             uint64_t* d);

} // namespace wavemma::emu::detail
