// wavemma-hipcc: a hipcc for the CPU. Each HIP source is compiled as real HIP compiles it, in two
// passes, and each pass is turned into plain C++ for the host:
//
//   1. clang++-22 -x hip preprocesses the source for the host (--cuda-host-only) and, per target,
//      for the device (--cuda-device-only --offload-arch=T): each pass sees clang's own macros.
//   2. the rewriting step (rewrite.hpp) parses each pass with clang's HIP front end and writes C++:
//      launches become calls, host-pass kernels become stubs, device-pass kernels register.
//   3. clang++-22 compiles each pass for the host; the device passes' symbols are renamed per target
//      (llvm-objcopy-22) so that each keeps its own copy of everything; ld.lld-22 -r joins them.
//   4. linking adds wavemma's SIMT runtime.

#include "command.hpp"
#include "diagnostics.hpp"
#include "hipcc_config.hpp"
#include "options.hpp"
#include "rewrite.hpp"
#include "wavemma/isa/arch.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace wavemma::hipcc {
namespace {

// Where the headers and the runtime are: an installed tree (bin/../include, bin/../lib) or the
// build tree this program was built in.
struct Layout {
  std::vector<std::string> include_dirs; // wavemma's hip/*.h first
  std::vector<std::string> libraries;    // static archives, in link order
};

Layout layout() {
  std::error_code ec;
  fs::path const exe = fs::read_symlink("/proc/self/exe", ec);
  fs::path const prefix = exe.parent_path().parent_path();
  if (!ec && fs::exists(prefix / config::kInstalledHipInclude / "hip" / "hip_runtime.h")) {
    Layout l{{(prefix / config::kInstalledHipInclude).string(), (prefix / "include").string()}, {}};
    for (auto const* lib : config::kInstalledLibraries)
      l.libraries.push_back((prefix / config::kInstalledLibDir / lib).string());
    return l;
  }
  Layout l{{config::kBuildHipInclude, config::kBuildInclude}, {}};
  for (auto const* lib : config::kBuildLibraries) l.libraries.push_back(lib);
  return l;
}

// -W..., -w: the options that set diagnostics' severities (not -Wl, -Wa, -Wp, which pass options on).
bool is_warning_option(std::string_view flag) {
  return flag == "-w" || (flag.starts_with("-W") && !flag.starts_with("-Wl,") && !flag.starts_with("-Wa,") &&
                          !flag.starts_with("-Wp,"));
}

// Wavemma's own data, which every pass of a program shares (the runtime's state: its variables,
// function-local statics and their guards, vtables and type information): the symbols of data
// whose mangled name is that of an entity in namespace wavemma. Code is never shared, since a
// template of wavemma's may be instantiated with a pass's own types or call that pass's own code.
bool shared_runtime_data(std::string_view name) {
  if (!name.starts_with("_Z")) return false;
  bool const special =
      std::ranges::any_of(std::array<std::string_view, 7>{"_ZGV", "_ZTH", "_ZTW", "_ZTV", "_ZTI", "_ZTS", "_ZTT"},
                          [&](std::string_view p) { return name.starts_with(p); });
  name.remove_prefix(special ? 4 : 2);
  if (name.starts_with('Z')) name.remove_prefix(1); // a local entity of a function: its enclosing name
  if (!name.starts_with('N')) return false;
  name.remove_prefix(1);
  while (!name.empty() && std::string_view("rVKRO").find(name.front()) != std::string_view::npos) name.remove_prefix(1);
  return name.starts_with("7wavemma");
}

struct Driver {
  explicit Driver(Options const& options) : o(options) {}
  Options const& o;
  Layout const paths = layout();
  Verbosity const verbosity{o.verbose, o.dry_run};
  ScratchDir scratch;

  std::string targets_macro() const {
    std::string list;
    for (auto const& t : o.targets) list += fmt::format("{}{}:{}", list.empty() ? "" : ",", t.arch, t.wave);
    return fmt::format("-D__WAVEMMA_OFFLOAD_TARGETS__=\"{}\"", list);
  }

