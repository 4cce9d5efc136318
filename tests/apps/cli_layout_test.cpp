// The wavemma binary: the layout CSV contract for every operand of every instruction against the
// formulas of docs/reference/layouts.md, and one-line errors with exit status 2 on bad input.

#include <gtest/gtest.h>

#include "wavemma/isa/arch.hpp"

#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <string_view>
#include <vector>

#include "support/layout_reference.hpp"
#include "support/markdown.hpp"
#include "support/process.hpp"
#include "wavemma/isa/instruction.hpp"

namespace wavemma {
namespace {

std::string const kBin = WAVEMMA_BIN;

std::string arch_of(isa::Generation g) { return std::string(isa::default_arch(g).name); }

std::string modifier_flags(isa::Modifiers const& m) {
  std::string f;
  if (m.op_sel[2]) f += " --opsel 0,0,1";
  if (m.index_key) f += fmt::format(" --index-key {}", m.index_key);
  if (m.cbsz) f += fmt::format(" --cbsz {}", m.cbsz);
  if (m.abid) f += fmt::format(" --abid {}", m.abid);
  if (m.blgp) f += fmt::format(" --blgp {}", m.blgp);
  if (m.scale_sel[0] || m.scale_sel[1]) f += fmt::format(" --scale-sel {},{}", m.scale_sel[0], m.scale_sel[1]);
  if (m.matrix_fmt[0] || m.matrix_fmt[1]) f += fmt::format(" --matrix-fmt {},{}", m.matrix_fmt[0], m.matrix_fmt[1]);
  return f;
}

// One process per (instruction, wave, operand, modifier setting): parse the CSV and compare every
// line with the reference formulas; every element must appear with exactly its places.
TEST(CliLayout, CsvFollowsTheContractForEveryOperand) {
  long runs = 0, lines = 0;
  for (auto const& in : isa::catalog())
    for (int wave : in.wave_sizes())
      for (auto op : isa::kOperands) {
        if (!in.has_operand(op)) continue;
        for (auto const& mods : test::modifier_variants(in, wave, op)) {
          std::string const cmd = fmt::format("{} layout {} --arch {} --wave {} --operand {} --format csv{}", kBin,
                                              in.mnemonic, arch_of(in.gen), wave, isa::name(op), modifier_flags(mods));
          auto const res = test::run(cmd);
          ASSERT_EQ(res.status, 0) << cmd << "\n" << res.output;
          std::istringstream csv(res.output);
          std::string line;
          std::getline(csv, line);
          ASSERT_EQ(line, "block,row,col,lane,vgpr,bit_lo,bit_hi") << cmd;
          std::map<isa::Coord, std::vector<isa::Place>> got;
          while (std::getline(csv, line)) {
            isa::Coord c;
            isa::Place p;
            ASSERT_EQ(std::sscanf(line.c_str(), "%d,%d,%d,%d,%d,%d,%d", &c.block, &c.row, &c.col, &p.lane, &p.vgpr,
                                  &p.bit_lo, &p.bit_hi),
                      7)
                << cmd << ": " << line;
            got[c].push_back(p);
            ++lines;
          }
          auto const L = isa::operand_layout(in, wave, op, mods);
          ASSERT_EQ(got.size(), static_cast<size_t>(L.blocks() * L.rows() * L.cols())) << cmd;
          for (auto& [c, places] : got) {
            std::sort(places.begin(), places.end(), [](auto const& a, auto const& b) { return a.lane < b.lane; });
            ASSERT_EQ(places, test::reference(in, wave, op, c, mods))
                << cmd << " element " << c.block << "," << c.row << "," << c.col;
          }
          ++runs;
        }
      }
  std::cout << "[cli] " << runs << " layout CSVs, " << lines << " lines agree with layouts.md\n";
}

// Bad input: one line on stderr, exit status 2, nothing on stdout.
struct Bad {
  char const* args;
  char const* needle; // part of the message
};
// clang-format off
constexpr Bad kBad[] = {
  {"layout v_wmma_nonsense --arch gfx1201 --operand A",                       "unknown instruction"},
  {"layout v_wmma_f32_16x16x16_fp8_fp8 --arch gfx1100 --operand A",           "gfx1100 lacks instruction"},
  {"layout v_wmma_f32_16x16x16_f16 --operand A",                              "choose with --arch"},
  {"layout v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand Q",               "unknown operand"},
  {"layout v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand K",               "no sparsity index"},
  {"layout v_mfma_f32_16x16x16_f16 --arch gfx942 --wave 32 --operand A",      "no wave32"},
  {"layout v_wmma_f32_16x16x16_f16 --arch gfx1201 --wave 48 --operand A",     "32 or 64"},
  {"layout v_wmma_f32_16x16x16_f16 --arch gfx9999 --operand A",               "unknown architecture"},
  {"where v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A --row 16 --col 0", "out of range"},
  {"where v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A --row 0 --col -1", "--col takes a decimal integer >= 0"},
  {"what v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A --lane 32 --vgpr 0", "out of range"},
  {"what v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A --lane 0 --vgpr 4",  "out of range"},
  {"layout v_mfma_f32_4x4x4_16b_f16 --operand A --cbsz 5",                     "cbsz 5 out of range"},
  {"layout v_mfma_f32_4x4x4_16b_f16 --operand A --cbsz 1 --abid 2",            "abid 2 out of range"},
  {"layout v_mfma_f32_32x32x2_f32 --operand B --blgp 8",                       "blgp 8 out of range"},
  {"layout v_swmmac_f32_16x16x32_f16 --arch gfx1201 --operand K --index-key 2","index_key 2 out of range"},
  {"layout v_swmmac_i32_16x16x64_iu4 --arch gfx1201 --operand K --index-key 1","no index_key"},
  {"layout v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A --opsel 0,0,1",  "op_sel[2] (C) is not allowed"},
  {"layout v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A --cbsz 1",       "MFMA modifiers (CDNA1-CDNA4)"},
  {"layout v_mfma_f64_16x16x4_f64 --operand B --blgp 1",                       "neg:[a,b,c]"},
  {"layout v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A --format pdf",   "unknown format"},
  {"layout v_wmma_f32_16x16x16_f16 --arch gfx1201",                            "--operand"},
  {"frobnicate",                                                               "frobnicate"},
  {"list --arch gfx942 --wave 32",                                             "no wave32"},
  {"list --kind tensor",                                                       "unknown kind"},
  {"list --family tensor",                                                     "unknown kind"},
  {"show __builtin_amdgcn_mfma_i32_32x32x8i8 --arch gfx942",                   "is a CDNA1 builtin; gfx942 is CDNA3"},
  {"show __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12 --wave 32",          "wave64 builtin"},
  {"peak v_wmma_f32_16x16x16_f16 --arch gfx1201 --gpu mi300x",                 "is gfx942"},
  {"peak v_wmma_f32_16x16x16_f16 --arch gfx1103",                              "give --gpu or both --cus and --clock-mhz"},
  {"peak --gpu rtx4090",                                                        "unknown GPU"},
};
// clang-format on

TEST(CliErrors, BadInputGivesOneLineAndStatus2) {
  for (auto const& b : kBad) {
    std::string const cmd = fmt::format("{{ {} {} 2>&1 >/dev/null; }}", kBin, b.args);
    auto const res = test::run(cmd);
    EXPECT_EQ(res.status, 2) << b.args << "\n" << res.output;
    EXPECT_EQ(std::count(res.output.begin(), res.output.end(), '\n'), 1) << b.args << "\n" << res.output;
    EXPECT_NE(res.output.find(b.needle), std::string::npos) << b.args << "\n" << res.output;
    auto const out = test::run(fmt::format("{{ {} {} 2>/dev/null; }}", kBin, b.args));
    EXPECT_TRUE(out.output.empty()) << b.args << " wrote to stdout: " << out.output;
  }
}

TEST(CliErrors, HelpWorksForEveryCommand) {
  for (char const* cmd : {"", "list", "show", "layout", "where", "what", "peak"}) {
    auto const res = test::run(fmt::format("{} {} --help", kBin, cmd));
    EXPECT_EQ(res.status, 0) << cmd;
    EXPECT_NE(res.output.find("Usage"), std::string::npos) << cmd;
  }
}

// How many rows `list` prints for an architecture: the rows of instructions.md §3 (the independent
// source) for its generation, counted from the tables whose headings name that generation.
int reference_rows(std::string_view generation) {
  std::ifstream in(test::reference_path("instructions.md"));
  std::string line;
  int rows = 0;
  while (std::getline(in, line))
    if (line.starts_with("### 3.") && line.find(fmt::format(" {} ", generation)) != std::string::npos)
      rows += static_cast<int>(test::markdown_table("instructions.md", line).size());
  return rows;
}

TEST(CliList, CountsPerArchitecture) {
  struct Case {
    std::string args;
    int lines;
  };
  int const gfx11 = reference_rows("gfx11"), gfx12 = reference_rows("gfx12"), gfx1250 = reference_rows("gfx1250");
  int cdna = 0;
  for (char const* gen : {"gfx908", "gfx90a", "gfx942", "gfx950"}) cdna += reference_rows(gen);
  ASSERT_GT(gfx11 * gfx12 * reference_rows("gfx942"), 0);
  std::vector<Case> cases = {{"--arch gfx1201", gfx12},
                             {"--arch gfx1201 --wave 64", gfx12},
                             {"--arch gfx1100", gfx11},
                             {"--arch gfx1151 --wave 64", gfx11},
                             {"--arch gfx1250", gfx1250},
                             {"--arch gfx1251", gfx1250},
                             {"", 2 * gfx11 + 2 * gfx12 + cdna + gfx1250}}; // gfx1250: wave32 only
  for (char const* gen : {"gfx908", "gfx90a", "gfx942", "gfx950"})
    cases.push_back({fmt::format("--arch {}", gen), reference_rows(gen)});
  for (Case const& c : cases) {
    auto const res = test::run(fmt::format("{} list {} --format csv", kBin, c.args));
    ASSERT_EQ(res.status, 0);
    EXPECT_EQ(std::count(res.output.begin(), res.output.end(), '\n'), c.lines + 1) << c.args;
  }
  auto const w64 = test::run(fmt::format("{} list --arch gfx1201 --wave 64 --format csv", kBin));
  EXPECT_NE(w64.output.find("gfx1201,64,v_swmmac_i32_16x16x64_iu4,__builtin_amdgcn_swmmac_i32_16x16x64_iu4_w64,16,16,"
                            "64,1,iu4,iu4,i32,i32,true"),
            std::string::npos);
}

} // namespace
} // namespace wavemma
