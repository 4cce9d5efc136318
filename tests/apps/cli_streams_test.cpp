// wavemma and its standard streams (issue 13 item 8): an error printer that survives a closed or
// full stderr, and output that could not be written reported as a failure, never as written.

#include <gtest/gtest.h>

#include "cli_process.hpp"

namespace wavemma {
namespace {

using test::Stream;
using test::wavemma;

// One invocation of every command that prints to stdout.
std::vector<std::string> every_command() {
  std::string const ones = test::write_temp("ones.txt", [] {
    std::string m;
    for (int r = 0; r < 16; ++r) {
      for (int c = 0; c < 16; ++c) m += c ? " 0x3c00" : "0x3c00";
      m += "\n";
    }
    return m;
  }());
  return {"list --arch gfx1201",
          "list --models",
          "show v_mfma_f32_16x16x16_f16",
          "layout v_mfma_f32_16x16x16_f16 --operand A",
          "layout v_mfma_f32_16x16x16_f16 --operand A --format svg",
          "where v_mfma_f32_16x16x16_f16 --operand A --row 1 --col 2",
          "what v_mfma_f32_16x16x16_f16 --operand A --lane 1 --vgpr 0",
          "peak v_mfma_f32_16x16x16_f16",
          "peak --list-gpus",
          "exec v_mfma_f32_16x16x16_f16 --a " + ones + " --b " + ones,
          "exec v_mfma_f32_16x16x16_f16 --a " + ones + " --b " + ones + " --explain 1,2",
          "encode --arch gfx942 'v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3]'",
          "decode --arch gfx942 0x00,0x00,0xcd,0xd3,0x04,0x0d,0x02,0x04",
          "gemm --size 32 --quiet",
          "gemm --size 32 --format json",
          "gemm --list-policies",
          "--help",
          "gemm --help",
          "--version"};
}

TEST(CliStreams, ErrorsSurviveAClosedOrFullStderr) {
  for (Stream err : {Stream::kClosed, Stream::kFull}) {
    EXPECT_EQ(wavemma("list --arch bogus", Stream::kCaptured, err).status, 2); // was SIGABRT
    EXPECT_EQ(wavemma("exec v_nothing --a x --b y", Stream::kCaptured, err).status, 2);
    EXPECT_EQ(wavemma("frobnicate", Stream::kCaptured, err).status, 2);
    EXPECT_EQ(wavemma("list --wave", Stream::kCaptured, err).status, 2); // a CLI11 parse error
    auto const ok = wavemma("list", Stream::kCaptured, err); // the "N instructions" note is lost, not the command
    EXPECT_EQ(ok.status, 0);
    EXPECT_NE(ok.out.find("v_wmma_f32_16x16x16_f16"), std::string::npos);
  }
}

TEST(CliStreams, StdoutThatCannotBeWrittenIsAFailure) {
  for (auto const& args : every_command()) {
    auto const fine = wavemma(args);
    ASSERT_EQ(fine.status, 0) << args << "\n" << fine.err;
    ASSERT_FALSE(fine.out.empty()) << args;
    for (Stream out : {Stream::kFull, Stream::kClosed}) {
      auto const o = wavemma(args, out);
      std::string const what =
          fmt::format("wavemma {} with stdout {}", args, out == Stream::kFull ? "/dev/full" : "closed");
      test::expect_error(o, 1, "cannot write standard output", what);
    }
  }
}

// Issue 21 item 10: no command is bad usage: the usage on stderr, nothing on stdout, exit 2 (it was 0).
TEST(CliStreams, NoCommandIsUsageAndExitTwo) {
  auto const o = wavemma("");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.out, "");
  EXPECT_NE(o.err.find("Usage: wavemma"), std::string::npos) << o.err;
  EXPECT_TRUE(o.err.ends_with("\nwavemma: error: a command is required\n")) << o.err;
  for (Stream err : {Stream::kClosed, Stream::kFull}) EXPECT_EQ(wavemma("", Stream::kCaptured, err).status, 2);
  auto const help = wavemma("--help"); // asked for, the usage is output
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("Usage: wavemma"), std::string::npos);
}

TEST(CliStreams, OutputFilesAreWholeOrAFailure) {
  std::string const args = "layout v_mfma_f32_16x16x16_f16 --operand A --format svg";
  auto const full = wavemma(args + " -o /dev/full");
  test::expect_error(full, 1, "could not write '/dev/full'", "-o /dev/full");
  EXPECT_EQ(full.err.find("wrote"), std::string::npos) << full.err;
  // Issue 21 item 10: an -o file that cannot be created is output that could not be written, exit
  // 1 as the README says (it was 2), like a full disk; so is one in a directory without write access.
  test::expect_error(wavemma(args + " -o /nonexistent/dir/a.svg"), 1, "cannot write '/nonexistent/dir/a.svg'",
                     "-o in a missing directory");
  test::expect_error(wavemma(args + " -o /proc/a.svg"), 1, "cannot write '/proc/a.svg'", "-o in a read-only directory");
  test::expect_error(wavemma(args + " -o " + ::testing::TempDir()), 1, "cannot write", "-o naming a directory");
  test::expect_error(wavemma(args + " -o ''"), 2, "--output takes a value", "-o ''");

  std::string const path = test::temp_path("a.svg");
  auto const written = wavemma(args + " -o " + path, Stream::kClosed); // stdout is not needed
  EXPECT_EQ(written.status, 0) << written.err;
  EXPECT_EQ(written.err, "wrote " + path + "\n");
  EXPECT_EQ(test::slurp(path), wavemma(args).out);
  EXPECT_EQ(wavemma(args + " -o -").out, wavemma(args).out); // - is stdout
}

} // namespace
} // namespace wavemma
