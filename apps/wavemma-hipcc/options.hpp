#pragma once
// wavemma-hipcc's command line: hipcc's and clang's spelling, sorted into what each step needs.

#include <optional>
#include <string>
#include <vector>

namespace wavemma::hipcc {

enum class Language { kHip, kC, kAssembler, kLinkInput };

struct Input {
  std::string path;
  Language language;
};

// One --offload-arch: the gfx name, its wave size, and the name as given ("gfx90a:xnack+").
struct OffloadTarget {
  std::string arch;
  int wave = 0;
  std::string spelled;
};

enum class Mode {
  kLink,         // compile the sources and link a program (or -shared library)
  kCompile,      // -c
  kPreprocess,   // -E: the host pass's preprocessed source
  kSyntaxOnly,   // -fsyntax-only
  kDependencies, // -M / -MM
};

struct Options {
  Mode mode = Mode::kLink;
  std::vector<Input> inputs;
  std::vector<OffloadTarget> targets;    // the first is the default at run time
  std::string output;                    // -o
  std::vector<std::string> preprocessor; // -I -D -U -include -isystem ...: the preprocessing passes
  std::vector<std::string> dependencies; // -MD -MF ...: the host preprocessing pass
  std::vector<std::string> compiler;     // everything else: preprocessing, compiling and linking
  std::vector<std::string> language;     // -std=, -f[no-]exceptions, ...: also the rewriter's parse
  std::vector<std::string> linker;       // -l -L -Wl, -shared ...: linking
  std::vector<std::string> notes;        // "ignored: -fgpu-rdc ..." for -v
  bool verbose = false, dry_run = false, save_temps = false, help = false, version = false;
  bool lockstep_memory = true; // --lockstep=memory|collectives: device code calls the runtime at loads and stores
};

// Parses argv[1..]. Errors (an unknown --offload-arch, a GPU-only flag that cannot be honoured,
// a missing option value) are one line each.
struct Parsed {
  Options options;
  std::vector<std::string> errors;
};
Parsed parse(std::vector<std::string> const& args);

std::string usage();

} // namespace wavemma::hipcc
