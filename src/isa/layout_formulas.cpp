// Printed formulas of a BitLayout: runs of consecutive coordinate bits that land on consecutive
// place bits become one term such as 16*((k/4)%2).

#include <algorithm>
#include <bit>
#include <fmt/format.h>

#include "wavemma/isa/layout.hpp"

namespace wavemma::isa {
namespace {

// kSlotF: the element's index n in the lane's tuple, for widths that do not divide 32 (fp6), whose
// VGPR and bit offset are 6n/32 and 6n%32.
enum PlaceField { kLaneF, kVgprF, kBitF, kSlotF, kNumFields };
constexpr char const* kFieldVar[kNumFields] = {"lane", "vgpr", "bit", "n"};

struct PlaceBit {
  PlaceField field;
  int bit;
};

int ilog2(int v) { return std::countr_zero(static_cast<unsigned>(v)); }

// Slot bit t of an element of e bits lands on a bit of the VGPR index or of the bit offset.
PlaceBit slot_place(int t, int e) {
  if (32 % e != 0 && e < 32) return {kSlotF, t};
  if (e > 32) return {kVgprF, t + ilog2(e / 32)};
  int const per_reg = ilog2(32 / e);
  return t < per_reg ? PlaceBit{kBitF, t + ilog2(e)} : PlaceBit{kVgprF, t - per_reg};
}

PlaceBit place_of(Dest d, int e) { return d.field == Field::kLane ? PlaceBit{kLaneF, d.bit} : slot_place(d.bit, e); }

// (x >> s) mod 2^len, written for people: x, x%4, x/8, (x/4)%2.
std::string extract(std::string const& x, int s, int len, int x_bits) {
  bool const to_top = s + len >= x_bits;
  if (s == 0) return to_top ? x : fmt::format("{}%{}", x, 1 << len);
  if (to_top) return fmt::format("{}/{}", x, 1 << s);
  return fmt::format("({}/{})%{}", x, 1 << s, 1 << len);
}

std::string scaled(std::string inner, int shift) {
  if (shift == 0) return inner;
  bool const compound = inner.find_first_of("/%") != std::string::npos;
  return compound ? fmt::format("{}*({})", 1 << shift, inner) : fmt::format("{}*{}", 1 << shift, inner);
}

struct Term {
  int order;
  std::string text;
};

std::string join(std::vector<Term> terms, long constant) {
  std::sort(terms.begin(), terms.end(), [](Term const& a, Term const& b) { return a.order < b.order; });
  std::string out;
  for (auto const& t : terms) out += (out.empty() ? "" : " + ") + t.text;
  if (constant != 0 || out.empty()) out += (out.empty() ? "" : " + ") + std::to_string(constant);
  return out;
}

std::string bit_list(uint32_t mask) {
  std::string out;
  for (int b = 0; b < 32; ++b)
    if (mask & (1u << b)) out += (out.empty() ? "" : ",") + std::to_string(b);
  return out;
}

} // namespace

Formulas formulas(BitLayout const& L, AxisNames const& names) {
  std::string const axis_var[3] = {names.block, names.row, names.col};
  int const e = L.elem_bits();
  int const field_bits[kNumFields] = {
      ilog2(L.wave()), std::max(1, static_cast<int>(std::bit_width(static_cast<unsigned>(L.vgprs() - 1)))), 5,
      L.slot_bits()};

  // Forward: per place field, the runs of coordinate bits reaching it.
  std::vector<Term> fwd[kNumFields];
  std::vector<Term> inv[3];
  std::vector<std::string> notes;
  for (int a = 0; a < 3; ++a) {
    int const bits = L.extent_bits(static_cast<Axis>(a));
    for (int s = 0; s < bits;) {
      Dest const d0 = L.dest(static_cast<Axis>(a), s);
      int len = 1;
      if (d0.field == Field::kNone) {
        while (s + len < bits && L.dest(static_cast<Axis>(a), s + len).field == Field::kNone) ++len;
        inv[a].push_back({s, scaled("t", s)});
        notes.push_back(fmt::format("{0}: {1} values of {0} share each place (broadcast); t = 0..{2} in the inverse",
                                    axis_var[a], 1 << len, (1 << len) - 1));
        s += len;
        continue;
      }
      PlaceBit const p0 = place_of(d0, e);
      while (s + len < bits) {
        Dest const dn = L.dest(static_cast<Axis>(a), s + len);
        if (dn.field == Field::kNone) break;
        PlaceBit const pn = place_of(dn, e);
        if (pn.field != p0.field || pn.bit != p0.bit + len) break;
        ++len;
      }
      fwd[p0.field].push_back({p0.bit, scaled(extract(axis_var[a], s, len, bits), p0.bit)});
      inv[a].push_back({s, scaled(extract(kFieldVar[p0.field], p0.bit, len, field_bits[p0.field]), s)});
      s += len;
    }
  }

  // Constants: fixed lane bits, constant slot bits.
  long constants[kNumFields] = {static_cast<long>(L.fixed_lane_value()), 0, 0, 0};
  for (int t = 0; t < 32; ++t)
    if (L.slot_const_value() & (1u << t)) {
      PlaceBit const p = slot_place(t, e);
      constants[p.field] += 1L << p.bit;
    }

  Formulas f;
  f.lane = join(fwd[kLaneF], constants[kLaneF]);
  f.vgpr = join(fwd[kVgprF], constants[kVgprF]);
  std::string const lo = join(fwd[kBitF], constants[kBitF]);
  if (32 % e != 0 && e < 32) { // fp6: by the element index n, which may straddle two VGPRs
    std::string const n = join(fwd[kSlotF], constants[kSlotF]);
    f.vgpr = fmt::format("{}*n/32, n = {}", e, n);
    f.bits = fmt::format("[{0}*n%32+{1} : {0}*n%32] (past bit 31: into vgpr+1)", e, e - 1);
    notes.push_back(fmt::format("n = ({}*vgpr + bit_lo)/{} in the inverse (bit_lo: the element's first bit)", 32, e));
  } else if (e > 32)
    f.bits = fmt::format("[{}:0] of the VGPR pair vgpr, vgpr+1", e - 1);
  else
    f.bits = lo == "0"                             ? fmt::format("[{}:0]", e - 1)
             : lo.find(" + ") == std::string::npos ? fmt::format("[{}+{} : {}]", lo, e - 1, lo)
                                                   : fmt::format("[({})+{} : {}]", lo, e - 1, lo);

  for (int a = 0; a < 3; ++a)
    if (L.extent_bits(static_cast<Axis>(a)) > 0) f.inverse.push_back(axis_var[a] + " = " + join(inv[a], 0));

  uint32_t const rep = L.replicated_lane_mask();
  if (rep)
    f.notes.push_back(fmt::format("replicated: lane bit(s) {} are free, so every element is held in {} lanes "
                                  "(lane + any combination of those bits)",
                                  bit_list(rep), 1 << std::popcount(rep)));
  if (L.fixed_lane_mask())
    f.notes.push_back(fmt::format("only lanes with (lane & {:#x}) == {:#x} hold this operand; the others are ignored",
                                  L.fixed_lane_mask(), L.fixed_lane_value()));
  if (L.has_lane_group_map()) {
    auto const& m = L.lane_group_map();
    f.notes.push_back(fmt::format("BLGP: lane L reads its value from register lane 16*g[L/16] + L%16 with "
                                  "g = [{},{},{},{}]",
                                  m[0], m[1], m[2], m[3]));
  }
  f.notes.insert(f.notes.end(), notes.begin(), notes.end());
  return f;
}

} // namespace wavemma::isa
