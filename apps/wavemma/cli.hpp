#pragma once
// Shared pieces of the wavemma command line, one helper per shared behaviour: error types with
// their exit statuses, messages that never throw, the number grammar of every option and file, the
// --arch/--wave options, the instruction selection, output that is checked, bounded input.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "wavemma/isa/arch.hpp"
#include "wavemma/isa/instruction.hpp"
#include "wavemma/isa/modifiers.hpp"
#include "wavemma/isa/resolve.hpp"

namespace wavemma::cli {

// --- errors and messages -------------------------------------------------------------------------

// Bad usage or bad input: one line on stderr, exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// The command ran and failed (a check did not pass, an item could not be processed, the output
// could not be written): exit 1.
struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Runs the command line (everything main() does but guarding the standard streams) and returns the
// exit status: 0, 1 (Failure) or 2 (UsageError). Never throws; the fuzz target calls it in-process.
int run(int argc, char** argv);

// Text on stderr ("wrote F", progress, "wavemma: warning: ..."). Never throws: a closed or full
// stderr loses the text, not the command.
void note(std::string_view text);
void warn(std::string_view message); // "wavemma: warning: <message>\n"

// Text from a file, quoted for a one-line message (isa::excerpt).
using isa::excerpt;

// Case-insensitive name comparison: every name an option takes (architecture, format, family,
// view, operand, policy, GPU) is matched without regard to case.
bool iequals(std::string_view a, std::string_view b);

// A text option (or positional) whose value must not be empty: "" never stands for "not given".
CLI::Option* add_text(CLI::App&, std::string const& names, std::string& value, std::string const& help);

// --- numbers -------------------------------------------------------------------------------------

// One grammar for every number on the command line and in matrix files. Integers: decimal digits
// (leading zeros stay decimal: 010 is ten, never octal), '-' in front for a negative value, and
// "0x" hex only where the caller allows it. Nothing else: no '+', no blanks, no empty string.
// Reals: [-]digits[.digits][e[+|-]digits], or .digits; no hex, inf or nan.
enum class Radix { kDecimal, kDecimalOrHex };
std::optional<int64_t> parse_int(std::string_view, Radix = Radix::kDecimal);   // nullopt: bad or overflow
std::optional<uint64_t> parse_uint(std::string_view, Radix = Radix::kDecimal); // nullopt: bad, negative or overflow
std::optional<double> parse_real(std::string_view);                            // nullopt: bad or out of range

// A real of that grammar as the exact binary value the digits denote: (-1)^neg * (sig + sticky*e)
// * 2^exp, where e is a positive amount below sig's last bit (the digits beyond it were not all
// zero). Any length and any exponent: beyond 10^400 the value is a huge finite number (it
// overflows every format), below 10^-400 a tiny nonzero one, so that numeric::encode rounds it
// once, correctly, into any format. nullopt: not the grammar.
struct ExactReal {
  bool neg = false;
  uint64_t sig = 0;
  int exp = 0;
  bool sticky = false;
};
std::optional<ExactReal> parse_decimal(std::string_view);

// The inclusive bounds of an integer option; a max of INT_MAX reads ">= min" in messages.
struct IntBounds {
  int64_t min = std::numeric_limits<int>::min(), max = std::numeric_limits<int>::max();
};
// Registers an integer option whose value goes through parse_int and [min, max]; a bad value is
// a UsageError naming the option and the range. An optional stays unset when not given.
CLI::Option* add_int(CLI::App&, std::string const& names, int& value, std::string const& help, IntBounds);
CLI::Option* add_int(CLI::App&, std::string const& names, std::optional<int>& value, std::string const& help,
                     IntBounds);
// A 64-bit unsigned option, decimal or 0x hex (seeds).
CLI::Option* add_u64(CLI::App&, std::string const& names, uint64_t& value, std::string const& help);
// A real option within inclusive bounds (a clock: 1..100000 MHz); inf, NaN and values outside
// are a UsageError naming the option and the range.
struct RealBounds {
  double min, max;
};
CLI::Option* add_real(CLI::App&, std::string const& names, std::optional<double>& value, std::string const& help,
                      RealBounds);
// An integer of a composite value ("--explain ROW,COL"), checked like an option's.
int int_value(std::string_view flag, std::string_view text, IntBounds);

// --- architecture and wave size ------------------------------------------------------------------

// "Architecture: gfx1100, ..., rdna3, ...": the --arch help, from the catalog's architectures.
std::string arch_help();
// --arch: a gfx name or a family alias, case-insensitive. `absent` says in the help what happens
// without it (each command infers the architecture from what else names one, or asks for it).
void add_arch(CLI::App&, std::string& value, std::string_view absent);
// --wave 32|64; 0 stays "not given".
void add_wave(CLI::App&, int& value);
isa::Arch const& find_arch_or_throw(std::string_view name); // isa::resolve_arch
using isa::wave_on;                                         // the wave size to use on an architecture, checked

// --arch / --wave and the instruction positional, resolved together (isa::resolve_target).
using Target = isa::Target;

struct TargetOptions {
  std::string instruction; // mnemonic, alias or builtin name
  std::string arch;
  int wave = 0; // 0: the architecture's default
  void add_to(CLI::App& app, bool instruction_required = true);
  // Resolves the options; without --arch an unambiguous instruction picks its generation's
  // default architecture (isa::default_arch); a builtin name fixes the wave size.
  Target resolve() const;
};

// Modifier flags spelled like the assembler's. Each command adds the ones it takes.
struct ModifierOptions {
  isa::ModifierText text;              // checked by isa::resolve_modifiers
  void add_data_moving(CLI::App& app); // --cbsz --abid --blgp --opsel --index-key
  void add_all(CLI::App& app);         // plus --neg-lo --neg-hi --neg --clamp --fp16-ovfl
  // Parses and checks against the instruction; warnings go to stderr.
  isa::Modifiers resolve(isa::Instruction const&, int wave) const;
};

// --- formats and output --------------------------------------------------------------------------

// The formats of machine-readable output; names case-insensitive.
enum class Format { kText, kCsv, kMarkdown, kJson, kSvg };
Format parse_format(std::string const& s, std::initializer_list<Format> allowed);

// The unit of a rate of operations, as AMD writes it: "TFLOPS" for floating-point, "TOPS" for
// integer arithmetic (prefix 'T', 'G', ...).
std::string rate_unit(bool integer, char prefix);

// Output is checked, never assumed: `text` goes to stdout ("" or "-") or to the file `path`,
// which is opened, written and closed, each step checked (a Failure names the file and the
// reason); "wrote F" on stderr only once F is whole. stdout itself is checked by run() once the
// command is done (flush, then the stream's error state): a failed write anywhere fails it.
void write_output(std::string const& text, std::string const& path);
// Flushes stdout; a Failure if anything written to it was lost. For a note that must follow the
// output only once it is whole ("22 instructions").
void flush_stdout();

// --- input ---------------------------------------------------------------------------------------

// A whole file ("-": stdin) of at most `limit` bytes; larger input is refused without reading
// more than limit + 1 bytes. `what` names it in messages ("--a").
std::string read_bounded(std::string const& path, size_t limit, std::string_view what);

// Lines of a stream, each cut at `limit` bytes (the rest of an overlong line is skipped, and
// `too_long` says so): bounded memory whatever the input.
struct LineReader {
  std::FILE* in;
  size_t limit;
  bool next(std::string& line, bool& too_long);
};

// --- limits --------------------------------------------------------------------------------------

// The work and memory one command may take (gemm's sizes). The defaults suit a person at a shared
// machine; the CLI fuzz target lowers them so that every gemm it reaches is small.
struct Limits {
  double gemm_multiply_adds = 0x1p38; // minutes of emulation at a few GFLOPS
  double gemm_bytes = 0x1p31;         // 2 GiB
};
Limits& limits();

// Register the subcommands.
void add_list(CLI::App&);
void add_show(CLI::App&);
void add_layout(CLI::App&); // layout, where, what
void add_peak(CLI::App&);
void add_exec(CLI::App&);
void add_codec(CLI::App&); // encode, decode
void add_gemm(CLI::App&);

} // namespace wavemma::cli
