#include "command.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace wavemma::hipcc {

std::string shell_quoted(std::vector<std::string> const& argv) {
  std::string out;
  for (auto const& a : argv) {
    if (!out.empty()) out += ' ';
    bool const plain = !a.empty() && a.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                         "0123456789-_=+./:,@%") == std::string::npos;
    if (plain) {
      out += a;
      continue;
    }
    out += '\'';
    for (char c : a) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += '\'';
  }
  return out;
}

namespace {
sig_atomic_t volatile g_signal = 0;
extern "C" void on_interrupt(int signal) { g_signal = signal; }
} // namespace

void catch_interrupts() {
  for (int const signal : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old = {};
    if (sigaction(signal, nullptr, &old) != 0 || old.sa_handler == SIG_IGN) continue; // nohup, background jobs
    struct sigaction action = {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; // no SA_RESTART: the wait for a command returns, and the signal is passed on
    sigaction(signal, &action, nullptr);
  }
}

bool interrupted() { return g_signal != 0; }

void end_as_interrupted() {
  int const signal = g_signal;
  if (signal == 0) return;
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

int run(std::vector<std::string> const& argv, Verbosity const& v, std::string const& stdout_to,
        std::string const& stderr_to) {
  if (v.print || v.dry_run)
    std::fprintf(stderr, " %s%s%s%s%s\n", shell_quoted(argv).c_str(), stdout_to.empty() ? "" : " > ", stdout_to.c_str(),
                 stderr_to.empty() ? "" : " 2> ", stderr_to.c_str());
  if (v.dry_run) return 0;
  if (g_signal != 0) return 128 + g_signal;
  std::vector<char*> args;
  for (auto const& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!stdout_to.empty())
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout_to.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!stderr_to.empty())
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_to.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  int const spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    std::fprintf(stderr, "wavemma-hipcc: error: cannot run %s (scripts/install-deps.sh installs it)\n",
                 argv[0].c_str());
    return 127;
  }
  int status = 0;
  bool passed_on = false;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return 127;
    if (g_signal != 0 && !passed_on) {
      kill(pid, g_signal);
      passed_on = true;
    }
  }
  if (g_signal != 0) return 128 + g_signal;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

ScratchDir::ScratchDir() {
  char const* base = std::getenv("TMPDIR");
  std::string pattern = std::string(base && *base ? base : "/tmp") + "/wavemma-hipcc-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) {
    std::fprintf(stderr, "wavemma-hipcc: error: cannot create a scratch directory in %s\n",
                 base && *base ? base : "/tmp");
    std::exit(1);
  }
  path_ = pattern;
}

ScratchDir::~ScratchDir() {
  if (keep_) {
    std::fprintf(stderr, "wavemma-hipcc: intermediate files kept in %s\n", path_.c_str());
    return;
  }
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

bool read_file(std::filesystem::path const& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

bool write_file(std::filesystem::path const& path, std::string const& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  return static_cast<bool>(out);
}

} // namespace wavemma::hipcc
