// wavemma: AMD matrix-core instructions on any machine. One subcommand per job; see --help.

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include "cli.hpp"

namespace {

// A standard stream that was closed (`>&-`) is reopened on /dev/null in the direction that fails:
// no file the command opens can take its number, and a write to a closed stdout fails (and is
// reported) instead of landing in that file or vanishing.
void guard_standard_streams() {
  for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO})
    if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
      int const opened = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
      if (opened != fd && opened >= 0) close(opened); // cannot happen: open takes the lowest free number
    }
}

} // namespace

int main(int argc, char** argv) {
  guard_standard_streams();
  int status = wavemma::cli::run(argc, argv);
  // run() flushed and checked stdout; closing can still fail (a network file system, say).
  if (std::fclose(stdout) != 0 && status == 0) {
    wavemma::cli::note(fmt::format("wavemma: cannot write standard output: {}\n", std::strerror(errno)));
    status = 1;
  }
  return status;
}