  // Step 1: one pass's preprocessed source.
  std::vector<std::string> preprocess_command(Input const& in, OffloadTarget const* device, std::string const& out,
                                              bool with_dependencies) const {
    std::vector<std::string> cmd = {config::kClang,
                                    "-x",
                                    "hip",
                                    device ? "--cuda-device-only" : "--cuda-host-only",
                                    "--offload-arch=" + (device ? device->spelled : o.targets.front().spelled),
                                    "-nogpuinc",
                                    "-nogpulib",
                                    "-nohipwrapperinc",
                                    "-E",
                                    "-D__WAVEMMA_HIPCC__=1"};
    // clang compiles for the architecture's default wave size; the other one (wave64 on RDNA) is asked for.
    if (device && device->wave != isa::find_arch(device->arch)->default_wave()) cmd.push_back("-mwavefrontsize64");
    if (!device) cmd.push_back(targets_macro());
    for (auto const& dir : paths.include_dirs) {
      cmd.push_back("-isystem");
      cmd.push_back(dir);
    }
    cmd.insert(cmd.end(), {"-include", "hip/hip_runtime.h"});
    cmd.insert(cmd.end(), o.preprocessor.begin(), o.preprocessor.end());
    for (auto const& flag : o.compiler)
      // The device pass is for an AMD target: host ISA and sanitizer options do not apply to it.
      if (!device || !(flag.starts_with("-m") || flag.starts_with("-fsanitize"))) cmd.push_back(flag);
    if (with_dependencies) cmd.insert(cmd.end(), o.dependencies.begin(), o.dependencies.end());
    cmd.insert(cmd.end(), {"-Qunused-arguments", in.path});
    if (!out.empty()) cmd.insert(cmd.end(), {"-o", out});
    return cmd;
  }

  // Step 3: a rewritten pass, compiled for the host.
  std::vector<std::string> compile_command(std::string const& in, std::string const& out, bool syntax_only,
                                           bool device) const {
    std::vector<std::string> cmd = {config::kClang, "-x", "c++-cpp-output", syntax_only ? "-fsyntax-only" : "-c", in};
    if (!syntax_only) cmd.insert(cmd.end(), {"-o", out});
    cmd.insert(cmd.end(), o.compiler.begin(), o.compiler.end());
    // A wave's lockstep through memory: clang calls the runtime before each load and store, and
    // it lets the other lanes run at the first store of a run and the first load after one
    // (src/simt/block.cpp).
    if (device && o.lockstep_memory) cmd.push_back("-fsanitize-coverage=func,trace-loads,trace-stores");
    cmd.insert(cmd.end(), config::kRuntimeFlags.begin(), config::kRuntimeFlags.end());
    // What clang's HIP front end understood and the host compiler does not need.
    cmd.insert(cmd.end(),
               {"-Wno-unknown-attributes", "-Wno-ignored-attributes", "-Wno-unknown-pragmas", "-Qunused-arguments"});
    // HIP takes __fp16 parameters and return values (clang's HIP mode sets this language option
    // for both of its passes); plain C++ for x86 refuses them unless told.
    cmd.insert(cmd.end(), {"-Xclang", "-fnative-half-arguments-and-returns"});
    // threadIdx, blockIdx, blockDim and gridDim are HIP's variables with __declspec(property)
    // members (wavemma/hip/api.hpp): a keyword in clang's HIP mode, an option in C++.
    cmd.push_back("-fdeclspec");
    // The diagnostics are read back and mapped to the user's code (diagnostics.hpp).
    cmd.insert(cmd.end(), {"-fno-caret-diagnostics", "-fno-color-diagnostics"});
    return cmd;
  }

  bool ok(int status) const { return status == 0; }
  bool caret() const {
    return std::find(o.compiler.begin(), o.compiler.end(), "-fno-caret-diagnostics") == o.compiler.end();
  }

