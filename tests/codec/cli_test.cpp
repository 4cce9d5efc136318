// wavemma encode / decode as a program: output lines, exit statuses, stdin streams, --file
// listings.

#include "support/process.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace {

using wavemma::test::run;

std::string const kBin = WAVEMMA_BIN;

// stdout only / stderr only of a shell command.
wavemma::test::RunResult out_of(std::string const& cmd) { return run("( " + cmd + " 2>/dev/null )"); }
wavemma::test::RunResult err_of(std::string const& cmd) { return run("( " + cmd + " 2>&1 >/dev/null )"); }

std::string temp_file(std::string const& name, std::vector<uint8_t> const& bytes) {
  auto const path = std::filesystem::temp_directory_path() / (name + "-" + std::to_string(getpid()) + ".bin");
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<char const*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return path.string();
}

// `wavemma decode --arch A --file F` of the bytes: stdout (and the status), stderr.
struct Listing {
  wavemma::test::RunResult out, err;
};
Listing listing(std::string const& arch, std::vector<uint8_t> const& bytes) {
  std::string const file = temp_file("codec-cli-" + arch, bytes);
  std::string const cmd = kBin + " decode --arch " + arch + " --file " + file;
  Listing l{out_of(cmd), err_of(cmd)};
  std::filesystem::remove(file);
  return l;
}

TEST(CodecCli, EncodePrintsTheBytesAsLlvmMc) {
  auto const r = out_of(kBin + " encode --arch gfx1200 'v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15]'");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output, "[0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c]\n");
}

TEST(CodecCli, DecodeTakesCommaOrSpaceSeparatedBytes) {
  auto const a = out_of(kBin + " decode --arch gfx942 '0x00,0x89,0xc0,0xd3,0x00,0x03,0x02,0x64'");
  auto const b = out_of(kBin + " decode --arch cdna3 '0x00 0x89 0xc0 0xd3 0x00 0x03 0x02 0x64'");
  EXPECT_EQ(a.status, 0);
  EXPECT_EQ(a.output, "v_mfma_f32_32x32x1_2b_f32 a[0:31], v0, v1, a[0:31] cbsz:1 abid:1 blgp:3\n");
  EXPECT_EQ(b.output, a.output);
}

TEST(CodecCli, WaveSizeChangesTheTupleWidths) {
  std::string const bytes = "'0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c'";
  EXPECT_EQ(out_of(kBin + " decode --arch gfx1201 " + bytes).output,
            "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15]\n");
  EXPECT_EQ(out_of(kBin + " decode --arch gfx1201 --wave 64 " + bytes).output,
            "v_wmma_f32_16x16x16_f16 v[8:11], v[0:1], v[4:5], v[8:11]\n");
  EXPECT_EQ(out_of(kBin + " decode --arch gfx1100 " + bytes).output,
            "v_wmma_f32_16x16x16_f16 v[8:15], v[0:7], v[4:11], v[8:15]\n");
}

TEST(CodecCli, StdinGivesOneLinePerItemInOrder) {
  std::string const input = "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15]\\n"
                            "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15] clamp\\n"
                            "\\n"
                            "v_wmma_i32_16x16x16_iu8 v[8:15], v[0:1], v[2:3], v[8:15] neg_lo:[1,1]\\n";
  auto const r = out_of("printf '" + input + "' | " + kBin + " encode --arch gfx1200");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output, "[0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c]\n"
                      "error: invalid modifier: clamp is not allowed on v_wmma_f32_16x16x16_f16 "
                      "(integer instructions only)\n"
                      "\n"
                      "[0x08,0x40,0x44,0xcc,0x00,0x05,0x22,0x7c]\n");
  EXPECT_EQ(err_of("printf '" + input + "' | " + kBin + " encode --arch gfx1200").output,
            "wavemma: 1 of 3 items could not be encoded\n");
}

TEST(CodecCli, DecodeStdinReportsInvalidEncodings) {
  std::string const input = "0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c\\n0x08,0x40,0x40,0xcc,0x00,"
                            "0x09,0x22,0x04\\n0x08,0x40\\n";
  auto const r = out_of("printf '" + input + "' | " + kBin + " decode --arch gfx1200");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15]\n"
                      "error: invalid instruction encoding: OP_SEL_HI must be all ones on gfx12 "
                      "(here op_sel_hi:[0,0,1])\n"
                      "error: expected the 8 bytes of one instruction (16 for a scaled MFMA or WMMA), got 2\n");
}

