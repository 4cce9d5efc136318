#pragma once
// The source-to-source step of wavemma-hipcc. Its input is one translation unit as clang's HIP
// front end preprocessed it for one side (the host pass, or the device pass of one target), so
// every macro, #if and #include has already been resolved as real HIP resolves it. It parses that
// text with clang's HIP front end (which knows `<<< >>>`, __global__ and __shared__) and writes
// plain C++ that runs on the CPU:
//
//   kernel<<<grid, block, shared, stream>>>(args)  ->  (__wavemma_push_launch(grid, block,
//                                                      shared, stream), kernel(args))
//   host pass:   a kernel's body becomes a stub that launches the device pass's code by name
//   device pass: a kernel's body first registers the kernel (its key and a trampoline) for the
//                target, so that the host pass's stub finds it
//   __shared__ T x[N];           ->  static thread_local T x[N];   (a block runs on one thread)
//   extern __shared__ T x[];     ->  every use reads the launch's dynamic shared memory
//   __device__/__constant__ vars ->  registered, so hipMemcpyToSymbol finds the device copy
//
// Device code that cannot run on the CPU (inline assembly, a builtin wavemma does not emulate,
// __managed__) is reported here, and so is a use of what wavemma's headers refuse (a function
// whose body is a `static_assert` saying "not emulated"): as the primary error, at the use, in
// place of the overload or instantiation failure the refusal causes. Every diagnostic of this
// step names the user's file, line and column and quotes the user's line (diagnostics.hpp).
//
// Every edit keeps the number of lines, so that the rewritten text's line markers stay true; the
// columns of the edited lines are recorded (ColumnMaps) for the compile's diagnostics.

#include "diagnostics.hpp"

#include <string>
#include <vector>

namespace wavemma::hipcc {

enum class Side { kHost, kDevice };

struct RewriteInput {
  std::string text; // the preprocessed translation unit (with line markers)
  std::string name; // its name in diagnostics ("prog.hip")
  Side side = Side::kHost;
  std::string target;            // device pass: "gfx942"
  int wave = 0;                  // device pass: 32 or 64
  std::vector<std::string> args; // extra parser arguments (-std=..., -W..., --offload-arch=...)
  bool caret = true;             // quote the user's line under each diagnostic
};

struct RewriteOutput {
  std::string text;                // plain C++ (line markers kept)
  bool has_device_code = false;    // kernels, __device__ variables or __device__ functions
  std::vector<std::string> errors; // "prog.hip:12:5: error: ..." (with its notes and quoted lines,
                                   // each ending in a newline); empty on success
  ColumnMaps columns;              // the edited lines' columns
};

RewriteOutput rewrite(RewriteInput const&);

} // namespace wavemma::hipcc
