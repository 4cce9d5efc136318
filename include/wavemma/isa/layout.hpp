#pragma once
// Operand layouts as data.
//
// Every AMD matrix operand layout of the catalog is a *bit routing*: each binary digit of a matrix
// coordinate (block b, row, col) lands on one binary digit of a place (lane L, or n, the element's
// index within the lane's slice of the operand). A few extra rules complete the picture:
//   - lane bits that no coordinate bit reaches are either *replicated* (RDNA3 A/B: the tile sits in
//     every 16-lane group) or *fixed* (the operand is only read where the bit has a given value: the
//     ignored upper half-wave of 1-VGPR RDNA4 wave64 operands, the A block picked by CBSZ/ABID);
//   - coordinate bits that reach no place bit are *dropped* (a CBSZ broadcast: several blocks read
//     the same A block);
//   - slot bits that no coordinate reaches are *constant* (RDNA3 OPSEL half, SWMMAC index_key set);
//   - a lane-group map (BLGP) says which 16-lane group of the register a lane reads.
// The element occupies bits [lo, lo+e) of VGPR r with r = floor(n*e/32), lo = (n*e) mod 32
// (64-bit elements: the VGPR pair r, r+1). Both directions, the printed formulas, the CSV and the
// SVG pictures are all computed from one BitLayout; nothing is written twice.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace wavemma::isa {

// A matrix coordinate of an operand. A: row = i, col = k. B: row = k, col = j. C, D: row = i,
// col = j. Sparse A (compressed) and the index: row = i, col = stored position c.
struct Coord {
  int block = 0;
  int row = 0;
  int col = 0;
  friend bool operator==(Coord const&, Coord const&) = default;
  friend auto operator<=>(Coord const&, Coord const&) = default;
};

// A place in the register image: VGPR offset within the operand's register tuple, lane, and the
// inclusive bit range within that VGPR (a 64-bit element: the first VGPR of its pair, bits 0..63).
struct Place {
  int vgpr = 0;
  int lane = 0;
  int bit_lo = 0;
  int bit_hi = 0;
  friend bool operator==(Place const&, Place const&) = default;
  friend auto operator<=>(Place const&, Place const&) = default;
};

enum class Axis : uint8_t { kBlock, kRow, kCol };
enum class Field : uint8_t { kNone, kLane, kSlot };

// Where one coordinate bit goes.
struct Dest {
  Field field = Field::kNone; // kNone: the bit is dropped (broadcast)
  uint8_t bit = 0;
};

class BitLayout {
public:
  static constexpr int kMaxBits = 8;

  // Extents are powers of two: 2^block_bits blocks of 2^row_bits x 2^col_bits elements.
  BitLayout(int elem_bits, int wave, int block_bits, int row_bits, int col_bits);

  // Builder: route `count` consecutive bits of `axis` starting at `src_bit` to consecutive bits
  // of `field` starting at `dst_bit`.
  BitLayout& route(Axis axis, int src_bit, int count, Field field, int dst_bit);
  BitLayout& drop(Axis axis, int src_bit, int count);               // broadcast: bit reaches nothing
  BitLayout& fix_lane_bits(uint32_t mask, uint32_t value);          // operand read only where lane & mask == value
  BitLayout& set_slot_const(int bit, int count, uint32_t value);    // constant slot bits (OPSEL, index set)
  BitLayout& set_lane_group_map(std::array<uint8_t, 4> const& map); // BLGP (wave64, groups of 16 lanes)
  // Declare how many slot bits the operand spans (n < 2^slot_bits); defaults to the highest used bit.
  BitLayout& set_slot_bits(int bits);

  // Moves whatever reaches slot bit `slot_bit` to lane bit `lane_bit` (RDNA4 wave64 fold rule) and
  // renumbers the slot bits above it down by one.
  BitLayout& move_slot_bit_to_lane(int slot_bit, int lane_bit);

  // --- queries -------------------------------------------------------------------------------
  int elem_bits() const { return elem_bits_; }
  int wave() const { return 1 << wave_bits_; }
  int extent(Axis a) const { return 1 << extent_bits_[static_cast<int>(a)]; }
  int extent_bits(Axis a) const { return extent_bits_[static_cast<int>(a)]; }
  int blocks() const { return extent(Axis::kBlock); }
  int rows() const { return extent(Axis::kRow); }
  int cols() const { return extent(Axis::kCol); }
  int slot_bits() const; // n < 2^slot_bits
  int vgprs() const;     // registers per lane spanned by the operand
  Dest dest(Axis a, int bit) const { return dest_[static_cast<int>(a)][bit]; }
  uint32_t replicated_lane_mask() const; // lane bits that hold copies
  uint32_t fixed_lane_mask() const { return lane_fixed_mask_; }
  uint32_t fixed_lane_value() const { return lane_fixed_value_; }
  uint32_t slot_const_mask() const { return slot_const_mask_; }
  uint32_t slot_const_value() const { return slot_const_value_; }
  std::array<uint8_t, 4> const& lane_group_map() const { return lane_group_map_; }
  bool has_lane_group_map() const;

  // Forward: every place that holds (or is read for) the element. Several for replication.
  std::vector<Place> places(Coord) const;
  // The first such place (the one a lane in group 0 reads).
  Place place(Coord c) const { return places(c).front(); }
  // Inverse: every element held in (vgpr, lane), ordered by bit position. Empty for unused places.
  std::vector<std::pair<Coord, Place>> elements(int vgpr, int lane) const;
  // Coverage helper: number of (element, place) pairs.
  long count_places() const;

private:
  // The base lane (before the lane-group map) and slot of a coordinate, ignoring replication.
  void base(Coord c, uint32_t& lane, uint32_t& slot) const;

  int elem_bits_;
  int wave_bits_;
  std::array<int, 3> extent_bits_{};
  std::array<std::array<Dest, kMaxBits>, 3> dest_{};
  uint32_t lane_routed_mask_ = 0;
  uint32_t lane_fixed_mask_ = 0, lane_fixed_value_ = 0;
  uint32_t slot_routed_mask_ = 0;
  uint32_t slot_const_mask_ = 0, slot_const_value_ = 0;
  int slot_bits_ = -1;
  std::array<uint8_t, 4> lane_group_map_{0, 1, 2, 3};
};

// Printed formulas, derived from the routing. Expressions use C integer arithmetic ('/' is floor
// division of non-negative values) so they can be pasted into a kernel.
struct Formulas {
  std::string lane, vgpr, bits;     // forward: element -> place
  std::vector<std::string> inverse; // "i = lane%16", "k = ...", per coordinate
  std::vector<std::string> notes;   // replication, ignored lanes, modifiers
};
// Coordinate variable names of an operand, e.g. {"b", "i", "k"} for A.
struct AxisNames {
  std::string block = "b", row = "i", col = "k";
};
Formulas formulas(BitLayout const&, AxisNames const&);

} // namespace wavemma::isa