// gfx950's scaled MFMA is 16 bytes: the v_mfma_ld_scale_b32 prefix, then the MFMA word.
TEST(CodecCli, ScaledMfmaIsSixteenBytes) {
  std::string const text = "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:9], v[12:15], v[20:23], v24, v25 "
                           "op_sel:[1,0,0] op_sel_hi:[0,1,0] cbsz:2 blgp:4";
  std::string const bytes = "[0x00,0x08,0xac,0xd3,0x18,0x33,0x02,0x10,0x00,0x0a,0xad,0xd3,0x04,0x19,0x52,0x84]";
  auto const enc = out_of(kBin + " encode --arch gfx950 '" + text + "'");
  EXPECT_EQ(enc.status, 0);
  EXPECT_EQ(enc.output, bytes + "\n");
  auto const dec = out_of(kBin + " decode --arch gfx950 '" + bytes + "'");
  EXPECT_EQ(dec.status, 0);
  EXPECT_EQ(dec.output, text + "\n");
  // Two one-word instructions in one item, and the prefix on its own.
  auto const two = out_of(kBin + " decode --arch gfx950 '0x00,0x00,0xad,0xd3,0x04,0x19,0x52,0x04,"
                                 "0x00,0x00,0xad,0xd3,0x04,0x19,0x52,0x04'");
  EXPECT_EQ(two.status, 1);
  EXPECT_EQ(two.output, "error: the 16 bytes hold more than one instruction: the first, "
                        "v_mfma_f32_16x16x128_f8f6f4, has 8\n");
  auto const alone = out_of(kBin + " decode --arch gfx950 '0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x18'");
  EXPECT_EQ(alone.status, 0);
  EXPECT_EQ(alone.output, "v_mfma_ld_scale_b32 v1, v2\n");
  auto const prefixed = out_of(kBin + " decode --arch gfx950 '0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x18,"
                                      "0x00,0x00,0xad,0xd3,0x04,0x19,0x52,0x04'");
  EXPECT_EQ(prefixed.status, 1);
  EXPECT_EQ(prefixed.output, "error: the 16 bytes hold more than one instruction: the first, "
                             "v_mfma_ld_scale_b32, has 8\n");
  auto const enc_alone = out_of(kBin + " encode --arch gfx950 'v_mfma_ld_scale_b32 s1, 1.0 op_sel:[1,0]'");
  EXPECT_EQ(enc_alone.status, 0);
  EXPECT_EQ(enc_alone.output, "[0x00,0x48,0xac,0xd3,0x01,0xe4,0x01,0x18]\n");
}

TEST(CodecCli, EncodeOutputDecodesBack) {
  auto const r = out_of(kBin +
                        " encode --arch gfx942 'v_mfma_f64_16x16x4f64 v[0:7], v[8:9], v[10:11], "
                        "v[0:7] neg:[1,0,1]' | xargs -0 " +
                        kBin + " decode --arch gfx942");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output, "v_mfma_f64_16x16x4_f64 v[0:7], v[8:9], v[10:11], v[0:7] neg:[1,0,1]\n");
}

TEST(CodecCli, BadUsageIsOneLineAndStatusTwo) {
  auto const wave = err_of(kBin + " decode --arch gfx942 --wave 32 '0x00'");
  EXPECT_EQ(wave.status, 2);
  EXPECT_EQ(wave.output, "wavemma: error: gfx942 has no wave32 (CDNA3 runs wave64 only)\n");
  auto const arch = err_of(kBin + " encode --arch gfx9000 'v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3]'");
  EXPECT_EQ(arch.status, 2);
  EXPECT_NE(arch.output.find("unknown architecture 'gfx9000' (known: gfx1100,"), std::string::npos) << arch.output;
  EXPECT_EQ(std::count(arch.output.begin(), arch.output.end(), '\n'), 1);
  EXPECT_EQ(err_of(kBin + " encode 'v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3]'").status, 2);
  EXPECT_EQ(err_of(kBin + " decode --arch gfx942 --wave 48 '0x00'").status, 2);
}

