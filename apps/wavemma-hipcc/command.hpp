#pragma once
// Running the tools wavemma-hipcc drives (clang++-22, llvm-nm-22, llvm-objcopy-22, ld.lld-22), and
// the scratch directory of one invocation.

#include <filesystem>
#include <string>
#include <vector>

namespace wavemma::hipcc {

struct Verbosity {
  bool print = false;   // -v: print each command before running it
  bool dry_run = false; // -###: print, do not run
};

// SIGINT, SIGTERM and SIGHUP (where not ignored) no longer end wavemma-hipcc at once: the signal
// is passed to the command running, no further command starts, and the caller, once its scratch
// directory is gone, ends with the same signal (end_as_interrupted).
void catch_interrupts();
bool interrupted();
void end_as_interrupted();

// Runs argv[0] (looked up on PATH) and returns its exit status; 127 if it cannot be started,
// 128 + the signal once wavemma-hipcc is interrupted. `stdout_to`, `stderr_to`: files for the
// command's standard output and error, else inherited.
int run(std::vector<std::string> const& argv, Verbosity const&, std::string const& stdout_to = "",
        std::string const& stderr_to = "");

// The command as a shell would read it back.
std::string shell_quoted(std::vector<std::string> const& argv);

// A directory that lives as long as the object, unless kept (-save-temps).
class ScratchDir {
public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(ScratchDir const&) = delete;
  ScratchDir& operator=(ScratchDir const&) = delete;
  std::filesystem::path const& path() const { return path_; }
  void keep() { keep_ = true; }

private:
  std::filesystem::path path_;
  bool keep_ = false;
};

bool read_file(std::filesystem::path const&, std::string& out);
bool write_file(std::filesystem::path const&, std::string const& text);

} // namespace wavemma::hipcc
