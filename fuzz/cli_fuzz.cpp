// libFuzzer: the wavemma command line in-process (cli::run), on argument lists, matrix files and
// assembler streams. Whatever the input: no crash, no sanitizer report, no exception escaping, an
// exit status of 0, 1 or 2, and a stderr of whole printable lines whose last one, on a failure, is
// the one-line "wavemma..." message. The first byte picks the mode:
//   0: arguments, one per line up to the first NUL; an argument "@" names a file holding the
//      bytes after that NUL, which are stdin too;
//   1: a matrix file: `exec` of the catalog row picked by the next byte, the file as A, B or C
//      (the byte after), the other operands zero;
//   2: an assembler or bytes stream on stdin of `encode` / `decode`, the next byte picks which and
//      the target.
// Arguments holding '/' are skipped: every file the command line writes (-o) stays in the target's
// working directory. Corpus and artifact paths given to the fuzzer must be absolute.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

#include "cli.hpp"
#include "wavemma/isa/arch.hpp"
#include "wavemma/isa/instruction.hpp"

namespace {

using namespace wavemma;

[[noreturn]] void fail(std::string const& what, std::vector<std::string> const& args, std::string const& err) {
  std::string line;
  for (auto const& a : args) line += " '" + cli::excerpt(a, 200) + "'";
  std::fprintf(stderr, "cli contract broken: %s\n  wavemma%s\n  stderr: %s\n", what.c_str(), line.c_str(),
               cli::excerpt(err, 2000).c_str());
  std::abort();
}

// The process-wide set-up, once: a private working directory (removed at exit) for the files the
// command line reads and writes, stdout to /dev/null, and gemm limits that refuse every run.
// (gemm's option parsing and checks are fuzzed; its kernel is not: under ASan each in-process
// run of the SIMT runtime keeps a few MB, and the kernel has its own tests.)
std::string const& work_file() {
  static std::string const path = [] {
    char dir[] = "/tmp/wavemma-cli-fuzz-XXXXXX";
    if (!mkdtemp(dir) || chdir(dir) != 0) std::abort();
    static std::string const made = dir;
    std::atexit([] { std::filesystem::remove_all(made); });
    if (!std::freopen("/dev/null", "w", stdout)) std::abort();
    cli::limits() = {.gemm_multiply_adds = 0x1p15, .gemm_bytes = 0};
    return std::string("input");
  }();
  return path;
}

void write_file(std::string const& path, std::string_view text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) std::abort();
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
}

std::string zeros(int rows, int cols) {
  std::string out;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) out += c ? " 0" : "0";
    out += '\n';
  }
  return out;
}

bool printable_line(std::string_view line) {
  for (char c : line)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return false;
  return true;
}

// Runs the command line with stdin from `input` and checks the contract of its outcome.
void run_and_check(std::vector<std::string> const& args, std::string const& input) {
  write_file(work_file(), input);
  if (!std::freopen(work_file().c_str(), "rb", stdin)) std::abort();
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* captured = open_memstream(&buf, &len);
  std::FILE* const real_stderr = stderr;
  stderr = captured;
  std::vector<std::string> storage = {"wavemma"};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  int const status = cli::run(static_cast<int>(storage.size()), argv.data());
  stderr = real_stderr;
  std::fclose(captured);
  std::string const err(buf, len);
  std::free(buf);
  std::clearerr(stdout);

  if (status < 0 || status > 2) fail(fmt::format("exit status {}", status), args, err);
  if (!err.empty() && err.back() != '\n') fail("stderr does not end with a newline", args, err);
  std::string_view last;
  for (size_t pos = 0; pos < err.size();) {
    size_t const eol = err.find('\n', pos);
    last = std::string_view(err).substr(pos, eol - pos);
    if (!printable_line(last)) fail("a control byte on stderr", args, err);
    pos = eol + 1;
  }
  if (status != 0 && !last.starts_with("wavemma")) fail("a failure without its one-line message", args, err);
  if (status == 2 && last.find("error: ") == std::string_view::npos)
    fail("a usage error that does not say error", args, err);
}

void fuzz_arguments(std::string_view data) {
  size_t const nul = data.find('\0');
  std::string_view const line = data.substr(0, nul);
  std::string const file = nul == std::string_view::npos ? "" : std::string(data.substr(nul + 1));
  std::vector<std::string> args;
  for (size_t pos = 0; pos <= line.size() && args.size() < 64;) {
    size_t const eol = std::min(line.find('\n', pos), line.size());
    std::string arg(line.substr(pos, eol - pos));
    if (arg.find('/') != std::string::npos) return;
    args.push_back(arg == "@" ? work_file() : arg);
    pos = eol + 1;
  }
  run_and_check(args, file);
}

void fuzz_matrix_file(std::string_view data) {
  if (data.size() < 2) return;
  auto const rows = isa::catalog();
  auto const& in = rows[static_cast<unsigned char>(data[0]) % rows.size()];
  int const which = static_cast<unsigned char>(data[1]) % 3;
  std::string const arch(isa::default_arch(in.gen).name);
  int const blocks = in.sparse() ? 1 : in.blocks;
  std::string const shapes[3] = {zeros(blocks * in.m, in.k), zeros(blocks * in.k, in.n), zeros(blocks * in.m, in.n)};
  std::vector<std::string> args = {"exec", std::string(in.mnemonic), "--arch", arch};
  for (int op = 0; op < 3; ++op) {
    std::string const name = fmt::format("op{}", op);
    if (op != which) write_file(name, shapes[op]);
    args.insert(args.end(), {fmt::format("--{}", "abc"[op]), op == which ? "-" : name});
  }
  run_and_check(args, std::string(data.substr(2)));
}

void fuzz_stream(std::string_view data) {
  if (data.empty()) return;
  constexpr char const* kTargets[][2] = {{"gfx1100", "32"}, {"gfx1100", "64"}, {"gfx1201", "32"},
                                         {"gfx1201", "64"}, {"gfx908", "64"},  {"gfx90a", "64"},
                                         {"gfx942", "64"},  {"gfx950", "64"},  {"gfx1250", "32"}};
  unsigned const pick = static_cast<unsigned char>(data[0]);
  auto const& t = kTargets[(pick >> 1) % std::size(kTargets)];
  run_and_check({pick & 1 ? "decode" : "encode", "--arch", t[0], "--wave", t[1]}, std::string(data.substr(1)));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(uint8_t const* data, size_t size) {
  (void)work_file();
  if (size < 1) return 0;
  std::string_view const rest(reinterpret_cast<char const*>(data + 1), size - 1);
  switch (data[0] % 3) {
  case 0:
    fuzz_arguments(rest);
    break;
  case 1:
    fuzz_matrix_file(rest);
    break;
  default:
    fuzz_stream(rest);
    break;
  }
  return 0;
}
