#pragma once
// Host side of the GEMM system: the registry of named policies, one run of a policy on the SIMT
// runtime, and the two checks of every run (bit for bit against the chain of single-instruction
// emulations in K order, and within a tolerance of an f64 reference).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wavemma/isa/arch.hpp"

namespace wavemma::gemm {

struct PolicyInfo {
  std::string_view name;
  std::optional<isa::Generation> gen; // the generation it runs on; none: any (scalar fallbacks)
  int wave;                           // 0 for the scalar fallbacks: the architecture's default
  std::string_view instruction;       // the matrix instruction, empty for scalar FMA
  std::string_view input;             // element type of A and B ("f16", "bf16", "fp8", "iu8", ...)
  std::string_view output;            // "f32", "i32", "f64"
  int block_m, block_n, k_tile, threads, buffers;
  int cycles = 0; // of one issue of the instruction (its formats), 0 for scalar FMA
  bool sparse;
  bool scaled = false; // block-scaled (matrix_multiply_scaled): E8M0 scales per 32 K of A's rows and B's columns
  std::string tile_policy, compute_policy; // for people
  bool runs_on(isa::Arch const&) const;
  std::string_view generation_name() const; // "any" or the generation's name ("gfx12")
};

std::vector<PolicyInfo> const& policies();
PolicyInfo const* find_policy(std::string_view name, isa::Arch const&);
std::vector<std::string> archs_of(PolicyInfo const&); // the architectures a policy runs on

struct RunOptions {
  isa::Arch const* arch = nullptr;
  std::string policy;
  int m = 256, n = 256, k = 256;
  uint64_t seed = 1;
  // kRandom: floats uniform in [-1, 1] rounded into the input format, integers over their range.
  // kSmallIntegers: integers of [-2, 2] ([0, 2] for unsigned inputs and for RDNA3 float inputs,
  // whose DOT2 steps add a unit in the last place for each term of the other sign, numerics.md
  // §4.2). Every input format holds them, and every output format their products and sums for
  // K < 2^22: the exact product is then the right answer in any accumulation order, and the f64
  // reference must be met with no error at all -- a side of the check that owes nothing to the
  // emulator.
  enum class Values { kRandom, kSmallIntegers } values = Values::kRandom;
  bool check = true; // false: time the kernel only (benchmarks); passed stays false
  // Called with (rows done, rows) while the kernel runs; the kernel is launched in bands of rows.
  std::function<void(int, int)> progress;
};

struct RunResult {
  PolicyInfo const* policy = nullptr;
  bool passed = false;
  bool bitwise_equal = false;
  long mismatches = 0;                 // elements that differ from the chain of emulations
  std::string first_mismatch;          // "C[3][17]: kernel 0x..., reference 0x..."
  double max_abs_error = 0;            // against the f64 reference
  double max_error_over_tolerance = 0; // worst |error| / tolerance (<= 1 passes)
  double seconds = 0;                  // the kernel's time on the CPU
  double reference_seconds = 0;        // the chain of emulations
  double emulated_gflops = 0;          // 2mnk / seconds / 1e9
  std::string launch_error;            // the runtime's message if the launch failed
};

// Throws std::invalid_argument for an unknown policy, an architecture it does not run on, or a
// bad size.
RunResult run(RunOptions const&);

// The modelled time of the same GEMM on a GPU: every instruction issue takes the row's cycles on
// one of the CU's matrix units (the issue count is the instruction tiles times the K steps).
struct Model {
  double seconds = 0, tflops = 0;
  long issues = 0;
};
Model model_on_gpu(PolicyInfo const&, isa::Arch const&, isa::Gpu const&, int m, int n, int k);

} // namespace wavemma::gemm
