#pragma once
// The wavemma binary as the contract sees it: exit status, stdout and stderr apart, each standard
// stream captured, full (/dev/full) or closed, stdin from a string or /dev/null.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace wavemma::test {

enum class Stream { kCaptured, kFull, kClosed };

struct Outcome {
  int status = -1; // exit status; -1 when killed by a signal (an abort, a crash)
  std::string out, err;
};

inline std::string temp_path(std::string const& name) {
  return fmt::format("{}wavemma-{}-{}", ::testing::TempDir(), getpid(), name);
}

inline std::string write_temp(std::string const& name, std::string const& text) {
  std::string const path = temp_path(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

inline std::string slurp(std::string const& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The one notice AddressSanitizer prints, once per process, when a program switches ucontext
// fibers (the SIMT lanes of the ASan build): "==PID==WARNING: ASan doesn't fully support
// makecontext/swapcontext ...". It is the sanitizer runtime's line, not the program's, and the
// ASan build only; every other sanitizer line stays in, and fails the one-line contract.
inline std::string without_sanitizer_notice(std::string err) {
  size_t const at = err.find("WARNING: ASan doesn't fully support makecontext/swapcontext");
  if (at == std::string::npos) return err;
  size_t const begin = err.rfind('\n', at), end = err.find('\n', at);
  size_t const from = begin == std::string::npos ? 0 : begin + 1;
  if (err.compare(from, 2, "==") != 0) return err; // not at the start of a sanitizer line
  err.erase(from, end == std::string::npos ? std::string::npos : end + 1 - from);
  return err;
}

// Runs `wavemma ARGS` (ARGS as shell words) with the given streams.
inline Outcome wavemma(std::string const& args, Stream out = Stream::kCaptured, Stream err = Stream::kCaptured,
                       std::string const& input = "") {
  std::string const out_file = temp_path("stdout"), err_file = temp_path("stderr"), in_file = temp_path("stdin");
  std::ofstream(in_file, std::ios::binary) << input;
  auto const redirect = [](int fd, Stream s, std::string const& file) {
    return s == Stream::kCaptured ? fmt::format(" {}>'{}'", fd, file)
           : s == Stream::kFull   ? fmt::format(" {}>/dev/full", fd)
                                  : fmt::format(" {}>&-", fd);
  };
  std::string const cmd = fmt::format("{} {} <'{}'{}{}", WAVEMMA_BIN, args, in_file, redirect(1, out, out_file),
                                      redirect(2, err, err_file));
  int const st = std::system(cmd.c_str());
  Outcome o;
  o.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  if (out == Stream::kCaptured) o.out = slurp(out_file);
  if (err == Stream::kCaptured) o.err = without_sanitizer_notice(slurp(err_file));
  std::remove(out_file.c_str());
  std::remove(err_file.c_str());
  std::remove(in_file.c_str());
  return o;
}

// The contract of a failure: the status, exactly one line on stderr holding `needle`, made of
// printable ASCII and UTF-8 (no control bytes), and nothing on stdout.
inline void expect_error(Outcome const& o, int status, std::string const& needle, std::string const& what) {
  EXPECT_EQ(o.status, status) << what << "\nstderr: " << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << what << "\nstderr: " << o.err;
  EXPECT_TRUE(o.err.ends_with('\n')) << what;
  EXPECT_NE(o.err.find(needle), std::string::npos) << what << "\nstderr: " << o.err << "wanted: " << needle;
  for (char c : o.err.substr(0, o.err.empty() ? 0 : o.err.size() - 1))
    EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20 || c == 0x7f) << what << ": control byte in " << o.err;
  EXPECT_TRUE(o.out.empty()) << what << " wrote to stdout: " << o.out.substr(0, 200);
}

} // namespace wavemma::test
