// wavemma exec: the file contract for every instruction, a hardware capture end to end, --explain,
// and bad input files.

#include <gtest/gtest.h>

#include "wavemma/isa/arch.hpp"

#include <bit>
#include <cmath>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "support/process.hpp"
#include "wavemma/emu/emulator.hpp"
#include "wavemma/numeric/format.hpp"

namespace wavemma {
namespace {

std::string const kBin = WAVEMMA_BIN;

std::string arch_of(isa::Generation g) { return std::string(isa::default_arch(g).name); }

std::string write_file(std::string const& name, std::string const& text) {
  std::string const path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

// The contract's text form: hex for floats, decimal for integers (signed per `is_signed`).
std::string to_text(emu::Matrix const& m, numeric::Format f) {
  auto const& fi = numeric::info(f);
  std::string out;
  for (int r = 0; r < m.blocks * m.rows; ++r) {
    for (int c = 0; c < m.cols; ++c) {
      uint64_t const v = m.bits[size_t(r) * m.cols + c];
      if (fi.is_float)
        out += fmt::format("{}{:#0{}x}", c ? " " : "", v, fi.bits / 4 + 2);
      else
        out += fmt::format("{}{}", c ? " " : "",
                           fi.is_signed ? static_cast<int64_t>(v << (64 - fi.bits)) >> (64 - fi.bits)
                                        : static_cast<int64_t>(v));
    }
    out += "\n";
  }
  return out;
}

// Every instruction: random files in, D out; D equals the emulator's on the same inputs. The gfx950
// f8f6f4 rows also with other formats (--cbsz/--blgp), the scaled ones with random scale files.
TEST(CliExec, EveryInstructionFollowsTheFileContract) {
  std::mt19937_64 rng(7);
  std::vector<emu::Issue> issues;
  for (auto const& in : isa::catalog()) {
    issues.push_back({&in, in.default_wave(), {}});
    if (in.mod_rules().format_select)
      for (auto [fa, fb] : {std::pair{2, 4}, std::pair{3, 1}, std::pair{4, 0}}) {
        issues.push_back({&in, in.default_wave(), {}});
        if (in.mod_rules().mai) {
          issues.back().mods.cbsz = fa;
          issues.back().mods.blgp = fb;
        } else {
          issues.back().mods.matrix_fmt = {fa, fb}; // gfx1250: matrix_a_fmt, matrix_b_fmt
        }
      }
  }
  for (emu::Issue is : issues) {
    auto const& in = *is.instruction;
    if (numeric::is_integer(in.a) && isa::is_rdna(in.gen))
      is.mods.neg_lo = {true, false, false}; // signed A, unsigned B
    auto const model = emu::numeric_model(is);
    auto random = [&](int blocks, int rows, int cols, numeric::Format f) {
      emu::Matrix m(blocks, rows, cols);
      int const bits = numeric::info(f).bits;
      for (auto& v : m.bits) v = bits == 64 ? rng() : rng() & ((1ull << bits) - 1);
      return m;
    };
    emu::Matrix a = random(in.blocks, in.m, in.k, model.a), b = random(in.blocks, in.k, in.n, model.b),
                c = random(in.blocks, in.m, in.n, model.out);
    std::optional<emu::CompressedA> packed;
    if (in.sparse()) {
      for (int i = 0; i < in.m; ++i) // zero two of every four: 2:4 sparse
        for (int g = 0; g < in.k / 4; ++g)
          a.at(0, i, 4 * g + static_cast<int>((i + g) % 4)) = 0,
                                                        a.at(0, i, 4 * g + static_cast<int>((i + g + 1) % 4)) = 0;
      packed = std::get<emu::CompressedA>(emu::compress_2to4(in, a));
    }
    std::string const tag = fmt::format("{}_{}", arch_of(in.gen), in.mnemonic);
    std::string const fa = write_file(tag + "_a.txt", to_text(a, model.a)),
                      fb = write_file(tag + "_b.txt", to_text(b, model.b)),
                      fc = write_file(tag + "_c.txt", to_text(c, model.out));
    std::string flags = is.mods.neg_lo[0] ? " --neg-lo 1,0,0" : "";
    if (in.mod_rules().format_select)
      flags += in.mod_rules().mai ? fmt::format(" --cbsz {} --blgp {}", is.mods.cbsz, is.mods.blgp)
                                  : fmt::format(" --matrix-fmt {},{}", is.mods.matrix_fmt[0], is.mods.matrix_fmt[1]);
    std::optional<emu::ScaleMatrices> scales;
    if (in.has_operand(isa::Operand::kScaleA)) {
      int const kb = in.k / in.scale_block();
      scales = {random(1, in.m, kb, numeric::Format::kE8M0), random(1, kb, in.n, numeric::Format::kE8M0)};
      flags += fmt::format(" --scale-a {} --scale-b {}",
                           write_file(tag + "_sa.txt", to_text(scales->a, numeric::Format::kE8M0)),
                           write_file(tag + "_sb.txt", to_text(scales->b, numeric::Format::kE8M0)));
    }
    auto const res = test::run(fmt::format("{} exec {} --arch {} --a {} --b {} --c {}{}", kBin, in.mnemonic,
                                           arch_of(in.gen), fa, fb, fc, flags));
    ASSERT_EQ(res.status, 0) << in.mnemonic << "\n" << res.output;
    emu::Matrix const d = packed ? emu::execute(is, packed->values, b, c, &packed->index)
                                 : emu::execute(is, a, b, c, nullptr, scales ? &*scales : nullptr);
    // D in its own type (gfx1250 bf16f32: an f32 C, a bf16 D)
    numeric::Format const fd = in.type_of(isa::Operand::kD) == in.cd ? model.out : numeric::Format::kBf16;
    ASSERT_EQ(res.output, to_text(d, fd)) << in.mnemonic;
  }
}

// A gfx1201 capture end to end: the hardware's D from the command line.
TEST(CliExec, HardwareCaptureThroughTheCommandLine) {
  std::ifstream f(std::string(WAVEMMA_TESTDATA_DIR) + "/gfx1201_wmma_rocjitsu.jsonl");
  for (std::string line; std::getline(f, line);) {
    auto const r = nlohmann::json::parse(line);
    if (r["id"] != "gfx1201-wmma-f16-packed-3-w64") continue;
    auto text = [](nlohmann::json const& m) {
      std::string s;
      for (auto const& row : m) {
        for (size_t j = 0; j < row.size(); ++j) s += (j ? " " : "") + row[j].get<std::string>();
        s += "\n";
      }
      return s;
    };
    auto const res =
        test::run(fmt::format("{} exec v_wmma_f16_16x16x16_f16 --arch gfx1201 --wave 64 --a {} --b {} --c {}", kBin,
                              write_file("hw_a.txt", text(r["A"])), write_file("hw_b.txt", text(r["B"])),
                              write_file("hw_c.txt", text(r["C"]))));
    ASSERT_EQ(res.status, 0) << res.output;
    EXPECT_EQ(res.output, text(r["D"]));
    return;
  }
  FAIL() << "record not found";
}

// The RDNA3/RDNA4 register captures with CLAMP set on the f16 and bf16 WMMAs, at each of their wave
// sizes: the command line takes --clamp there (a warning: not an LLVM modifier, no effect) and
// prints the D the hardware wrote, read out of the captured register word by the D layout.
TEST(CliExec, RdnaClampCapturesThroughTheCommandLine) {
  int runs = 0;
  for (std::string const file : {"gfx1100_wmma_operands_rocjitsu.jsonl", "gfx1201_wmma_operands_rocjitsu.jsonl"}) {
    std::ifstream f(std::string(WAVEMMA_TESTDATA_DIR) + "/" + file);
    for (std::string line; std::getline(f, line);) {
      if (line.empty()) continue;
      auto const r = nlohmann::json::parse(line);
      if (!r["modifiers"].contains("clamp") || r["modifiers"]["clamp"] != 1) continue;
      std::string const id = r["id"];
      isa::Arch const* arch = isa::find_arch(r["arch"].get<std::string>());
      ASSERT_NE(arch, nullptr) << id;
      auto const* in = isa::find_instruction(arch->gen, r["instruction"].get<std::string>());
      ASSERT_NE(in, nullptr) << id;
      auto word = [&](char const* key) {
        return static_cast<uint32_t>(std::stoul(r[key].get<std::string>(), nullptr, 16));
      };
      bool const high = r["modifiers"]["op_sel"][2] == 1 && arch->gen == isa::Generation::kGfx11;
      for (int wave : r["wave_sizes"].get<std::vector<int>>()) {
        emu::Issue is{in, wave, {}};
        is.mods.op_sel[2] = high;
        auto const model = emu::numeric_model(is);
        auto regs = [&](isa::Operand op, uint32_t w) { return emu::Registers(isa::vgprs(*in, wave, op), wave, w); };
        emu::Matrix const a = emu::from_registers(is, isa::Operand::kA, regs(isa::Operand::kA, word("a_vgpr_word")));
        emu::Matrix const b = emu::from_registers(is, isa::Operand::kB, regs(isa::Operand::kB, word("b_vgpr_word")));
        emu::Matrix const c = emu::from_registers(is, isa::Operand::kC, regs(isa::Operand::kC, word("c_vgpr_word")));
        emu::Matrix const want = emu::from_registers(is, isa::Operand::kD, regs(isa::Operand::kD, word("d_word")));
        std::string const tag = fmt::format("clamp_{}_{}", id, wave);
        auto const res = test::run(fmt::format(
            "{} exec {} --arch {} --wave {} --clamp{} --a {} --b {} --c {}", kBin, in->mnemonic, arch->name, wave,
            high ? " --opsel 0,0,1" : "", write_file(tag + "_a.txt", to_text(a, model.a)),
            write_file(tag + "_b.txt", to_text(b, model.b)), write_file(tag + "_c.txt", to_text(c, model.out))));
        ASSERT_EQ(res.status, 0) << id << " wave" << wave << "\n" << res.output;
        EXPECT_NE(res.output.find("no effect: accepted, ignored"), std::string::npos) << id << ": the warning";
        EXPECT_NE(res.output.find(to_text(want, model.out)), std::string::npos) << id << " wave" << wave << "\n"
                                                                                << res.output;
        ++runs;
      }
    }
  }
  std::cout << "[hw] " << runs << " record/wave runs with CLAMP through wavemma exec\n";
  EXPECT_EQ(runs, 16);
}

// Every CDNA1 and CDNA2 hardware record of KMG through the command line: the vector in row 3 of
// A and column 5 of B, C at (3, 5), the captured D checked there as the record's d_check says.
TEST(CliExec, KmgHardwareVectorsThroughTheCommandLine) {
  for (std::string const file : {"cdna1_mfma_kmg.jsonl", "cdna2_mfma_kmg.jsonl"}) {
    std::ifstream f(std::string(WAVEMMA_TESTDATA_DIR) + "/" + file);
    int checked = 0, records = 0;
    for (std::string line; std::getline(f, line);) {
      if (line.empty()) continue;
      auto const r = nlohmann::json::parse(line);
      ++records;
      std::string const id = r["id"], arch = r["arch"], mnemonic = r["instruction"];
      isa::Arch const* a = isa::find_arch(arch);
      ASSERT_NE(a, nullptr) << id;
      auto const* in = isa::find_instruction(a->gen, mnemonic);
      ASSERT_NE(in, nullptr) << id;
      int const k = r["k"];
      auto matrix = [](int rows, int cols, auto&& at) {
        std::string s;
        for (int i = 0; i < rows; ++i) {
          for (int j = 0; j < cols; ++j) s += fmt::format("{}{}", j ? " " : "", at(i, j));
          s += "\n";
        }
        return s;
      };
      std::string const zero = "0x0";
      std::string const fa = write_file("kmg_a.txt", matrix(in->blocks * in->m, k, [&](int i, int j) {
                                          return i == 3 ? r["a"][size_t(j)].get<std::string>() : zero;
                                        }));
      std::string const fb = write_file("kmg_b.txt", matrix(in->blocks * k, in->n, [&](int i, int j) {
                                          return i < k && j == 5 ? r["b"][size_t(i)].get<std::string>() : zero;
                                        }));
      std::string const fc = write_file("kmg_c.txt", matrix(in->blocks * in->m, in->n, [&](int i, int j) {
                                          return i == 3 && j == 5 ? r["c"].get<std::string>() : zero;
                                        }));
      std::string mods;
      for (char const* m : {"cbsz", "abid", "blgp"})
        if (int const v = r["modifiers"].value(m, 0); v != 0) mods += fmt::format(" --{} {}", m, v);
      auto const res =
          test::run(fmt::format("{} exec {} --arch {} --a {} --b {} --c {}{}", kBin, mnemonic, arch, fa, fb, fc, mods));
      ASSERT_EQ(res.status, 0) << id << "\n" << res.output;
      std::istringstream out(res.output);
      std::string row;
      for (int i = 0; i <= 3; ++i) std::getline(out, row);
      std::istringstream cells(row);
      std::string cell;
      for (int j = 0; j <= 5; ++j) cells >> cell;
      uint32_t const got = static_cast<uint32_t>(std::stoull(cell, nullptr, 16));
      uint32_t const want =
          r["d"].is_null() ? 0 : static_cast<uint32_t>(std::stoull(r["d"].get<std::string>(), nullptr, 16));
      float const gv = std::bit_cast<float>(got), wv = std::bit_cast<float>(want);
      std::string const kind = r["d_check"];
      if (kind == "bits")
        EXPECT_EQ(got, want) << id << fmt::format(": got {:#010x}, hardware {:#010x}", got, want);
      else if (kind == "value")
        EXPECT_EQ(gv, wv) << id << ": got " << gv << ", hardware " << wv;
      else if (kind == "nan")
        EXPECT_TRUE(std::isnan(gv)) << id << ": got " << gv << ", hardware NaN";
      else
        ADD_FAILURE() << id << ": unknown d_check " << kind;
      ++checked;
    }
    std::cout << "[hw] " << file << ": " << checked << " records through wavemma exec\n";
    EXPECT_EQ(checked, records);
    EXPECT_GT(records, 0) << file;
  }
}

TEST(CliExec, ExplainNamesTheStepsAndAgreesWithD) {
  std::string a, b;
  for (int i = 0; i < 16; ++i) {
    for (int k = 0; k < 16; ++k) a += fmt::format("{}{}", k ? " " : "", (i == 3 && k == 1) ? "0x3c00" : "0x0000");
    a += "\n";
  }
  for (int k = 0; k < 16; ++k) {
    for (int j = 0; j < 16; ++j) b += fmt::format("{}{}", j ? " " : "", k == 1 && j == 5 ? "0x4200" : "0x3c00");
    b += "\n";
  }
  auto const res = test::run(fmt::format("{} exec v_mfma_f32_16x16x16_f16 --arch gfx942 --a {} --b {} --explain 3,5",
                                         kBin, write_file("ex_a.txt", a), write_file("ex_b.txt", b)));
  ASSERT_EQ(res.status, 0) << res.output;
  EXPECT_NE(res.output.find("cdna3.alg1.g8"), std::string::npos) << res.output;
  EXPECT_NE(res.output.find("k= 1"), std::string::npos);
  EXPECT_NE(res.output.find("D = 0x40400000"), std::string::npos) << res.output; // 1 * 3 = 3
}

struct Bad {
  char const* instr;
  char const* a;
  char const* b;
  char const* extra;
  char const* needle;
};

std::string matrix_text(int rows, int cols, char const* value) {
  std::string s;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) s += fmt::format("{}{}", c ? " " : "", value);
    s += "\n";
  }
  return s;
}

TEST(CliExec, BadFilesGiveOneLineAndStatus2) {
  std::string const ok16 = write_file("ok16.txt", matrix_text(16, 16, "0x3c00"));
  std::string const short_rows = write_file("short.txt", matrix_text(15, 16, "0x3c00"));
  std::string const wide = write_file("wide.txt", matrix_text(16, 17, "0x3c00"));
  std::string const badhex = write_file("badhex.txt", matrix_text(16, 16, "0x3g00"));
  std::string const toobig = write_file("big.txt", matrix_text(16, 16, "0x13c00"));
  std::string const int_range = write_file("int.txt", matrix_text(16, 16, "300"));
  std::string const int_text = write_file("intx.txt", matrix_text(16, 16, "x"));
  std::string const dense = write_file("dense.txt", matrix_text(16, 32, "0x3c00"));
  std::string const b32 = write_file("b32.txt", matrix_text(32, 16, "0x3c00"));
  std::string const minus_hex = write_file("minus_hex.txt", matrix_text(16, 16, "-0x3c00"));
  std::string const plus_hex = write_file("plus_hex.txt", matrix_text(16, 16, "+0x3c00"));
  std::string const hex_float = write_file("hex_float.txt", matrix_text(16, 16, "0x1p0"));
  std::string const nan_text = write_file("nan.txt", matrix_text(16, 16, "nan"));
  std::string const octal_int = write_file("octal.txt", matrix_text(16, 16, "+7"));
  std::string binary;
  for (int i = 0; i < 4096; ++i) binary += static_cast<char>((i * 151) % 256); // every byte, NULs and escapes too
  std::string const bin = write_file("binary.bin", binary);
  struct Case {
    std::string args, needle;
  };
  // exec of the f16 WMMA with A from `a` and B all ones, then `more`.
  auto const f16 = [&](std::string const& a, std::string const& more = "") {
    return "v_wmma_f32_16x16x16_f16 --arch gfx1201 --a " + a + " --b " + ok16 + more;
  };
  std::vector<Case> const cases = {
      {f16(short_rows), "15 rows"},
      {f16(wide), "more than 16 columns"},
      {f16(badhex), "not a hex bit pattern"},
      {f16(toobig), "does not fit f16"},
      {"v_wmma_i32_16x16x16_iu8 --arch gfx1201 --a " + int_range + " --b " + int_range, "out of range 0..255"},
      {"v_wmma_i32_16x16x16_iu8 --arch gfx1201 --neg-lo 1,1,0 --a " + ok16 + " --b " + ok16, "not a decimal integer"},
      {"v_wmma_i32_16x16x16_iu8 --arch gfx1201 --a " + int_text + " --b " + ok16, "not a decimal integer"},
      {"v_swmmac_f32_16x16x32_f16 --arch gfx1201 --a " + dense + " --b " + b32, "not 2:4 sparse"},
      {f16("/nonexistent"), "cannot open"},
      {f16(ok16, " --explain 16,0"), "outside D"},
      {f16(ok16, " --explain 3"), "ROW,COL"},
      {"v_wmma_f32_16x16x16_f16 --arch gfx1100 --a " + ok16 + " --b " + ok16 + " --clamp", "clamp is not allowed"},
      {"v_wmma_f32_16x16x16_fp8_fp8 --arch gfx1201 --a " + ok16 + " --b " + ok16 + " --neg-lo 1,0,0", "not allowed"},
      // Issue 13 item 8: a sign is not part of a bit pattern (it was read as the decimal -15360).
      {f16(minus_hex), "'-0x3c00' is neither a hex bit pattern"},
      {f16(plus_hex), "'+0x3c00' is neither a hex bit pattern"},
      {f16(hex_float), "'0x1p0' is not a hex bit pattern"},
      {f16(nan_text), "'nan' is neither"},
      {"v_wmma_i32_16x16x16_iu8 --arch gfx1201 --a " + octal_int + " --b " + octal_int,
       "'+7' is not a decimal integer"},
      {f16("/dev/zero"), "--a: '/dev/zero' is larger than 1 MiB"},
      {f16(::testing::TempDir()), "Is a directory"},
      {f16("-", " --c - < " + ok16), "only one of --a, --b, --c"},
  };
  for (auto const& c : cases) {
    auto const res = test::run(fmt::format("{{ {} exec {} 2>&1 >/dev/null; }}", kBin, c.args));
    EXPECT_EQ(res.status, 2) << c.args << "\n" << res.output;
    EXPECT_EQ(std::count(res.output.begin(), res.output.end(), '\n'), 1) << c.args << "\n" << res.output;
    EXPECT_NE(res.output.find(c.needle), std::string::npos) << c.args << "\n" << res.output;
  }
  // Binary input: the message quotes a short excerpt, every byte outside printable ASCII escaped.
  auto const res = test::run(fmt::format(
      "{{ {} exec v_wmma_f32_16x16x16_f16 --arch gfx1201 --a {} --b {} 2>&1 >/dev/null; }}", kBin, bin, ok16));
  EXPECT_EQ(res.status, 2) << res.output;
  ASSERT_EQ(std::count(res.output.begin(), res.output.end(), '\n'), 1) << res.output;
  EXPECT_LT(res.output.size(), 300u) << res.output;
  EXPECT_NE(res.output.find("\\x00"), std::string::npos) << res.output;
  for (char ch : res.output.substr(0, res.output.size() - 1)) EXPECT_TRUE(ch >= 0x20 && ch < 0x7f) << res.output;
}

// What a matrix file may hold besides the numbers: '#' comments (whole lines or after a row),
// a UTF-8 byte-order mark, CRLF line ends, blanks around; decimals are rounded into the format.
// Each gives the D of the plain file.
TEST(CliExec, AcceptedSpellingsGiveTheSameD) {
  std::string a, b, commented, crlf, decimal;
  for (int i = 0; i < 16; ++i) {
    std::string row, dec;
    for (int k = 0; k < 16; ++k) {
      row += fmt::format("{}{}", k ? " " : "", (i + 3 * k) % 5 == 0 ? "0xbe00" : "0x3c00"); // -1.5 or 1
      dec += fmt::format("{}{}", k ? " " : "", (i + 3 * k) % 5 == 0 ? "-1.5" : "1");
    }
    a += row + "\n";
    commented += "# row " + std::to_string(i) + "\n  " + row + "   # a comment after the row\n";
    crlf += row + "\r\n";
    decimal += dec + "\n";
  }
  for (int k = 0; k < 16; ++k) b += matrix_text(1, 16, k % 3 ? "0x4000" : "0x3800"); // 2 or 0.5
  std::string const fb = write_file("sp_b.txt", b);
  auto const d_of = [&](std::string const& name, std::string const& text) {
    auto const res = test::run(fmt::format("{} exec v_wmma_f32_16x16x16_f16 --arch gfx1201 --a {} --b {} 2>/dev/null",
                                           kBin, write_file(name, text), fb));
    EXPECT_EQ(res.status, 0) << name << "\n" << res.output;
    return res.output;
  };
  std::string const plain = d_of("sp_plain.txt", a);
  ASSERT_FALSE(plain.empty());
  EXPECT_EQ(d_of("sp_comments.txt", commented), plain);
  EXPECT_EQ(d_of("sp_bom.txt", "\xef\xbb\xbf" + a), plain);
  EXPECT_EQ(d_of("sp_crlf.txt", crlf), plain);
  EXPECT_EQ(d_of("sp_decimal.txt", decimal), plain);
}

// --explain reads its ROW,COL like every other number: decimal, 010 is ten.
TEST(CliExec, ExplainPositionsAreDecimal) {
  std::string const ones = write_file("ex_ones.txt", matrix_text(16, 16, "0x3c00"));
  auto const explain = [&](std::string const& at) {
    return test::run(fmt::format("{} exec v_wmma_f32_16x16x16_f16 --arch gfx1201 --a {} --b {} --explain {}", kBin,
                                 ones, ones, at))
        .output;
  };
  std::string const ten = explain("10,0");
  EXPECT_NE(ten.find("D[10][0]"), std::string::npos) << ten;
  EXPECT_EQ(explain("010,0"), ten);
  EXPECT_EQ(explain("010,00"), ten);
}

} // namespace
} // namespace wavemma
