#pragma once
// Shared pieces of the wavemma command line: error types with their exit statuses, the
// instruction/architecture selection every command uses, and output helpers.

#include <CLI/CLI.hpp>
#include <optional>
#include <stdexcept>
#include <string>

#include "wavemma/isa/arch.hpp"
#include "wavemma/isa/instruction.hpp"
#include "wavemma/isa/modifiers.hpp"

namespace wavemma::cli {

// Bad usage or bad input: one line on stderr, exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// The command ran and failed (a check did not pass, an item could not be processed): exit 1.
struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// --arch / --wave and the instruction positional, resolved together.
struct Target {
  isa::Arch const* arch = nullptr;
  int wave = 0;
  isa::Instruction const* instruction = nullptr;
};

struct TargetOptions {
  std::string instruction; // mnemonic, alias or builtin name
  std::string arch;
  int wave = 0;            // 0: the architecture's default
  void add_to(CLI::App& app, bool instruction_required = true);
  // Resolves the options; without --arch an unambiguous instruction picks its generation's
  // default architecture (isa::default_arch); a builtin name fixes the wave size.
  Target resolve() const;
  isa::Arch const& resolve_arch_only() const; // for commands without an instruction
};

// "Architecture: gfx1100, ..., rdna3, ...": the --arch help, from the catalog's architectures.
std::string arch_help();

// Modifier flags spelled like the assembler's. Each command adds the ones it takes.
struct ModifierOptions {
  std::string neg_lo, neg_hi, op_sel, neg; // "a,b,c" lists of 0/1
  int cbsz = 0, abid = 0, blgp = 0, index_key = 0;
  bool clamp = false, fp16_ovfl = false;
  void add_data_moving(CLI::App& app); // --cbsz --abid --blgp --opsel --index-key
  void add_all(CLI::App& app);         // plus --neg-lo --neg-hi --neg --clamp --fp16-ovfl
  // Parses and checks against the instruction; warnings go to stderr.
  isa::Modifiers resolve(isa::Instruction const&, int wave) const;
};

// The formats of machine-readable output.
enum class Format { kText, kCsv, kMarkdown, kJson, kSvg };
Format parse_format(std::string const& s, std::initializer_list<Format> allowed);

// Register the subcommands.
void add_list(CLI::App&);
void add_show(CLI::App&);
void add_layout(CLI::App&); // layout, where, what
void add_peak(CLI::App&);
void add_exec(CLI::App&);
void add_codec(CLI::App&);  // encode, decode
void add_gemm(CLI::App&);

} // namespace wavemma::cli
