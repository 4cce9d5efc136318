// Layouts: every operand of every row at every wave size and data-moving modifier value against an
// independent transcription of the formulas of docs/reference/layouts.md (which were checked
// against CALC's tables element by element), plus coverage and round-trip properties.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "support/layout_reference.hpp"
#include "wavemma/isa/instruction.hpp"

namespace wavemma::isa {
namespace {

using test::modifier_variants;
using test::reference;

std::string label(Instruction const& in, int wave, Operand op, Modifiers const& m) {
  return std::string(name(in.gen)) + " " + std::string(in.mnemonic) + " w" + std::to_string(wave) + " " +
         std::string(name(op)) + " opsel=" + std::to_string(m.op_sel[2]) + " key=" + std::to_string(m.index_key) +
         " cbsz=" + std::to_string(m.cbsz) + " abid=" + std::to_string(m.abid) + " blgp=" + std::to_string(m.blgp) +
         " scale_sel=" + std::to_string(m.scale_sel[0]) + "," + std::to_string(m.scale_sel[1]);
}

TEST(Layout, EveryElementOfEveryOperandMatchesTheReferenceFormulas) {
  long checked = 0, configs = 0;
  for (auto const& in : catalog())
    for (int wave : in.wave_sizes())
      for (Operand op : kOperands) {
        if (!in.has_operand(op)) continue;
        for (auto const& mods : modifier_variants(in, wave, op)) {
          BitLayout const L = operand_layout(in, wave, op, mods);
          ++configs;
          for (int b = 0; b < L.blocks(); ++b)
            for (int r = 0; r < L.rows(); ++r)
              for (int c = 0; c < L.cols(); ++c) {
                Coord const co{b, r, c};
                auto const want = reference(in, wave, op, co, mods);
                auto const got = L.places(co);
                ASSERT_EQ(got, want) << label(in, wave, op, mods) << " element (" << b << "," << r << "," << c << ")";
                ++checked;
              }
        }
      }
  std::cout << "[layout] " << configs << " operand layouts, " << checked << " elements checked against layouts.md\n";
  EXPECT_GT(checked, 190000);
}

// Coverage: each element has a place; places are unique unless the layout declares sharing
// (replication, CBSZ broadcast, BLGP); the register count matches what the places use; and
// element -> place -> element round-trips through the inverse.
TEST(Layout, CoverageAndRoundTrip) {
  for (auto const& in : catalog())
    for (int wave : in.wave_sizes())
      for (Operand op : kOperands) {
        if (!in.has_operand(op)) continue;
        for (auto const& mods : modifier_variants(in, wave, op)) {
          SCOPED_TRACE(label(in, wave, op, mods));
          BitLayout const L = operand_layout(in, wave, op, mods);
          bool const sharing = L.has_lane_group_map() || mods.cbsz > 0;
          int const copies = 1 << std::popcount(L.replicated_lane_mask());
          std::map<std::tuple<int, int, int>, int> owners;
          int max_vgpr = 0;
          for (int b = 0; b < L.blocks(); ++b)
            for (int r = 0; r < L.rows(); ++r)
              for (int c = 0; c < L.cols(); ++c) {
                auto const places = L.places({b, r, c});
                ASSERT_EQ(static_cast<int>(places.size()), copies);
                for (auto const& p : places) {
                  ASSERT_LT(p.lane, wave);
                  ASSERT_EQ(p.bit_hi - p.bit_lo + 1, L.elem_bits());
                  max_vgpr = std::max(max_vgpr, p.vgpr + (L.elem_bits() > 32 ? 1 : 0));
                  ++owners[{p.vgpr, p.lane, p.bit_lo}];
                  auto const back = L.elements(p.vgpr, p.lane);
                  bool found = std::any_of(back.begin(), back.end(),
                                           [&](auto const& x) { return x.first == Coord{b, r, c} && x.second == p; });
                  ASSERT_TRUE(found) << "inverse misses element (" << b << "," << r << "," << c << ")";
                }
              }
          if (!sharing)
            for (auto const& [place, n] : owners) ASSERT_EQ(n, 1) << "place shared without a declared broadcast";
          EXPECT_LE(max_vgpr + 1, L.vgprs());
          // Inverse -> forward: every element the inverse names has that place.
          for (int v = 0; v < L.vgprs(); ++v)
            for (int lane = 0; lane < wave; ++lane)
              for (auto const& [co, p] : L.elements(v, lane)) {
                auto const places = L.places(co);
                ASSERT_TRUE(std::find(places.begin(), places.end(), p) != places.end());
              }
        }
      }
}

// Dense operands fill their registers completely (no hole), except the declared cases: RDNA3
// 16-bit C/D use one half, 1-VGPR RDNA4 wave64 operands ignore lanes 32-63, index sets use part
// of the index VGPR.
TEST(Layout, DenseOperandsUseEveryBitOfTheirRegisters) {
  for (auto const& in : catalog())
    for (int wave : in.wave_sizes())
      for (Operand op : {Operand::kA, Operand::kB, Operand::kD}) {
        BitLayout const L = operand_layout(in, wave, op);
        long const used_bits = static_cast<long>(L.rows()) * L.cols() * L.blocks() * L.elem_bits() *
                               (1 << std::popcount(L.replicated_lane_mask()));
        long const reg_bits = 32L * L.vgprs() * wave;
        bool const half_d = in.gen == Generation::kGfx11 && L.elem_bits() == 16 && op == Operand::kD;
        bool const ignored = L.fixed_lane_mask() != 0;
        long const expected = reg_bits / (half_d ? 2 : 1) / (ignored ? 2 : 1);
        EXPECT_EQ(used_bits, expected) << label(in, wave, op, {});
      }
}

// Spot checks written as the ISA documents state them, one line per case.
struct Spot {
  Generation gen;
  char const* mnemonic;
  int wave;
  Operand op;
  int b, row, col;
  int vgpr, lane, lo;
};
// clang-format off
constexpr Spot kSpots[] = {
  // RDNA4 16-bit A: lanes 0-15 K {0,1|2,3|8,9|10,11}, lanes 16-31 K {4,5|6,7|12,13|14,15} (SEED-R4 table)
  {Generation::kGfx12, "v_wmma_f32_16x16x16_f16", 32, Operand::kA, 0, 3, 4,  0, 19, 0},
  {Generation::kGfx12, "v_wmma_f32_16x16x16_f16", 32, Operand::kA, 0, 3, 9,  2,  3, 16},
  {Generation::kGfx12, "v_wmma_f32_16x16x16_f16", 32, Operand::kB, 0, 13, 5, 2, 21, 16},
  {Generation::kGfx12, "v_wmma_f32_16x16x16_f16", 32, Operand::kD, 0, 9, 2,  1, 18, 0},
  // CDNA3 v_mfma_f32_32x32x8_f16 A[1][6] (style.md example): lane 33, VGPR 1, bits 0..15
  {Generation::kGfx94x, "v_mfma_f32_32x32x8_f16", 64, Operand::kA, 0, 1, 6, 1, 33, 0},
  // CDNA3 32x32 D: i = 8*(G/4) + 4*(L/32) + G%4
  {Generation::kGfx94x, "v_mfma_f32_32x32x8_f16", 64, Operand::kD, 0, 13, 7, 5, 39, 0},
  // RDNA3 D wave32: even rows in lanes 0-15, odd rows in lanes 16-31
  {Generation::kGfx11, "v_wmma_f32_16x16x16_f16", 32, Operand::kD, 0, 5, 3,  2, 19, 0},
};
// clang-format on

TEST(Layout, DocumentedSpots) {
  for (auto const& s : kSpots) {
    auto const* in = find_instruction(s.gen, s.mnemonic);
    ASSERT_NE(in, nullptr);
    Place const p = operand_layout(*in, s.wave, s.op).place({s.b, s.row, s.col});
    EXPECT_EQ(p.vgpr, s.vgpr) << s.mnemonic << " " << name(s.op) << "[" << s.row << "][" << s.col << "]";
    EXPECT_EQ(p.lane, s.lane) << s.mnemonic << " " << name(s.op) << "[" << s.row << "][" << s.col << "]";
    EXPECT_EQ(p.bit_lo, s.lo) << s.mnemonic << " " << name(s.op) << "[" << s.row << "][" << s.col << "]";
  }
}

TEST(Layout, BadShapesAreRejected) {
  auto const* in = find_instruction(Generation::kGfx94x, "v_mfma_f32_16x16x16_f16");
  EXPECT_THROW(operand_layout(*in, 32, Operand::kA), std::invalid_argument);
  EXPECT_THROW(operand_layout(*in, 64, Operand::kIndex), std::invalid_argument);
  EXPECT_THROW(operand_layout(*in, 64, Operand::kA).places({0, 16, 0}), std::out_of_range);
  auto const* sw = find_instruction(Generation::kGfx12, "v_swmmac_f32_16x16x32_f16");
  Modifiers m;
  m.index_key = 2;
  EXPECT_THROW(operand_layout(*sw, 32, Operand::kIndex, m), std::invalid_argument);
}

TEST(Layout, FormulasAreDerivedFromTheRouting) {
  auto const* in = find_instruction(Generation::kGfx12, "v_wmma_f32_16x16x16_f16");
  auto const f = formulas(operand_layout(*in, 32, Operand::kA), axis_names(*in, Operand::kA));
  EXPECT_EQ(f.lane, "i + 16*((k/4)%2)");
  EXPECT_EQ(f.vgpr, "(k/2)%2 + 2*(k/8)");
  EXPECT_EQ(f.bits, "[16*(k%2)+15 : 16*(k%2)]");
  ASSERT_EQ(f.inverse.size(), 2u);
  EXPECT_EQ(f.inverse[0], "i = lane%16");
  EXPECT_EQ(f.inverse[1], "k = bit/16 + 2*(vgpr%2) + 4*(lane/16) + 8*(vgpr/2)");
  // Evaluating the printed inverse at every place gives back the element: checked in C++ here.
  BitLayout const L = operand_layout(*in, 32, Operand::kA);
  for (int v = 0; v < 4; ++v)
    for (int lane = 0; lane < 32; ++lane)
      for (auto const& [co, p] : L.elements(v, lane)) {
        EXPECT_EQ(co.row, lane % 16);
        EXPECT_EQ(co.col, p.bit_lo / 16 + 2 * (v % 2) + 4 * (lane / 16) + 8 * (v / 2));
      }
  auto const* r3 = find_instruction(Generation::kGfx11, "v_wmma_f32_16x16x16_f16");
  auto const g = formulas(operand_layout(*r3, 64, Operand::kA), axis_names(*r3, Operand::kA));
  ASSERT_FALSE(g.notes.empty());
  EXPECT_NE(g.notes[0].find("replicated"), std::string::npos);
}

} // namespace
} // namespace wavemma::isa

