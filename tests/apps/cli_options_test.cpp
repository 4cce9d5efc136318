// wavemma's options (issue 13 item 8): one grammar for every number, one --arch and one --wave,
// names in any case, no empty value standing for "not given", figures that say what they count.

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "cli_process.hpp"
#include "wavemma/isa/arch.hpp"
#include "wavemma/isa/instruction.hpp"

namespace wavemma {
namespace {

using test::wavemma;

std::string const kWhereA = "where v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A";
std::string const kWhatA = "what v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A";

nlohmann::json json_of(std::string const& args) {
  auto const o = wavemma(args);
  EXPECT_EQ(o.status, 0) << args << "\n" << o.err;
  size_t const open = o.out.find_first_of("[{");
  return nlohmann::json::parse(open == std::string::npos ? o.out : o.out.substr(open));
}

// A leading zero is decimal, never octal: 010 is ten (it was eight).
TEST(CliNumbers, LeadingZerosAreDecimal) {
  auto const ten = wavemma(kWhereA + " --row 10 --col 0");
  ASSERT_EQ(ten.status, 0) << ten.err;
  EXPECT_EQ(wavemma(kWhereA + " --row 010 --col 0").out, ten.out);
  EXPECT_NE(wavemma(kWhereA + " --row 8 --col 0").out, ten.out);
  EXPECT_NE(ten.out.find("A[10][0]"), std::string::npos) << ten.out;
  auto const lane17 = wavemma(kWhatA + " --lane 17 --vgpr 0");
  EXPECT_EQ(wavemma(kWhatA + " --lane 017 --vgpr 0").out, lane17.out);
  EXPECT_NE(lane17.out.find("lane 17,"), std::string::npos) << lane17.out;
  auto const j = json_of("gemm --m 010 --n 16 --k 16 --format json");
  EXPECT_EQ(j["m"], 10);
  // Hex only where a bit pattern or a seed makes sense: --seed, not --row.
  EXPECT_EQ(json_of("gemm --size 16 --seed 0x10 --format json")["seed"], 16);
  EXPECT_EQ(json_of("gemm --size 16 --seed 18446744073709551615 --format json")["seed"], 18446744073709551615ull);
}

// Every integer option refuses the same spellings with the same kind of message.
TEST(CliNumbers, OneGrammarForEveryIntegerOption) {
  struct Option {
    char const* name;
    std::string command; // with {} where the value goes
  };
  std::string const layout_mfma = "layout v_mfma_f32_4x4x4_16b_f16 --operand A";
  std::string ones;
  for (int r = 0; r < 16; ++r)
    ones += "0x3c00 0x3c00 0x3c00 0x3c00 0x3c00 0x3c00 0x3c00 0x3c00 0x3c00 0x3c00 0x3c00 0x3c00 0x3c00 0x3c00 0x3c00 "
            "0x3c00\n";
  std::string const file = test::write_temp("ones.txt", ones);
  std::vector<Option> const options = {
      {"--row", kWhereA + " --col 0 --row '{}'"},
      {"--col", kWhereA + " --row 0 --col '{}'"},
      {"--block", kWhereA + " --row 0 --col 0 --block '{}'"},
      {"--lane", kWhatA + " --vgpr 0 --lane '{}'"},
      {"--vgpr", kWhatA + " --lane 0 --vgpr '{}'"},
      {"--cbsz", layout_mfma + " --cbsz '{}'"},
      {"--abid", layout_mfma + " --abid '{}'"},
      {"--blgp", layout_mfma + " --blgp '{}'"},
      {"--index-key", "layout v_swmmac_f32_16x16x32_f16 --arch gfx1201 --operand K --index-key '{}'"},
      {"--wave", "show v_wmma_f32_16x16x16_f16 --arch gfx1201 --wave '{}'"},
      {"--cus", "peak v_wmma_f32_16x16x16_f16 --arch gfx1201 --cus '{}'"},
      {"--m", "gemm --m '{}'"},
      {"--n", "gemm --n '{}'"},
      {"--k", "gemm --k '{}'"},
      {"--size", "gemm --size '{}'"},
      {"--threads", "gemm --threads '{}'"},
      {"--seed", "gemm --seed '{}'"},
      {"--explain ROW", "exec v_mfma_f32_16x16x16_f16 --a " + file + " --b " + file + " --explain '{},0'"},
      {"--explain COL", "exec v_mfma_f32_16x16x16_f16 --a " + file + " --b " + file + " --explain '0,{}'"},
  };
  for (auto const& opt : options)
    for (std::string const bad :
         {"", "1x", "+1", " 1", "1 ", "0x", "1e3", "1.5", "-1", "0b1", "99999999999999999999999"}) {
      bool const is_seed = std::string_view(opt.name) == "--seed";
      if (bad == "0x" && is_seed) continue; // covered below
      auto const o = wavemma(fmt::vformat(opt.command, fmt::make_format_args(bad)));
      test::expect_error(o, 2, std::string(opt.name) + " takes", fmt::format("{} '{}'", opt.name, bad));
    }
  for (auto const& opt : options) {
    if (std::string_view(opt.name) == "--seed") continue;
    auto const o = wavemma(fmt::vformat(opt.command, fmt::make_format_args("0x1")));
    bool const is_wave = std::string_view(opt.name) == "--wave"; // "takes 32 or 64"
    test::expect_error(o, 2, std::string(opt.name) + (is_wave ? " takes 32 or 64" : " takes a decimal integer"),
                       std::string(opt.name) + " 0x1");
  }
  test::expect_error(wavemma("gemm --seed 0x"), 2, "--seed takes a decimal or 0x hex integer", "--seed 0x");
  test::expect_error(wavemma("gemm --seed 18446744073709551616"), 2, "--seed takes", "a seed above 2^64 (was clamped)");
}

TEST(CliNumbers, PeakAndGemmRefuseWhatTheyCannotUse) {
  std::string const peak = "peak v_wmma_f32_16x16x16_f16 --arch gfx1201";
  struct Case {
    std::string args, needle;
  };
  for (Case const& c : std::vector<Case>{
           {peak + " --cus 0", "--cus takes a decimal integer 1..100000"},
           {peak + " --clock-mhz 0", "--clock-mhz takes a decimal number 1..100000"},
           // Issue 21 item 7: finite but absurd clocks gave "inf TFLOPS" or a number no GPU has.
           {peak + " --clock-mhz 1e308", "--clock-mhz takes a decimal number 1..100000 (got '1e308')"},
           {peak + " --clock-mhz 100000.001", "--clock-mhz takes"},
           {peak + " --clock-mhz 0.5", "--clock-mhz takes"},
           {peak + " --clock-mhz 1e-300", "--clock-mhz takes"},
           {peak + " --clock-mhz " + std::string(400, '9'), "--clock-mhz takes"},
           {peak + " --clock-mhz -2970", "--clock-mhz takes"},
           {peak + " --clock-mhz nan", "--clock-mhz takes"},
           {peak + " --clock-mhz inf", "--clock-mhz takes"},
           {peak + " --clock-mhz 1e999", "--clock-mhz takes"},
           {"gemm --size 0", "--size takes a decimal integer >= 1"},
           {"gemm --m 16 --size 32", "either --size or --m/--n/--k"},
           {"gemm --threads 0", "--threads takes a decimal integer 1..4096"},
           {"gemm --m 16384 --n 16384 --k 1", "GiB of memory"},
           {"gemm --size 8192", "beyond the limit of 2^38"},
           {"gemm --size 100000", "beyond the limit of 2^38"},
       })
    test::expect_error(wavemma(c.args), 2, c.needle, c.args);
  // The figures of the product page: 64 CUs x 2 SIMDs x 8192 ops / 16 cycles x 2970 MHz = 194.6
  // TFLOPS; each override replaces only its own figure.
  EXPECT_NE(wavemma(peak + " --cus 64 --clock-mhz 2970").out.find("= 194.6 TFLOPS"), std::string::npos);
  EXPECT_NE(wavemma(peak + " --cus 64 --clock-mhz 2.970e3").out.find("= 194.6 TFLOPS"), std::string::npos);
  EXPECT_EQ(wavemma(peak + " --cus 64 --clock-mhz 100000").status, 0);
  EXPECT_EQ(wavemma(peak + " --cus 64 --clock-mhz 1").status, 0);
  EXPECT_NE(wavemma(peak + " --gpu rx9070xt --cus 32").out.find("x 32 CUs x 2970 MHz = 97.3 TFLOPS"),
            std::string::npos);
  EXPECT_NE(wavemma(peak + " --gpu rx9070xt --clock-mhz 1485").out.find("x 64 CUs x 1485 MHz = 97.3 TFLOPS"),
            std::string::npos);
}

TEST(CliOptions, EmptyValuesAreRefusedNotTakenAsAbsent) {
  for (std::string const args :
       {"gemm --policy ''", "gemm --gpu ''", "gemm --arch ''", "list --kind ''", "list --arch ''", "peak --gpu ''",
        "layout v_mfma_f32_16x16x16_f16 --operand ''", "layout v_mfma_f32_16x16x16_f16 --operand A --format ''",
        "layout v_mfma_f32_16x16x16_f16 --operand A --view ''", "exec v_mfma_f32_16x16x16_f16 --a x --b y --c ''",
        "exec v_mfma_f32_16x16x16_f16 --a x --b y --explain ''", "exec v_wmma_f32_16x16x16_f16 --a x --b y --opsel ''",
        "show ''", "decode --arch gfx942 --file ''"}) {
    auto const o = wavemma(args);
    EXPECT_EQ(o.status, 2) << args << "\n" << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << args << "\n" << o.err;
  }
  // encode "" is an empty instruction, not "read stdin".
  std::string const mfma = "v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3]\n";
  test::expect_error(wavemma("encode --arch gfx942 ''", test::Stream::kCaptured, test::Stream::kCaptured, mfma), 2,
                     "the asm argument is empty", "encode ''");
  test::expect_error(wavemma("decode --arch gfx942 ''", test::Stream::kCaptured, test::Stream::kCaptured, "0x00\n"), 2,
                     "the bytes argument is empty", "decode ''");
}

// Names are matched in any case, the architecture's as the format's.
TEST(CliOptions, NamesAreCaseInsensitive) {
  struct Case {
    std::string mixed, lower;
  };
  for (Case const& c : std::vector<Case>{
           {"list --arch GFX1201 --format CSV", "list --arch gfx1201 --format csv"},
           {"list --arch RDNA4 --kind WMMA --format Json", "list --arch rdna4 --family wmma --format json"},
           {"layout v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand a --view REGISTER --format MarkDown",
            "layout v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A --view register --format markdown"},
           {"where V_WMMA_F32_16X16X16_F16 --arch Gfx1201 --operand B --row 3 --col 9 --format JSON",
            "where v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand B --row 3 --col 9 --format json"},
       }) {
    auto const lower = wavemma(c.lower);
    ASSERT_EQ(lower.status, 0) << c.lower << "\n" << lower.err;
    EXPECT_EQ(wavemma(c.mixed).out, lower.out) << c.mixed;
  }
  EXPECT_EQ(json_of("gemm --arch gfx1201 --policy WMMA_F16 --size 16 --format json")["policy"], "wmma_f16");
}

// --arch: given, or inferred from what else names a family (instruction, GPU, policy); the same
// request for it when nothing does, or when the name fits several families.
TEST(CliOptions, ArchIsInferredOneWay) {
  EXPECT_EQ(json_of("gemm --policy mfma_f16 --size 32 --format json")["arch"], "gfx942");
  EXPECT_EQ(json_of("gemm --gpu mi300x --size 32 --format json")["arch"], "gfx942");
  EXPECT_EQ(json_of("gemm --policy wmma_iu4_k32 --size 32 --format json")["arch"], "gfx1201");
  EXPECT_EQ(json_of("gemm --size 32 --format json")["arch"], "gfx1201");
  test::expect_error(wavemma("gemm --policy wmma_f16"), 2, "choose with --arch (e.g. --arch gfx1201)",
                     "ambiguous policy");
  test::expect_error(wavemma("show v_wmma_f32_16x16x16_f16"), 2, "choose with --arch (e.g. --arch gfx1201)",
                     "ambiguous instruction");
  test::expect_error(wavemma("gemm --gpu mi300x --policy wmma_f16"), 2, "does not run on gfx942",
                     "GPU and policy disagree");
  for (std::string const cmd : {"encode", "decode"})
    test::expect_error(wavemma(cmd + " x"), 2, "--arch is required", cmd);
  std::string unknown;
  for (std::string const cmd : {"list", "show v_wmma_f32_16x16x16_f16", "peak", "encode", "gemm"}) {
    auto const o = wavemma(cmd + " --arch gfx9999");
    test::expect_error(o, 2, "unknown architecture 'gfx9999' (known: gfx1100,", cmd);
    if (unknown.empty()) unknown = o.err;
    EXPECT_EQ(o.err, unknown) << cmd;
  }
}

// --wave: one option, one wording, on every command that takes it (gemm too).
TEST(CliOptions, WaveIsOneOptionWithOneWording) {
  std::vector<std::string> const commands = {"list --arch {}",
                                             "show v_mfma_f32_16x16x16_f16 --arch {}",
                                             "layout v_mfma_f32_16x16x16_f16 --arch {} --operand A",
                                             "encode --arch {} x",
                                             "decode --arch {} 0x00",
                                             "gemm --arch {}",
                                             "peak v_mfma_f32_16x16x16_f16 --arch {}",
                                             "exec v_mfma_f32_16x16x16_f16 --arch {} --a x --b y"};
  for (auto const& c : commands) {
    std::string const args = fmt::vformat(c, fmt::make_format_args("gfx942"));
    EXPECT_EQ(wavemma(args + " --wave 16").err, "wavemma: error: --wave takes 32 or 64 (got '16')\n") << args;
    EXPECT_EQ(wavemma(args + " --wave 32").err, "wavemma: error: gfx942 has no wave32 (CDNA3 runs wave64 only)\n")
        << args;
  }
  EXPECT_EQ(json_of("gemm --arch gfx1201 --wave 32 --size 16 --format json")["wave"], 32);
  EXPECT_EQ(json_of("gemm --arch gfx1201 --wave 64 --size 16 --format json")["wave"], 64); // wmma_f16_w64
  test::expect_error(wavemma("gemm --arch gfx1201 --wave 64 --policy wmma_f16"), 2,
                     "policy wmma_f16 runs in wave32 on gfx1201, not wave64", "gemm --wave 64 --policy wmma_f16");
}

TEST(CliFormats, GemmPrintsOnlyTheFormatsItHas) {
  test::expect_error(wavemma("gemm --format markdown"), 2, "unknown format 'markdown' (choose text, json)",
                     "gemm markdown");
  auto const md = wavemma("gemm --list-policies --format markdown");
  EXPECT_EQ(md.status, 0);
  EXPECT_TRUE(md.out.starts_with("| policy |")) << md.out.substr(0, 100);
}

// list --format csv: design.md's header, then the columns the table and JSON have, each holding
// the catalog row's fact.
TEST(CliList, CsvHasTheColumnsOfTheTable) {
  auto const o = wavemma("list --format csv");
  ASSERT_EQ(o.status, 0);
  std::istringstream csv(o.out);
  std::string line;
  std::getline(csv, line);
  EXPECT_EQ(line, "arch,wave,mnemonic,builtin,m,n,k,blocks,a_type,b_type,c_type,d_type,sparse,kind,opcode,ops,cycles,"
                  "numeric_model,evidence");
  int rows = 0;
  while (std::getline(csv, line)) {
    std::vector<std::string> f;
    for (size_t pos = 0;;) {
      size_t const comma = line.find(',', pos);
      f.push_back(line.substr(pos, comma - pos));
      if (comma == std::string::npos) break;
      pos = comma + 1;
    }
    ASSERT_EQ(f.size(), 19u) << line;
    auto const* arch = isa::find_arch(f[0]);
    ASSERT_NE(arch, nullptr) << line;
    auto const* in = isa::find_instruction(arch->gen, f[2]);
    ASSERT_NE(in, nullptr) << line;
    EXPECT_EQ(f[14], std::to_string(in->opcode)) << line;
    EXPECT_EQ(f[15], std::to_string(in->ops())) << line;
    EXPECT_EQ(f[16], std::to_string(in->cycles)) << line;
    EXPECT_EQ(f[17], in->numeric().name) << line;
    EXPECT_EQ(f[18], isa::name(in->numeric().evidence)) << line;
    ++rows;
  }
  EXPECT_GT(rows, 0);
}

// list --models follows --arch, --kind and --format like the instruction list.
TEST(CliList, ModelsFollowTheSelection) {
  for (std::string const filter :
       {"--arch gfx942", "--arch gfx1100", "--arch gfx1201 --kind swmmac", "--kind smfmac"}) {
    std::set<std::string> want;
    for (auto const& row : json_of("list " + filter + " --format json"))
      want.insert(row["numeric_model"].get<std::string>());
    std::set<std::string> got;
    auto const models = json_of("list --models " + filter + " --format json");
    std::set<std::string> users, selected;
    for (auto const& m : models) {
      got.insert(m["model"].get<std::string>());
      std::string const list = m["instructions"].get<std::string>() + ", ";
      for (size_t pos = 0, comma; (comma = list.find(", ", pos)) != std::string::npos; pos = comma + 2)
        users.insert(m["model"].get<std::string>() + " " +
                     list.substr(list.find(' ', pos) + 1, comma - list.find(' ', pos) - 1));
    }
    for (auto const& row : json_of("list " + filter + " --format json"))
      selected.insert(row["numeric_model"].get<std::string>() + " " + row["mnemonic"].get<std::string>());
    EXPECT_EQ(users, selected) << filter; // each selected instruction under its own model, and no other
    EXPECT_EQ(got, want) << filter;
  }
  auto const csv = wavemma("list --models --arch gfx1201 --format csv");
  EXPECT_TRUE(csv.out.starts_with("model,engine,group,evidence,instructions,summary,sources\n"))
      << csv.out.substr(0, 80);
  EXPECT_EQ(csv.out.find("gfx11 "), std::string::npos);
  EXPECT_EQ(wavemma("list --models --kind smfmac").out.find("v_mfma"), std::string::npos);
}

// gemm states what --threads governs, and integer policies count operations, not FLOPs.
TEST(CliGemm, FiguresSayWhatTheyCount) {
  auto const one = wavemma("gemm --size 32 --threads 1 --quiet");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_NE(one.out.find("on the CPU (1 OS thread): "), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("GFLOPS emulated"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("checks "), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("same threads"), std::string::npos) << one.out; // --threads governs the checks too
  EXPECT_EQ(json_of("gemm --size 32 --threads 1 --format json")["threads"], 1);
  for (std::string const policy : {"--arch gfx1201 --policy wmma_iu8", "--arch gfx942 --policy mfma_i8"}) {
    auto const o = wavemma("gemm " + policy + " --size 32 --quiet");
    ASSERT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(o.out.find("FLOP"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("GOPS emulated"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find(" TOPS at "), std::string::npos) << o.out;
  }
  EXPECT_NE(wavemma("peak v_mfma_i32_16x16x32_i8").out.find(" TOPS"), std::string::npos);
}

} // namespace
} // namespace wavemma
