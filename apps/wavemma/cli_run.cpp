// The command line as a function: builds the commands, parses, runs, checks stdout, and turns every
// outcome into one line on stderr and an exit status. main() adds only the process-level guards.

#include <array>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <sstream>
#include <system_error>

#include "cli.hpp"

namespace wavemma::cli {
namespace {

// Length of the valid UTF-8 sequence at s[i], 0 if there is none (overlong forms and surrogates
// are not valid).
size_t utf8_length(std::string_view s, size_t i) {
  auto const at = [&](size_t j) { return j < s.size() ? static_cast<unsigned char>(s[j]) : 0u; };
  unsigned const c = at(i);
  size_t const n = c < 0x80                 ? 1
                   : c >= 0xc2 && c <= 0xdf ? 2
                   : c >= 0xe0 && c <= 0xef ? 3
                   : c >= 0xf0 && c <= 0xf4 ? 4
                                            : 0;
  if (n <= 1) return n;
  unsigned const lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80, hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
  if (at(i + 1) < lo || at(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if (at(i + k) < 0x80 || at(i + k) > 0xbf) return 0;
  return n;
}

// The contract is one line on stderr: newlines become blanks, other control bytes and bytes that
// are not UTF-8 become \xNN (a message may quote an argument or a file name).
std::string one_line(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    auto const c = static_cast<unsigned char>(s[i]);
    size_t const n = utf8_length(s, i);
    if (c == '\n' || c == '\t')
      out += ' ';
    else if (n == 0 || c < 0x20 || c == 0x7f)
      out += fmt::format("\\x{:02x}", c);
    else
      out.append(s.substr(i, n));
    i += n ? n : 1;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

void report(std::string_view prefix, std::string_view message) {
  note(fmt::format("{}{}\n", prefix, one_line(message)));
}

// stdout is whole or the command fails: flush it and look at its error state.
std::optional<std::string> stdout_error() {
  try {
    flush_stdout();
    return std::nullopt;
  } catch (Failure const& e) {
    return e.what();
  }
}

int failure(std::string_view message) {
  report("wavemma: ", message);
  return 1;
}

int usage(std::string_view message) {
  report("wavemma: error: ", message);
  return 2;
}

// The commands and the function that registers each group. Only the group a command line names is
// built (every group for the top-level help): building all of CLI11's options is most of the
// start-up time of a short command.
struct Group {
  std::array<std::string_view, 3> names;
  void (*add)(CLI::App&);
};
constexpr Group kGroups[] = {{{"list"}, add_list}, {{"show"}, add_show}, {{"layout", "where", "what"}, add_layout},
                             {{"peak"}, add_peak}, {{"exec"}, add_exec}, {{"encode", "decode"}, add_codec},
                             {{"gemm"}, add_gemm}};

} // namespace

int run(int argc, char** argv) {
  errno = 0;
  try {
    CLI::App app{"wavemma: AMD matrix-core instructions (WMMA, SWMMAC, MFMA, SMFMAC) -- layouts, bit-exact\n"
                 "emulation, HIP kernels on the CPU, GEMM, and encodings that agree with LLVM.",
                 "wavemma"};
    app.require_subcommand(1);
    app.fallthrough(false);
    app.set_version_flag("--version", "wavemma " WAVEMMA_VERSION); // project(VERSION) in CMakeLists.txt
    std::string names;
    Group const* named = nullptr;
    for (auto const& g : kGroups)
      for (auto name : g.names)
        if (!name.empty()) {
          names += (names.empty() ? "" : ", ") + std::string(name);
          if (argc > 1 && name == argv[1]) named = &g;
        }
    bool const known = named != nullptr;
    if (named)
      named->add(app);
    else
      for (auto const& g : kGroups) g.add(app);
    if (argc <= 1) {
      // No command is bad usage: the usage goes to stderr, exit 2 (`wavemma --help` prints it as output).
      note(app.help());
      report("wavemma: error: ", "a command is required");
      return 2;
    } else if (argv[1][0] != '-' && !known) {
      return usage(fmt::format("unknown command '{}' (commands: {})", excerpt(argv[1], 80), names));
    } else {
      try {
        app.parse(argc, argv);
      } catch (CLI::Success const& e) { // --help, --help-all, --version: the text is output like any other
        std::ostringstream text;
        app.exit(e, text, text);
        write_output(text.str(), "");
      } catch (CLI::ParseError const& e) {
        std::string cmd = "wavemma";
        for (auto const* sub : app.get_subcommands()) cmd += " " + sub->get_name();
        (void)stdout_error();
        report(cmd + ": error: ", fmt::format("{} (see {} --help)", e.what(), cmd));
        return 2;
      }
    }
    if (auto const err = stdout_error()) return failure(*err);
    return 0;
  } catch (UsageError const& e) {
    (void)stdout_error();
    return usage(e.what());
  } catch (Failure const& e) {
    // Whatever the command printed before it failed must have been written too.
    auto const err = stdout_error();
    return failure(err ? *err : e.what());
  } catch (std::system_error const& e) {
    // fmt::print throws this when a write to stdout fails.
    if (std::ferror(stdout)) return failure(fmt::format("cannot write standard output: {}", e.code().message()));
    return failure(fmt::format("internal error: {}", e.what()));
  } catch (std::invalid_argument const& e) {
    (void)stdout_error();
    return usage(e.what());
  } catch (std::out_of_range const& e) {
    (void)stdout_error();
    return usage(e.what());
  } catch (std::exception const& e) {
    (void)stdout_error();
    return failure(fmt::format("internal error: {}", e.what()));
  } catch (...) {
    return failure("internal error: an exception of unknown type");
  }
}

} // namespace wavemma::cli