namespace wavemma::isa {
namespace {

// gfx950 32x32 C/D written out from the CDNA4 ISA guide's table (as CDNA3): column j is the lane
// within a 32-lane half, rows go four to a VGPR group and alternate halves every four rows. A
// layout with M and N swapped (a published bug elsewhere) puts C[1][0] in lane 1, not lane 0.
TEST(Layout, Gfx950Mfma32x32CKeepsRowsAndColumnsApart) {
  for (char const* mnemonic : {"v_mfma_f32_32x32x16_f16", "v_mfma_f32_32x32x16_bf16", "v_mfma_i32_32x32x32_i8"}) {
    Instruction const* in = find_instruction(Generation::kGfx950, mnemonic);
    ASSERT_NE(in, nullptr) << mnemonic;
    BitLayout const L = operand_layout(*in, 64, Operand::kC);
    for (int i = 0; i < 32; ++i)
      for (int j = 0; j < 32; ++j) {
        Place const p = L.place({0, i, j});
        EXPECT_EQ(p.lane, j + 32 * ((i / 4) % 2)) << mnemonic << " C[" << i << "][" << j << "]";
        EXPECT_EQ(p.vgpr, i % 4 + 4 * (i / 8)) << mnemonic << " C[" << i << "][" << j << "]";
      }
    EXPECT_NE(L.place({0, 1, 0}), L.place({0, 0, 1}));
  }
}

} // namespace
} // namespace wavemma::isa
