#pragma once
// One run of a registered GEMM policy (checks off) with the kernel's wall time and CPU time. The
// runner launches the kernel in bands of rows and reports each: the CPU time from the first report
// to the last, per row, times the rows, is the kernel's (inputs and checks excluded).

#include <ctime>
#include <string>

#include "wavemma/gemm/runner.hpp"

namespace wavemma::bench {

struct KernelTime {
  double seconds = 0, cpu_seconds = 0; // cpu_seconds 0: too few bands to tell
  std::string error;                   // the launch's, if it failed
};

inline KernelTime time_policy(char const* arch, char const* policy, int n) {
  gemm::RunOptions o;
  o.arch = isa::find_arch(arch);
  o.policy = policy;
  o.m = o.n = o.k = n;
  o.check = false;
  std::clock_t first_clock = 0;
  int first_rows = 0;
  double cpu_per_row = 0;
  o.progress = [&](int done, int rows) {
    std::clock_t const now = std::clock();
    if (first_rows == 0) {
      first_clock = now;
      first_rows = done;
    } else if (done == rows) {
      cpu_per_row = double(now - first_clock) / CLOCKS_PER_SEC / (rows - first_rows);
    }
  };
  auto const r = gemm::run(o);
  return {r.seconds, cpu_per_row * n, r.launch_error};
}

} // namespace wavemma::bench
