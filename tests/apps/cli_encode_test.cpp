// wavemma encode / decode reading an assembler file (issue 13 item 8): comments, directives and
// labels hold no instruction and give a blank line, so that output line n answers input line n;
// the bytes of the instruction lines are llvm-mc-22's for the very same file.

#include <gtest/gtest.h>

#include <sstream>

#include "cli_process.hpp"
#include "support/process.hpp"

namespace wavemma {
namespace {

std::vector<std::string> lines_of(std::string const& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// llvm-mc-22's encodings of a file, in order: the "[0x..,...]" of each "; encoding:" comment.
std::vector<std::string> llvm_mc_encodings(std::string const& path, std::string const& mcpu) {
  auto const r = test::run(fmt::format("llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu={} -show-encoding {}", mcpu, path));
  EXPECT_EQ(r.status, 0) << r.output;
  std::vector<std::string> out;
  for (auto const& line : lines_of(r.output))
    if (size_t const at = line.find("; encoding: "); at != std::string::npos) out.push_back(line.substr(at + 12));
  return out;
}

struct File {
  std::string mcpu;
  std::string text;
  std::vector<bool> holds_instruction; // per line
};

TEST(CliEncode, AssemblerFilesGiveOneLinePerLineAndLlvmMcsBytes) {
  std::vector<File> const files = {
      {"gfx942",
       "// a kernel's matrix code\n"
       "\t.text\n"
       "\t.globl  kernel\n"
       "\t.p2align 8\n"
       "kernel:\n"
       "  v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3]   ; accumulate\n"
       "\n"
       "# a hash comment\n"
       "    # an indented one\n"
       "; a semicolon comment\n"
       "/* a block comment */ v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15] cbsz:1 abid:1\n"
       ".Lloop: v_mfma_f64_16x16x4_f64 v[0:7], v[8:9], v[10:11], v[0:7] neg:[1,0,1] // after a label\n"
       "\ts_endpgm_is_not_here:\n",
       {false, false, false, false, false, true, false, false, false, false, true, true, false}},
      {"gfx1201",
       "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx1201\"\n"
       "main:\r\n"
       "\tv_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15] // D += A*B\r\n"
       "\tv_swmmac_f32_16x16x32_f16 v[12:19], v[0:3], v[4:11], v20 index_key:1\n",
       {false, false, true, true}},
  };
  for (auto const& f : files) {
    std::string const path = test::write_temp("in.s", f.text);
    auto const ours =
        test::wavemma("encode --arch " + f.mcpu, test::Stream::kCaptured, test::Stream::kCaptured, f.text);
    ASSERT_EQ(ours.status, 0) << f.mcpu << "\n" << ours.out << ours.err;
    EXPECT_EQ(ours.err, "");
    auto const lines = lines_of(ours.out);
    ASSERT_EQ(lines.size(), f.holds_instruction.size()) << ours.out;
    std::vector<std::string> bytes;
    for (size_t i = 0; i < lines.size(); ++i) {
      EXPECT_EQ(!lines[i].empty(), f.holds_instruction[i]) << f.mcpu << " line " << i + 1 << ": " << lines[i];
      if (!lines[i].empty()) bytes.push_back(lines[i]);
    }
    EXPECT_EQ(bytes, llvm_mc_encodings(path, f.mcpu)) << f.mcpu;
  }
}

TEST(CliEncode, AnOverlongLineIsOneErrorLineAndTheRestGoesOn) {
  std::string const input = std::string(5000, 'v') + "\nv_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3]\n";
  auto const o = test::wavemma("encode --arch gfx942", test::Stream::kCaptured, test::Stream::kCaptured, input);
  EXPECT_EQ(o.status, 1);
  EXPECT_EQ(o.out, "error: the line is longer than 4096 bytes\n[0x00,0x00,0xcd,0xd3,0x04,0x0d,0x02,0x04]\n");
  EXPECT_EQ(o.err, "wavemma: 1 of 2 items could not be encoded\n");
}

TEST(CliDecode, CommentLinesStayBlank) {
  std::string const bytes = "0x00,0x00,0xcd,0xd3,0x04,0x0d,0x02,0x04";
  auto const one = test::wavemma("decode --arch gfx942 " + bytes);
  ASSERT_EQ(one.status, 0);
  auto const o = test::wavemma("decode --arch gfx942", test::Stream::kCaptured, test::Stream::kCaptured,
                               "# bytes of a listing\n" + bytes + " ; the first\n// done\n");
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(o.out, "\n" + one.out + "\n");
}

// Issue 21 item 7: a byte token is read as llvm-mc-22 -disassemble reads it (its radixes: 0x, 0b,
// 0o, a leading 0 octal) or refused, never read as another value. Each token stands for the first
// byte, which is the vdst of the WMMA, so a misread value shows as another register.
TEST(CliDecode, ByteTokensReadAsLlvmMcReadsThem) {
  std::string const rest = ",0x40,0x40,0xcc,0x00,0x09,0x22,0x1c";
  std::vector<std::string> const tokens = {
      "0x08", "0X08", "8",           "010", "012", "020", "0020", "00",  "0",   "0b1000",     "0B1010", "0o20",
      "0O20", "08",   "09",          "018", "0x",  "0b",  "0b2",  "0o",  "0o8", "00x8",       "16",     "0x10",
      "0176", "0400", "0b100000000", "+8",  "-8",  "8h",  "0x0g", "0xA", "0xa", "00000000012"};
  int accepted = 0;
  for (auto const& tok : tokens) {
    std::string const bytes = tok + rest;
    auto const mc =
        test::run(fmt::format("echo '{}' | llvm-mc-22 -disassemble -triple=amdgcn -mcpu=gfx1200 2>&1", bytes));
    bool const mc_reads = mc.output.find("invalid input token") == std::string::npos;
    auto const ours = test::wavemma("decode --arch gfx1200 '" + bytes + "'");
    EXPECT_EQ(ours.status == 0, mc_reads) << tok << ": llvm-mc-22 says\n"
                                          << mc.output << "wavemma says\n"
                                          << ours.out << ours.err;
    if (!mc_reads || ours.status != 0) continue;
    ++accepted;
    // llvm-mc prints "\tTEXT\n" (and a warning for bytes it cannot decode; none here).
    std::string text = mc.output;
    while (!text.empty() && (text.front() == '\t' || text.front() == ' ')) text.erase(0, 1);
    EXPECT_EQ(ours.out, text) << tok;
  }
  EXPECT_GE(accepted, 15); // the table exercises both sides
}

} // namespace
} // namespace wavemma
