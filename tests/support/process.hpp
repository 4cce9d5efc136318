#pragma once
// Runs an external program (the oracles: clang-22, llvm-mc-22, the wavemma binary) and captures
// its combined output and exit status.

#include <array>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <sys/wait.h>

namespace wavemma::test {

struct RunResult {
  int status = -1; // exit status, or -1 if the program did not exit normally
  std::string output;
};

// Runs `cmd` through /bin/sh with stderr merged into stdout.
inline RunResult run(std::string const& cmd) {
  RunResult r;
  FILE* pipe = popen((cmd + " 2>&1").c_str(), "r");
  if (!pipe) throw std::runtime_error("cannot run " + cmd);
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
  int const st = pclose(pipe);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

} // namespace wavemma::test
