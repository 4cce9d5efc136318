#include "options.hpp"

#include "wavemma/isa/arch.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <optional>
#include <string_view>

namespace wavemma::hipcc {
namespace {

// Where an option goes. Options not in the table go to `compiler` (every clang step).
enum class Route : uint8_t {
  kPreprocessor, // the preprocessing passes
  kDependencies, // the host preprocessing pass
  kLinker,
  kLanguage, // every clang step and the rewriter's parse
  kIgnored,  // a GPU-only option with no meaning on the CPU
  kRefused,  // a GPU-only option that cannot be honoured
};

struct Rule {
  std::string_view name;
  Route route;
  bool value = false;           // takes a value: "-Ipath", "-I path"; with '=': "--x=v" only
  std::string_view reason = {}; // kIgnored / kRefused: why
};

constexpr std::string_view kNoGpu = "there is no GPU code object on the CPU";

// A C++ standard older than C++17 ("-std=c++11" or its value alone), as the C++17 of its dialect.
std::optional<std::string> raised_standard(std::string_view spelled) {
  if (spelled.starts_with("-std=")) spelled.remove_prefix(5);
  for (std::string_view dialect : {"c++", "gnu++"})
    if (spelled.starts_with(dialect))
      for (std::string_view old : {"98", "03", "0x", "11", "1y", "14"})
        if (spelled.substr(dialect.size()) == old) return std::string(dialect) + "17";
  return std::nullopt;
}

// clang-format off
constexpr std::array kRules = std::to_array<Rule>({
  {"-I", Route::kPreprocessor, true}, {"-D", Route::kPreprocessor, true}, {"-U", Route::kPreprocessor, true},
  {"-include", Route::kPreprocessor, true}, {"-imacros", Route::kPreprocessor, true},
  {"-isystem", Route::kPreprocessor, true}, {"-iquote", Route::kPreprocessor, true},
  {"-idirafter", Route::kPreprocessor, true}, {"-isysroot", Route::kPreprocessor, true},
  {"-nostdinc", Route::kPreprocessor}, {"-nostdinc++", Route::kPreprocessor},
  {"-MD", Route::kDependencies}, {"-MMD", Route::kDependencies}, {"-MP", Route::kDependencies},
  {"-MG", Route::kDependencies}, {"-MF", Route::kDependencies, true}, {"-MT", Route::kDependencies, true},
  {"-MQ", Route::kDependencies, true},
  {"-L", Route::kLinker, true}, {"-l", Route::kLinker, true}, {"-Xlinker", Route::kLinker, true},
  {"-u", Route::kLinker, true}, {"-Wl,", Route::kLinker, true}, {"-shared", Route::kLinker},
  {"-static", Route::kLinker}, {"-rdynamic", Route::kLinker}, {"-pie", Route::kLinker}, {"-no-pie", Route::kLinker},
  {"-nostdlib", Route::kLinker}, {"-nodefaultlibs", Route::kLinker}, {"-static-libstdc++", Route::kLinker},
  {"-static-libgcc", Route::kLinker}, {"-fuse-ld=", Route::kLinker, true},
  {"-std=", Route::kLanguage, true}, {"-fexceptions", Route::kLanguage}, {"-fno-exceptions", Route::kLanguage},
  {"-frtti", Route::kLanguage}, {"-fno-rtti", Route::kLanguage}, {"-fchar8_t", Route::kLanguage},
  {"-fno-char8_t", Route::kLanguage}, {"-fms-extensions", Route::kLanguage}, {"-fsigned-char", Route::kLanguage},
  {"-funsigned-char", Route::kLanguage}, {"-fno-gnu-keywords", Route::kLanguage},
  {"-fopenmp", Route::kLanguage}, {"-fopenmp=", Route::kLanguage, true}, {"-fno-openmp", Route::kLanguage},
  {"-fopenmp-simd", Route::kLanguage}, {"-fno-openmp-simd", Route::kLanguage},
  {"-fno-gpu-rdc", Route::kIgnored, false, "device code is always per file here"},
  {"-munsafe-fp-atomics", Route::kIgnored, false, "atomics on the CPU are exact"},
  {"-mno-unsafe-fp-atomics", Route::kIgnored, false, "atomics on the CPU are exact"},
  {"-mcumode", Route::kIgnored, false, "no CU/WGP mode on the CPU"},
  {"-mno-cumode", Route::kIgnored, false, "no CU/WGP mode on the CPU"},
  {"-mxnack", Route::kIgnored, false, kNoGpu}, {"-mno-xnack", Route::kIgnored, false, kNoGpu},
  {"-msramecc", Route::kIgnored, false, kNoGpu}, {"-mno-sramecc", Route::kIgnored, false, kNoGpu},
  {"-mtgsplit", Route::kIgnored, false, kNoGpu}, {"-mno-tgsplit", Route::kIgnored, false, kNoGpu},
  {"-nogpulib", Route::kIgnored, false, "no device library is linked"},
  {"-nogpuinc", Route::kIgnored, false, "wavemma's hip/*.h headers are always used"},
  {"-fhip-new-launch-api", Route::kIgnored, false, "launches are always wavemma's"},
  {"-fno-hip-new-launch-api", Route::kIgnored, false, "launches are always wavemma's"},
  {"--hip-link", Route::kIgnored, false, "the wavemma runtime is always linked"},
  {"-fgpu-flush-denormals-to-zero", Route::kIgnored, false, "device arithmetic is the emulated instructions'"},
  {"-fno-gpu-flush-denormals-to-zero", Route::kIgnored, false, "device arithmetic is the emulated instructions'"},
  {"-fgpu-sanitize", Route::kIgnored, false, "use -fsanitize=address, which covers device code here"},
  {"-fno-gpu-sanitize", Route::kIgnored, false, kNoGpu},
  {"-fgpu-approx-transcendentals", Route::kIgnored, false, "device math is the host's"},
  {"-fno-gpu-approx-transcendentals", Route::kIgnored, false, "device math is the host's"},
  {"-fhip-fp32-correctly-rounded-divide-sqrt", Route::kIgnored, false, "device math is the host's"},
  {"-fno-hip-fp32-correctly-rounded-divide-sqrt", Route::kIgnored, false, "device math is the host's"},
  {"--rocm-path=", Route::kIgnored, true, "no ROCm is used"}, {"--hip-path=", Route::kIgnored, true, "no ROCm is used"},
  {"--hip-device-lib-path=", Route::kIgnored, true, "no device library is linked"},
  {"--hip-device-lib=", Route::kIgnored, true, "no device library is linked"},
  {"--hip-version=", Route::kIgnored, true, "wavemma's headers are used"},
  {"-fgpu-inline-threshold=", Route::kIgnored, true, kNoGpu},
  {"--gpu-max-threads-per-block=", Route::kIgnored, true, "a block may have up to 1024 threads"},
  {"-mcode-object-version=", Route::kIgnored, true, kNoGpu},
  {"-Xarch_device", Route::kIgnored, true, kNoGpu}, {"-Xoffload-linker", Route::kIgnored, true, kNoGpu},
  {"-fgpu-rdc", Route::kRefused, false,
   "relocatable device code is not supported: each file's device code must be self-contained"},
  {"--offload-device-only", Route::kRefused, false, kNoGpu}, {"--cuda-device-only", Route::kRefused, false, kNoGpu},
  {"--offload-host-only", Route::kRefused, false, "the kernels need their device pass"},
  {"--cuda-host-only", Route::kRefused, false, "the kernels need their device pass"},
  {"--genco", Route::kRefused, false, kNoGpu}, {"-emit-llvm", Route::kRefused, false, kNoGpu},
  {"-S", Route::kRefused, false,
   "there is no GPU assembly on the CPU; clang++-22 -x hip --offload-arch=... -S gives the GPU's"},
});
// clang-format on

std::optional<Language> language_of_x(std::string_view x) {
  if (x == "hip" || x == "cuda" || x == "c++" || x == "cu") return Language::kHip;
  if (x == "c") return Language::kC;
  if (x == "assembler" || x == "assembler-with-cpp") return Language::kAssembler;
  return std::nullopt;
}

Language language_of_path(std::string_view path) {
  auto ends = [&](std::string_view e) { return path.ends_with(e); };
  if (ends(".c")) return Language::kC;
  if (ends(".s") || ends(".S")) return Language::kAssembler;
  for (auto e : {".hip", ".cu", ".cpp", ".cc", ".cxx", ".c++", ".cp", ".C", ".hpp", ".h"})
    if (ends(e)) return Language::kHip; // as hipcc, which compiles C++ sources as HIP
  return Language::kLinkInput;
}

} // namespace

Parsed parse(std::vector<std::string> const& args) {
  Parsed p;
  Options& o = p.options;
  std::optional<Language> forced; // -x
  std::vector<std::string> arch_names;
  int wave64 = -1; // -mwavefrontsize64 / -mno-wavefrontsize64

  for (size_t i = 0; i < args.size(); ++i) {
    std::string const& a = args[i];
    if (a.empty()) continue;
    if (a == "-c") {
      o.mode = Mode::kCompile;
      continue;
    }
    if (a == "-E") {
      o.mode = Mode::kPreprocess;
      continue;
    }
    if (a == "-fsyntax-only") {
      o.mode = Mode::kSyntaxOnly;
      continue;
    }
    if (a == "-M" || a == "-MM") {
      o.mode = Mode::kDependencies;
      o.dependencies.push_back(a);
      continue;
    }
    if (a == "-v") {
      o.verbose = true;
      continue;
    }
    if (a == "-###") {
      o.dry_run = true;
      continue;
    }
    if (a == "-save-temps" || a == "--save-temps") {
      o.save_temps = true;
      continue;
    }
    if (a == "--help" || a == "-help" || a == "-h") {
      o.help = true;
      continue;
    }
    if (a == "--version") {
      o.version = true;
      continue;
    }
    if (a.starts_with("--lockstep=")) {
      std::string_view const v = std::string_view(a).substr(11);
      if (v != "memory" && v != "collectives")
        p.errors.push_back(fmt::format("{}: the lockstep is memory or collectives", a));
      o.lockstep_memory = v != "collectives";
      continue;
    }
    if (a == "-mwavefrontsize64") {
      wave64 = 1;
      continue;
    }
    if (a == "-mno-wavefrontsize64") {
      wave64 = 0;
      continue;
    }
    if (a == "-o") {
      if (i + 1 >= args.size()) {
        p.errors.push_back("-o needs a file name");
        continue;
      }
      o.output = args[++i];
      continue;
    }
    if (a.starts_with("-o") && a.size() > 2) {
      o.output = a.substr(2);
      continue;
    }
    if (a == "-x" || (a.starts_with("-x") && a.size() > 2 && a[1] == 'x')) {
      std::string const x = a == "-x" ? (i + 1 < args.size() ? args[++i] : "") : a.substr(2);
      if (x == "none") {
        forced.reset();
        continue;
      }
      forced = language_of_x(x);
      if (!forced) p.errors.push_back(fmt::format("-x {}: wavemma-hipcc compiles hip, c++, c and assembler", x));
      continue;
    }
    bool target_option = false;
    for (std::string_view t : {"--offload-arch", "--amdgpu-target", "--cuda-gpu-arch"}) {
      if (a == t || a.starts_with(std::string(t) + "=")) {
        target_option = true;
        std::string list = a == t ? (i + 1 < args.size() ? args[++i] : "") : a.substr(t.size() + 1);
        if (list.empty()) p.errors.push_back(fmt::format("{} needs a target, e.g. {}=gfx1201", t, t));
        for (size_t start = 0; start <= list.size() && !list.empty();) {
          size_t const comma = std::min(list.find(',', start), list.size());
          arch_names.push_back(list.substr(start, comma - start));
          start = comma + 1;
        }
      }
    }
    if (target_option) continue;
    if (a == "-mllvm" && i + 1 < args.size()) {
      if (args[i + 1].starts_with("-amdgpu")) {
        o.notes.push_back(fmt::format("ignored: -mllvm {} ({})", args[i + 1], kNoGpu));
        ++i;
      } else {
        o.compiler.push_back(a);
        o.compiler.push_back(args[++i]);
      }
      continue;
    }
    if (a[0] != '-' || a == "-") {
      o.inputs.push_back({a, forced ? *forced : language_of_path(a)});
      continue;
    }
    // The longest rule that matches, as the option itself or as its prefix (a joined value).
    Rule const* rule = nullptr;
    for (auto const& r : kRules)
      if ((a == r.name || (r.value && a.starts_with(r.name))) && (!rule || r.name.size() > rule->name.size()))
        rule = &r;
    if (rule == nullptr) {
      o.compiler.push_back(a);
      continue;
    }
    std::vector<std::string> spelled = {a};
    if (rule->value && a == rule->name) {
      if (rule->name.ends_with('=') || rule->name.ends_with(',') || i + 1 >= args.size()) {
        p.errors.push_back(fmt::format("{} needs a value", a));
        continue;
      }
      spelled.push_back(args[++i]);
    }
    switch (rule->route) {
    case Route::kPreprocessor:
      o.preprocessor.insert(o.preprocessor.end(), spelled.begin(), spelled.end());
      break;
    case Route::kDependencies:
      o.dependencies.insert(o.dependencies.end(), spelled.begin(), spelled.end());
      break;
    case Route::kLinker:
      o.linker.insert(o.linker.end(), spelled.begin(), spelled.end());
      break;
    case Route::kLanguage:
      if (auto const raised = raised_standard(spelled.back()); rule->name == "-std=" && raised) {
        // wavemma's HIP headers are C++17; a program written for C++11 or C++14 keeps what those
        // allowed and C++17 dropped ('register', dynamic exception specifications).
        o.notes.push_back(fmt::format("raised: {} to -std={} (wavemma's HIP headers need C++17)", a, *raised));
        spelled = {"-std=" + *raised};
        o.compiler.insert(o.compiler.end(), {"-Wno-register", "-Wno-dynamic-exception-spec"});
      }
      o.language.insert(o.language.end(), spelled.begin(), spelled.end());
      o.compiler.insert(o.compiler.end(), spelled.begin(), spelled.end());
      break;
    case Route::kIgnored:
      o.notes.push_back(fmt::format("ignored: {} ({})", a, rule->reason));
      break;
    case Route::kRefused:
      p.errors.push_back(fmt::format("{}: {}", a, rule->reason));
      break;
    }
  }

  if (arch_names.empty()) arch_names.emplace_back(isa::default_arch().name);
  for (auto const& spelled : arch_names) {
    std::string const arch = spelled.substr(0, spelled.find(':'));
    isa::Arch const* known = isa::find_arch(arch);
    if (known == nullptr || known->name != arch) {
      p.errors.push_back(fmt::format("--offload-arch={}: wavemma does not emulate {} (it emulates {})", spelled, arch,
                                     isa::known_arch_names()));
      continue;
    }
    if (!known->clang22_target) {
      p.errors.push_back(fmt::format("--offload-arch={}: clang-22 has no target {}; use gfx942", spelled, arch));
      continue;
    }
    int const wave = known->has_wave(32) && wave64 == 1 ? 64 : known->default_wave();
    bool const seen = std::any_of(o.targets.begin(), o.targets.end(),
                                  [&](OffloadTarget const& t) { return t.arch == arch && t.wave == wave; });
    if (!seen) o.targets.push_back({arch, wave, spelled});
  }
  if (!o.output.empty() && o.inputs.size() > 1 && (o.mode == Mode::kCompile || o.mode == Mode::kPreprocess))
    p.errors.push_back("-o with -c or -E takes one input file");
  return p;
}

std::string usage() {
  return fmt::format(R"(usage: wavemma-hipcc [options] file...

Compiles HIP programs as they are written (<hip/hip_runtime.h>, kernel<<<grid, block>>>(...),
target macros, hipGetDeviceProperties) for the CPU: the kernels run on wavemma's SIMT runtime, the
__builtin_amdgcn_* matrix builtins bit-exactly. Used as hipcc is:

  wavemma-hipcc -O3 -std=c++17 --offload-arch=gfx1201 prog.hip -o prog && ./prog
  CXX=wavemma-hipcc cmake ...        make HIPCC=wavemma-hipcc

Each source is compiled in two passes, as HIP compiles it: the host pass sees no target macro,
the device pass of each --offload-arch sees that target's (__gfx1201__, __GFX12__,
__HIP_DEVICE_COMPILE__, ...). Sources ending in .hip .cu .cpp .cc .cxx are HIP; .c is C.

Options of wavemma-hipcc:
  --offload-arch=T[,T...]  targets with device code (repeatable; default {}). The first is
                           the one the program runs on; WAVEMMA_ARCH=T (and WAVEMMA_WAVE=32|64)
                           picks another at run time.
  -mwavefrontsize64        wave64 on RDNA targets (CDNA is always wave64)
  --lockstep=memory        (the default) a wave's lanes also meet at plain stores and the loads
                           after them, as a GPU's wave executes in lockstep: code that reads what
                           other lanes of its wave stored, with no barrier, runs as on the GPU
  --lockstep=collectives   lanes meet only at cross-lane operations, barriers and atomics; device
                           code runs faster (no call at each load and store: 1.6-6.4x)
  -c  -E  -M  -MM  -fsyntax-only  -o FILE  -x hip|c++|c|none
  -v                       print each command (clang++-22 and the rewriting step) as it runs
  -###                     print the commands without running them
  -save-temps              keep the preprocessed and rewritten passes
  --version  --help
Every other option goes to clang++-22 (-I -D -U -include -std= -O -g -W -f -m -l -L -Wl, ...).
-std=c++11 and -std=c++14 (and gnu++) become -std=c++17, which wavemma's headers need, with
'register' and dynamic exception specifications still allowed (-v says so).
GPU-only options are ignored (-munsafe-fp-atomics, -mcumode, -nogpulib, --rocm-path=, ...; -v
says so) or refused with the reason (-fgpu-rdc, --offload-device-only, -S).

Environment of the programs it builds: WAVEMMA_ARCH, WAVEMMA_WAVE, WAVEMMA_THREADS, WAVEMMA_LOCKSTEP
(docs/hipcc.md).
)",
                     isa::default_arch().name);
}

} // namespace wavemma::hipcc
