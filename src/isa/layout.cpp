#include "wavemma/isa/layout.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <fmt/format.h>
#include <stdexcept>

namespace wavemma::isa {
namespace {

int log2_exact(int v) {
  if (v <= 0 || !std::has_single_bit(static_cast<unsigned>(v)))
    throw std::logic_error(fmt::format("layout extent {} is not a power of two", v));
  return std::countr_zero(static_cast<unsigned>(v));
}

int axis_index(Axis a) { return static_cast<int>(a); }

} // namespace

BitLayout::BitLayout(int elem_bits, int wave, int block_bits, int row_bits, int col_bits)
    : elem_bits_(elem_bits), wave_bits_(log2_exact(wave)), extent_bits_{block_bits, row_bits, col_bits} {
  // Elements are powers of two, or the 6 bits of fp6/bf6, which may cross a VGPR boundary.
  if (elem_bits != 6) log2_exact(elem_bits);
  for (int b : extent_bits_)
    if (b < 0 || b > kMaxBits) throw std::logic_error("layout extent out of range");
}

BitLayout& BitLayout::route(Axis axis, int src_bit, int count, Field field, int dst_bit) {
  auto& row = dest_[axis_index(axis)];
  for (int t = 0; t < count; ++t) {
    int const s = src_bit + t, d = dst_bit + t;
    if (s >= extent_bits(axis)) throw std::logic_error("route from a bit beyond the extent");
    row[s] = Dest{field, static_cast<uint8_t>(d)};
    uint32_t const bit = 1u << d;
    if (field == Field::kLane) {
      if (d >= wave_bits_ || (lane_routed_mask_ & bit)) throw std::logic_error("lane bit routed twice");
      lane_routed_mask_ |= bit;
    } else if (field == Field::kSlot) {
      if (slot_routed_mask_ & bit) throw std::logic_error("slot bit routed twice");
      slot_routed_mask_ |= bit;
    }
  }
  return *this;
}

BitLayout& BitLayout::drop(Axis axis, int src_bit, int count) {
  for (int t = 0; t < count; ++t) {
    Dest& d = dest_[axis_index(axis)][src_bit + t];
    if (d.field == Field::kLane) lane_routed_mask_ &= ~(1u << d.bit);
    if (d.field == Field::kSlot) slot_routed_mask_ &= ~(1u << d.bit);
    d = Dest{};
  }
  return *this;
}

BitLayout& BitLayout::fix_lane_bits(uint32_t mask, uint32_t value) {
  lane_fixed_mask_ |= mask;
  lane_fixed_value_ = (lane_fixed_value_ & ~mask) | (value & mask);
  return *this;
}

BitLayout& BitLayout::set_slot_const(int bit, int count, uint32_t value) {
  uint32_t const mask = ((1u << count) - 1) << bit;
  slot_const_mask_ |= mask;
  slot_const_value_ = (slot_const_value_ & ~mask) | ((value << bit) & mask);
  return *this;
}

BitLayout& BitLayout::set_lane_group_map(std::array<uint8_t, 4> const& map) {
  lane_group_map_ = map;
  return *this;
}

BitLayout& BitLayout::set_slot_bits(int bits) {
  slot_bits_ = bits;
  return *this;
}

BitLayout& BitLayout::move_slot_bit_to_lane(int slot_bit, int lane_bit) {
  uint32_t const lane_mask = 1u << lane_bit;
  if ((lane_routed_mask_ | lane_fixed_mask_) & lane_mask) throw std::logic_error("fold target lane bit already used");
  int const top = slot_bits();
  for (auto& row : dest_)
    for (Dest& d : row) {
      if (d.field != Field::kSlot) continue;
      if (d.bit == slot_bit) {
        d = Dest{Field::kLane, static_cast<uint8_t>(lane_bit)};
        lane_routed_mask_ |= lane_mask;
      } else if (d.bit > slot_bit) {
        --d.bit;
      }
    }
  auto squeeze = [slot_bit](uint32_t v) {
    uint32_t const low = v & ((1u << slot_bit) - 1);
    return low | ((v >> (slot_bit + 1)) << slot_bit);
  };
  if (slot_const_mask_ & (1u << slot_bit)) throw std::logic_error("cannot fold a constant slot bit");
  slot_routed_mask_ = squeeze(slot_routed_mask_);
  slot_const_value_ = squeeze(slot_const_value_);
  slot_const_mask_ = squeeze(slot_const_mask_);
  slot_bits_ = top - 1;
  return *this;
}

int BitLayout::slot_bits() const {
  if (slot_bits_ >= 0) return slot_bits_;
  uint32_t const used = slot_routed_mask_ | slot_const_mask_;
  return used ? 32 - std::countl_zero(used) : 0;
}

int BitLayout::vgprs() const {
  long const bits = (1L << slot_bits()) * elem_bits_;
  return static_cast<int>(std::max(1L, (bits + 31) / 32));
}

uint32_t BitLayout::replicated_lane_mask() const {
  uint32_t const all = (1u << wave_bits_) - 1;
  return all & ~lane_routed_mask_ & ~lane_fixed_mask_;
}

bool BitLayout::has_lane_group_map() const { return lane_group_map_ != std::array<uint8_t, 4>{0, 1, 2, 3}; }

void BitLayout::base(Coord c, uint32_t& lane, uint32_t& slot) const {
  lane = lane_fixed_value_;
  slot = slot_const_value_;
  int const values[3] = {c.block, c.row, c.col};
  for (int a = 0; a < 3; ++a)
    for (int s = 0; s < extent_bits_[a]; ++s) {
      Dest const d = dest_[a][s];
      uint32_t const v = (static_cast<uint32_t>(values[a]) >> s) & 1u;
      if (d.field == Field::kLane) lane |= v << d.bit;
      if (d.field == Field::kSlot) slot |= v << d.bit;
    }
}

std::vector<Place> BitLayout::places(Coord c) const {
  if (c.block < 0 || c.block >= blocks() || c.row < 0 || c.row >= rows() || c.col < 0 || c.col >= cols())
    throw std::out_of_range(fmt::format("element ({},{},{}) outside the {}x{}x{} operand", c.block, c.row, c.col,
                                        blocks(), rows(), cols()));
  uint32_t lane0, slot;
  base(c, lane0, slot);
  long const bitpos = static_cast<long>(slot) * elem_bits_;
  int const vgpr = static_cast<int>(bitpos / 32);
  int const lo = static_cast<int>(bitpos % 32);
  std::vector<Place> out;
  uint32_t const rep = replicated_lane_mask();
  // Enumerate every subset of the replicated lane bits.
  for (uint32_t sub = rep;; sub = (sub - 1) & rep) {
    uint32_t consumer = lane0 | sub;
    uint32_t reg_lane = consumer;
    if (has_lane_group_map())
      reg_lane = (static_cast<uint32_t>(lane_group_map_[(consumer >> 4) & 3]) << 4) | (consumer & 15u);
    out.push_back(Place{vgpr, static_cast<int>(reg_lane), lo, lo + elem_bits_ - 1});
    if (sub == 0) break;
  }
  std::sort(out.begin(), out.end(), [](Place const& x, Place const& y) { return x.lane < y.lane; });
  return out;
}

std::vector<std::pair<Coord, Place>> BitLayout::elements(int vgpr, int lane) const {
  std::vector<std::pair<Coord, Place>> out;
  if (vgpr < 0 || vgpr >= vgprs() || lane < 0 || lane >= wave()) return out;
  // Element slots n held in this VGPR.
  std::vector<uint32_t> slots;
  if (elem_bits_ > 32) {
    if (vgpr % (elem_bits_ / 32) == 0) slots.push_back(static_cast<uint32_t>(vgpr / (elem_bits_ / 32)));
  } else {
    // The elements that start in this VGPR (an fp6 element may end in the next one).
    for (int n = (vgpr * 32 + elem_bits_ - 1) / elem_bits_; n * elem_bits_ < (vgpr + 1) * 32; ++n)
      slots.push_back(static_cast<uint32_t>(n));
  }
  // Consumer lanes that read register lane `lane`.
  std::vector<uint32_t> consumers;
  if (has_lane_group_map()) {
    for (uint32_t g = 0; g < 4; ++g)
      if (lane_group_map_[g] == static_cast<uint32_t>(lane >> 4)) consumers.push_back((g << 4) | (lane & 15));
  } else {
    consumers.push_back(static_cast<uint32_t>(lane));
  }
  // Dropped coordinate bits: every value shares the place.
  std::vector<std::pair<int, int>> dropped; // (axis, bit)
  for (int a = 0; a < 3; ++a)
    for (int s = 0; s < extent_bits_[a]; ++s)
      if (dest_[a][s].field == Field::kNone) dropped.emplace_back(a, s);

  for (uint32_t n : slots) {
    if (n >= (1u << slot_bits())) continue;
    if ((n & slot_const_mask_) != slot_const_value_) continue;
    for (uint32_t consumer : consumers) {
      if ((consumer & lane_fixed_mask_) != lane_fixed_value_) continue;
      int values[3] = {0, 0, 0};
      for (int a = 0; a < 3; ++a)
        for (int s = 0; s < extent_bits_[a]; ++s) {
          Dest const d = dest_[a][s];
          uint32_t const src = d.field == Field::kLane ? consumer : n;
          if (d.field != Field::kNone) values[a] |= static_cast<int>((src >> d.bit) & 1u) << s;
        }
      long const bitpos = static_cast<long>(n) * elem_bits_;
      Place const p{vgpr, lane, static_cast<int>(bitpos % 32), static_cast<int>(bitpos % 32) + elem_bits_ - 1};
      for (uint32_t combo = 0; combo < (1u << dropped.size()); ++combo) {
        int v[3] = {values[0], values[1], values[2]};
        for (size_t t = 0; t < dropped.size(); ++t)
          v[dropped[t].first] |= static_cast<int>((combo >> t) & 1u) << dropped[t].second;
        out.emplace_back(Coord{v[0], v[1], v[2]}, p);
      }
    }
  }
  std::sort(out.begin(), out.end(), [](auto const& x, auto const& y) {
    return std::tie(x.second.bit_lo, x.first) < std::tie(y.second.bit_lo, y.first);
  });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

long BitLayout::count_places() const {
  long total = 0;
  for (int b = 0; b < blocks(); ++b)
    for (int r = 0; r < rows(); ++r)
      for (int c = 0; c < cols(); ++c) total += static_cast<long>(places({b, r, c}).size());
  return total;
}

} // namespace wavemma::isa