TEST(CodecCli, FileListingKeepsEveryByte) {
  std::vector<uint8_t> const blob = {
      0x08, 0x40, 0x40, 0xcc, 0x00, 0x09, 0x22, 0x1c, // valid
      0x08, 0x40, 0x40, 0xcc, 0x00, 0x09, 0x22, 0x18, // C is an SGPR: resume 4 bytes later
      0x04, 0x40, 0x40, 0xcc, 0x00, 0x05, 0x12, 0x1c, // valid
      0x01, 0x02, 0x03,                               // a trailing partial dword
  };
  auto const [out, err] = listing("gfx1200", blob);
  EXPECT_EQ(out.status, 1);
  EXPECT_EQ(out.output, "0x0000: v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15] ; "
                        "[0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c]\n"
                        "0x0008: .long 0xcc404008 ; [0x08,0x40,0x40,0xcc]\n"
                        "0x000c: .long 0x18220900 ; [0x00,0x09,0x22,0x18]\n"
                        "0x0010: v_wmma_f32_16x16x16_f16 v[4:11], v[0:3], v[2:5], v[4:11] ; "
                        "[0x04,0x40,0x40,0xcc,0x00,0x05,0x12,0x1c]\n"
                        "0x0018: .byte 0x01,0x02,0x03\n");
  EXPECT_NE(err.output.find("warning: invalid instruction encoding at offset 0x8: SRC2 holds SGPR s8"),
            std::string::npos)
      << err.output;
  EXPECT_NE(err.output.find("warning: not a matrix instruction at offset 0xc:"), std::string::npos) << err.output;
  EXPECT_NE(err.output.find("warning: trailing 3 bytes at offset 0x18"), std::string::npos) << err.output;
}

TEST(CodecCli, CleanFileListsWithStatusZero) {
  auto const r = listing("gfx942", {0x00, 0x00, 0xcd, 0xd3, 0x04, 0x0d, 0x02, 0x04, 0x00, 0x80, 0xcd, 0xd3, 0x04, 0x0d,
                                    0x02, 0x0a})
                     .out;
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output, "0x0000: v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3] ; "
                      "[0x00,0x00,0xcd,0xd3,0x04,0x0d,0x02,0x04]\n"
                      "0x0008: v_mfma_f32_16x16x16_f16 a[0:3], a[4:5], v[6:7], 0 ; "
                      "[0x00,0x80,0xcd,0xd3,0x04,0x0d,0x02,0x0a]\n");
}

// A listing steps over a scaled MFMA's 16 bytes at once; a prefix whose next word is no scaled MFMA
// is v_mfma_ld_scale_b32 on its own, and the word after it decodes on its own (as llvm-mc does).
TEST(CodecCli, FileListingStepsOverScaledMfma) {
  auto const [out, err] = listing("gfx950", {0x00, 0x00, 0xac, 0xd3, 0x18, 0x33, 0x02, 0x00, 0x00, 0x08, 0xad,
                                             0xd3, 0x04, 0x19, 0x52, 0x04, 0x00, 0x40, 0xac, 0xd3, 0x01, 0x05,
                                             0x02, 0x18, 0x00, 0x00, 0xad, 0xd3, 0x04, 0x19, 0x52, 0x04});
  EXPECT_EQ(out.status, 0) << err.output;
  EXPECT_EQ(out.output, "0x0000: v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, v25 "
                        "op_sel_hi:[0,0,0] ; [0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0x00,0x08,0xad,0xd3,0x04,0x19,"
                        "0x52,0x04]\n"
                        "0x0010: v_mfma_ld_scale_b32 v1, v2 ; [0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x18]\n"
                        "0x0018: v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23] ; "
                        "[0x00,0x00,0xad,0xd3,0x04,0x19,0x52,0x04]\n");
}

TEST(CodecCli, HelpShowsExamples) {
  for (char const* cmd : {"encode", "decode"}) {
    auto const r = out_of(kBin + " " + cmd + " --help");
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.output.find("Examples:"), std::string::npos) << cmd;
    EXPECT_NE(r.output.find("--arch"), std::string::npos) << cmd;
  }
}

} // namespace
