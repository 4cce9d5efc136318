// wavemma: AMD matrix-core instructions on any machine. One subcommand per job; see --help.

#include <CLI/CLI.hpp>
#include <cstdio>
#include <fmt/format.h>
#include <iostream>

#include "cli.hpp"

namespace {

// CLI11 prints multi-line messages; the contract is one line on stderr.
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n') c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app{"wavemma: AMD matrix-core instructions (WMMA, SWMMAC, MFMA, SMFMAC) -- layouts, bit-exact\n"
               "emulation, HIP kernels on the CPU, GEMM, and encodings that agree with LLVM.",
               "wavemma"};
  app.require_subcommand(1);
  app.fallthrough(false);
  app.set_version_flag("--version", "wavemma " WAVEMMA_VERSION); // project(VERSION) in CMakeLists.txt
  wavemma::cli::add_list(app);
  wavemma::cli::add_show(app);
  wavemma::cli::add_layout(app);
  wavemma::cli::add_peak(app);
  wavemma::cli::add_exec(app);
  wavemma::cli::add_codec(app);
  wavemma::cli::add_gemm(app);
  std::string names;
  bool known = false;
  for (auto const* sub : app.get_subcommands({})) {
    names += (names.empty() ? "" : ", ") + sub->get_name();
    known = known || (argc > 1 && sub->get_name() == argv[1]);
  }
  if (argc == 1) {
    fmt::print("{}", app.help());
    return 0;
  }
  if (argv[1][0] != '-' && !known) {
    fmt::print(stderr, "wavemma: error: unknown command '{}' (commands: {})\n", argv[1], names);
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (CLI::CallForHelp const& e) {
    return app.exit(e);
  } catch (CLI::CallForAllHelp const& e) {
    return app.exit(e);
  } catch (CLI::CallForVersion const& e) {
    return app.exit(e);
  } catch (CLI::ParseError const& e) {
    std::string cmd = "wavemma";
    for (auto const* sub : app.get_subcommands()) cmd += " " + sub->get_name();
    fmt::print(stderr, "{}: error: {} (see {} --help)\n", cmd, one_line(e.what()), cmd);
    return 2;
  } catch (wavemma::cli::UsageError const& e) {
    fmt::print(stderr, "wavemma: error: {}\n", one_line(e.what()));
    return 2;
  } catch (wavemma::cli::Failure const& e) {
    fmt::print(stderr, "wavemma: {}\n", one_line(e.what()));
    return 1;
  } catch (std::invalid_argument const& e) {
    fmt::print(stderr, "wavemma: error: {}\n", one_line(e.what()));
    return 2;
  } catch (std::out_of_range const& e) {
    fmt::print(stderr, "wavemma: error: {}\n", one_line(e.what()));
    return 2;
  } catch (std::exception const& e) {
    fmt::print(stderr, "wavemma: internal error: {}\n", one_line(e.what()));
    return 1;
  }
  std::fflush(stdout);
  return 0;
}