  // Steps 1-3 for one pass; returns the object (empty on failure).
  std::optional<fs::path> compile_pass(Input const& in, OffloadTarget const* device, bool syntax_only,
                                       bool* has_device_code) {
    std::string const stem = fs::path(in.path).filename().string() +
                             (device ? fmt::format(".{}-wave{}", device->arch, device->wave) : ".host");
    fs::path const ii = scratch.path() / (stem + ".ii");
    fs::path const cpp = scratch.path() / (stem + ".cpp");
    fs::path const obj = scratch.path() / (stem + ".o");
    if (!ok(run(preprocess_command(in, device, ii, !device), verbosity))) return std::nullopt;
    RewriteInput request;
    request.name = in.path;
    request.side = device ? Side::kDevice : Side::kHost;
    if (device) {
      request.target = device->arch;
      request.wave = device->wave;
    }
    request.args = o.language;
    // The warning options decide what is an error: a default error the user turns off
    // (-Wno-c++11-narrowing, -Wno-error=...) must not stop the rewriting parse either.
    for (auto const& flag : o.compiler)
      if (is_warning_option(flag)) request.args.push_back(flag);
    request.args.push_back("--offload-arch=" + (device ? device->spelled : o.targets.front().spelled));
    if (verbosity.print || verbosity.dry_run)
      std::fprintf(stderr, " wavemma-hipcc: rewrite (%s) %s -> %s\n",
                   device ? fmt::format("device pass, {} wave{}", device->arch, device->wave).c_str() : "host pass",
                   ii.c_str(), cpp.c_str());
    if (o.dry_run) return obj;
    if (!read_file(ii, request.text)) {
      std::fprintf(stderr, "wavemma-hipcc: error: cannot read %s\n", ii.c_str());
      return std::nullopt;
    }
    request.caret = caret();
    RewriteOutput const rewritten = rewrite(request);
    for (auto const& e : rewritten.errors) std::fputs(e.c_str(), stderr);
    if (!rewritten.errors.empty()) return std::nullopt;
    if (has_device_code) *has_device_code = rewritten.has_device_code;
    if (!write_file(cpp, rewritten.text)) {
      std::fprintf(stderr, "wavemma-hipcc: error: cannot write %s\n", cpp.c_str());
      return std::nullopt;
    }
    fs::path const said = scratch.path() / (stem + ".diagnostics");
    int const compiled = run(compile_command(cpp, obj, syntax_only, device != nullptr), verbosity, "", said);
    if (std::string output; read_file(said, output) && !output.empty())
      std::fputs(map_compiler_diagnostics(output, rewritten.text, request.text, rewritten.columns, caret()).c_str(),
                 stderr);
    if (!ok(compiled)) return std::nullopt;
    if (!device || syntax_only) return obj;
    // Every symbol the device pass defines is renamed for its target, except wavemma's own data
    // (the runtime's state, which both passes share) and common symbols, which the linker merges
    // by design (ASan's once-per-program registration flag is one: renamed, every object would
    // register all the program's globals again): each target keeps its own copy of the rest. A
    // name that merely mentions wavemma, such as a kernel taking a float4 (wavemma's vector
    // type), is the program's own.
    fs::path const symbols = scratch.path() / (stem + ".symbols");
    fs::path const renames = scratch.path() / (stem + ".renames");
    fs::path const renamed = scratch.path() / (stem + ".renamed.o");
    if (!ok(run({config::kNm, "--defined-only", "--extern-only", "--format=sysv", obj}, verbosity, symbols)))
      return std::nullopt;
    std::string names, map;
    read_file(symbols, names);
    std::string const prefix = fmt::format("__wavemma_{}_w{}_", device->arch, device->wave);
    for (size_t start = 0; start < names.size();) {
      size_t const end = std::min(names.find('\n', start), names.size());
      std::string_view const line = std::string_view(names).substr(start, end - start);
      start = end + 1;
      // "name |value |class |type |size |line |section", padded with spaces.
      std::vector<std::string_view> field;
      for (size_t from = 0; from <= line.size();) {
        size_t const bar = std::min(line.find('|', from), line.size());
        std::string_view f = line.substr(from, bar - from);
        while (!f.empty() && f.front() == ' ') f.remove_prefix(1);
        while (!f.empty() && f.back() == ' ') f.remove_suffix(1);
        field.push_back(f);
        from = bar + 1;
      }
      if (field.size() < 4 || field[0].empty() || field[0] == "Name") continue;
      bool const code = field[3] == "FUNC" || field[3] == "GNU_IFUNC";
      if (field[2] == "C" || (!code && shared_runtime_data(field[0]))) continue;
      map += fmt::format("{} {}{}\n", field[0], prefix, field[0]);
    }
    write_file(renames, map);
    if (!ok(run({config::kObjcopy, "--redefine-syms=" + renames.string(), obj, renamed}, verbosity)))
      return std::nullopt;
    return renamed;
  }

  // A source to one object.
  bool compile_source(Input const& in, fs::path const& out, bool syntax_only) {
    if (in.language != Language::kHip) {
      std::vector<std::string> cmd = {in.language == Language::kC ? config::kClangC : config::kClang,
                                      syntax_only ? "-fsyntax-only" : "-c", in.path};
      if (!syntax_only) cmd.insert(cmd.end(), {"-o", out});
      cmd.insert(cmd.end(), o.preprocessor.begin(), o.preprocessor.end());
      cmd.insert(cmd.end(), o.dependencies.begin(), o.dependencies.end());
      if (in.language == Language::kC) {
        for (auto const& f : o.compiler)
          if (!f.starts_with("-std=c++")) cmd.push_back(f);
      } else {
        cmd.insert(cmd.end(), o.compiler.begin(), o.compiler.end());
      }
      cmd.push_back("-Qunused-arguments");
      return ok(run(cmd, verbosity));
    }
    bool device_code = false;
    auto const host = compile_pass(in, nullptr, syntax_only, &device_code);
    if (!host) return false;
    std::vector<std::string> merge = {config::kLd, "-r", "-o", out, *host};
    if (device_code || o.dry_run)
      for (auto const& t : o.targets) {
        auto const dev = compile_pass(in, &t, syntax_only, nullptr);
        if (!dev) return false;
        merge.push_back(*dev);
      }
    if (syntax_only) return true;
    return ok(run(merge, verbosity));
  }

  int link(std::vector<std::string> const& objects) {
    std::vector<std::string> cmd = {config::kClang};
    cmd.insert(cmd.end(), objects.begin(), objects.end());
    cmd.insert(cmd.end(), {"-o", o.output.empty() ? "a.out" : o.output});
    cmd.insert(cmd.end(), o.compiler.begin(), o.compiler.end());
    cmd.insert(cmd.end(), config::kRuntimeFlags.begin(), config::kRuntimeFlags.end());
    cmd.insert(cmd.end(), o.linker.begin(), o.linker.end());
    cmd.insert(cmd.end(), paths.libraries.begin(), paths.libraries.end());
    cmd.insert(cmd.end(), config::kSystemLibraries.begin(), config::kSystemLibraries.end());
    cmd.push_back("-Qunused-arguments");
    return run(cmd, verbosity) == 0 ? 0 : 1;
  }

  int main() {
    for (auto const& note : o.notes)
      if (o.verbose) std::fprintf(stderr, "wavemma-hipcc: %s\n", note.c_str());
    if (o.save_temps) scratch.keep();
    if (o.mode == Mode::kPreprocess || o.mode == Mode::kDependencies) {
      for (auto const& in : o.inputs)
        if (!ok(run(preprocess_command(in, nullptr, o.output, o.mode == Mode::kDependencies), verbosity))) return 1;
      return 0;
    }
    std::vector<std::string> objects;
    for (auto const& in : o.inputs) {
      if (in.language == Language::kLinkInput) {
        objects.push_back(in.path);
        continue;
      }
      fs::path const out = o.mode == Mode::kCompile
                               ? fs::path(o.output.empty() ? fs::path(in.path).stem().string() + ".o" : o.output)
                               : scratch.path() / (fs::path(in.path).filename().string() + ".o");
      if (!compile_source(in, out, o.mode == Mode::kSyntaxOnly)) return 1;
      objects.push_back(out);
    }
    if (o.mode != Mode::kLink) return 0;
    return link(objects);
  }
};

} // namespace
} // namespace wavemma::hipcc

int main(int argc, char** argv) {
  using namespace wavemma::hipcc;
  Parsed const parsed = parse(std::vector<std::string>(argv + 1, argv + argc));
  Options const& o = parsed.options;
  // What is written to standard output must arrive: a full disk or a closed pipe is an error.
  auto written = [](char const* what) {
    errno = 0;
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return true;
    std::fprintf(stderr, "wavemma-hipcc: error: cannot write %s to standard output: %s\n", what,
                 std::strerror(errno != 0 ? errno : EIO));
    return false;
  };
  if (o.help) {
    std::fputs(usage().c_str(), stdout);
    return written("the usage") ? 0 : 1;
  }
  if (o.version) {
    std::printf("wavemma-hipcc %s: HIP for the CPU (wavemma::simt), compiling with\n", WAVEMMA_VERSION_STRING);
    if (!written("the version")) return 1;
    return run({config::kClang, "--version"}, {}) == 0 ? 0 : 1;
  }
  for (auto const& e : parsed.errors) std::fprintf(stderr, "wavemma-hipcc: error: %s\n", e.c_str());
  if (!parsed.errors.empty()) return 2;
  if (o.inputs.empty()) {
    std::fprintf(stderr, "wavemma-hipcc: error: no input files (wavemma-hipcc --help)\n");
    return 2;
  }
  // An interrupted compile removes its scratch directory, then ends by the signal it got.
  catch_interrupts();
  int status = 0;
  {
    Driver driver{o};
    status = driver.main();
  }
  end_as_interrupted();
  return status;
}
