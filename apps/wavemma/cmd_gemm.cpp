// wavemma gemm: the seeds' GEMM system on the CPU, checked bit for bit and against f64.

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <thread>
#include <unistd.h>

#include "cli.hpp"
#include "table.hpp"
#include "wavemma/gemm/runner.hpp"
#include "wavemma/simt/runtime.hpp"

namespace wavemma::cli {
namespace {

struct GemmOptions {
  std::string arch = "gfx1201", policy, format = "text", gpu;
  int m = 512, n = 512, k = 512, size = 0;
  uint64_t seed = 1;
  int threads = 0;
  bool list = false, quiet = false;
};

std::string default_policy(isa::Arch const& a) { return isa::is_rdna(a.gen) ? "wmma_f16" : "mfma_f16"; }

void list_policies(Format f) {
  if (f == Format::kJson) {
    auto arr = nlohmann::json::array();
    for (auto const& p : gemm::policies())
      arr.push_back({{"policy", p.name}, {"archs", gemm::archs_of(p)}, {"family", p.family()}, {"instruction", p.instruction},
                     {"input", p.input}, {"output", p.output}, {"sparse", p.sparse}});
    fmt::print("{}\n", arr.dump(2));
    return;
  }
  Table t({"policy", "family", "instruction", "A/B", "C", "tile policy", "compute policy", "threads"});
  for (auto const& p : gemm::policies())
    t.add({std::string(p.name), std::string(p.family()), p.instruction.empty() ? "scalar FMA" : std::string(p.instruction),
           std::string(p.input), std::string(p.output), p.tile_policy, p.compute_policy, std::to_string(p.threads)});
  fmt::print("{}", f == Format::kMarkdown ? t.markdown() : t.text());
  if (f == Format::kText) {
    std::string families = "family any: every architecture";
    for (auto const& g : isa::generations()) {
      families += fmt::format("; {} =", g.name);
      for (auto const& a : isa::architectures())
        if (a.gen == g.gen) families += fmt::format(" {}", a.name);
    }
    fmt::print("{}\n", families);
  }
}

std::string duration(double s) {
  return s >= 1 ? fmt::format("{:.3f} s", s) : s >= 1e-3 ? fmt::format("{:.3f} ms", s * 1e3) : fmt::format("{:.3f} us", s * 1e6);
}

// A one-line progress bar on stderr, shown only on a terminal.
struct Progress {
  bool enabled;
  void operator()(int done, int total) const {
    if (!enabled) return;
    int const width = 30, filled = total ? done * width / total : width;
    fmt::print(stderr, "\r  [{}{}] {:3}%  rows {}/{}", std::string(filled, '#'), std::string(width - filled, '.'),
               total ? done * 100 / total : 100, done, total);
    if (done >= total) fmt::print(stderr, "\r{}\r", std::string(60, ' '));
  }
};

void run(GemmOptions const& o) {
  Format const f = parse_format(o.format, {Format::kText, Format::kJson, Format::kMarkdown});
  if (o.list) return list_policies(f);
  isa::Arch const* arch = isa::find_arch(o.arch);
  if (!arch) throw UsageError(fmt::format("unknown architecture '{}' (known: {})", o.arch, isa::known_arch_names()));
  gemm::RunOptions ro;
  ro.arch = arch;
  ro.policy = o.policy.empty() ? default_policy(*arch) : o.policy;
  ro.m = o.size ? o.size : o.m;
  ro.n = o.size ? o.size : o.n;
  ro.k = o.size ? o.size : o.k;
  ro.seed = o.seed;
  if (ro.m <= 0 || ro.n <= 0 || ro.k <= 0) throw UsageError(fmt::format("sizes must be positive (m={} n={} k={})", ro.m, ro.n, ro.k));
  if (long(ro.m) * ro.k > (1L << 28) || long(ro.k) * ro.n > (1L << 28) || long(ro.m) * ro.n > (1L << 28))
    throw UsageError("matrices beyond 2^28 elements would take hours to emulate; choose smaller sizes");
  isa::Gpu const* gpu = o.gpu.empty() ? isa::flagship_gpu(arch->name) : isa::find_gpu(o.gpu);
  if (!o.gpu.empty() && !gpu) throw UsageError(fmt::format("unknown GPU '{}' (see wavemma peak --list-gpus)", o.gpu));
  if (gpu && isa::find_arch(gpu->arch)->gen != arch->gen)
    throw UsageError(fmt::format("{} is {}, not {}", gpu->name, gpu->arch, isa::family_name(arch->gen)));
  if (o.threads < 0) throw UsageError("--threads must be at least 1");
  if (o.threads) simt::set_threads(o.threads);
  bool const show = !o.quiet && f == Format::kText && isatty(STDERR_FILENO);
  ro.progress = Progress{show};

  gemm::RunResult const r = gemm::run(ro);
  auto const& p = *r.policy;
  if (!r.launch_error.empty()) throw Failure(fmt::format("the kernel failed: {}", r.launch_error));
  gemm::Model const model = gpu ? gemm::model_on_gpu(p, *arch, *gpu, ro.m, ro.n, ro.k) : gemm::Model{};
  int const wave = p.wave ? p.wave : arch->default_wave();

  if (f == Format::kJson) {
    nlohmann::json j = {{"arch", arch->name}, {"wave", wave}, {"policy", p.name}, {"instruction", p.instruction},
                        {"m", ro.m}, {"n", ro.n}, {"k", ro.k}, {"seed", ro.seed}, {"passed", r.passed},
                        {"bitwise_equal", r.bitwise_equal}, {"mismatches", r.mismatches}, {"max_abs_error", r.max_abs_error},
                        {"max_error_over_tolerance", r.max_error_over_tolerance}, {"seconds", r.seconds},
                        {"emulated_gflops", r.emulated_gflops}, {"reference_seconds", r.reference_seconds},
                        {"threads", simt::threads()}};
    if (!r.first_mismatch.empty()) j["first_mismatch"] = r.first_mismatch;
    if (gpu && model.issues) {
      j["gpu"] = gpu->name;
      j["modelled_seconds"] = model.seconds;
      j["modelled_tflops"] = model.tflops;
    }
    fmt::print("{}\n", j.dump(2));
  } else {
    std::string const check = p.instruction.empty() ? "a chain of correctly rounded FMAs in k order"
                                                    : fmt::format("the chain of single-instruction emulations of {} in K order", p.instruction);
    fmt::print("wavemma gemm: {} on {} (wave{}), {} x {} x {}, seed {}\n", p.name, arch->name, wave, ro.m, ro.n, ro.k, ro.seed);
    fmt::print("  kernel       matrix_multiply_generic<{}, {}>, {} threads per block\n", p.tile_policy, p.compute_policy, p.threads);
    fmt::print("  {}\n", r.passed ? "PASSED" : "FAILED");
    if (r.bitwise_equal)
      fmt::print("  bit-exact    yes: all {} elements equal {}\n", long(ro.m) * ro.n, check);
    else
      fmt::print("  bit-exact    NO: {} of {} elements differ from {}; first: {}\n", r.mismatches, long(ro.m) * ro.n, check,
                 r.first_mismatch);
    fmt::print("  f64 check    max |error| {:.3g}, {:.1f}% of the tolerance ({} inputs, {} accumulation)\n", r.max_abs_error,
               100 * r.max_error_over_tolerance, p.input, p.output);
    fmt::print("  time         {:.3f} s on the CPU ({} threads): {:.2f} GFLOP/s emulated (reference {:.3f} s)\n", r.seconds,
               simt::threads(), r.emulated_gflops, r.reference_seconds);
    if (gpu && model.issues)
      fmt::print("  modelled     {}: {} issues of {} ({} cycles each) = {}, {:.1f} TFLOP/s at {} MHz\n", gpu->name, model.issues,
                 p.instruction, isa::find_instruction(arch->gen, p.instruction)->cycles, duration(model.seconds), model.tflops,
                 gpu->peak_clock_mhz);
  }
  if (!r.passed) throw Failure(fmt::format("gemm {} on {} FAILED", p.name, arch->name));
}

} // namespace

void add_gemm(CLI::App& app) {
  auto o = std::make_shared<GemmOptions>();
  auto* cmd = app.add_subcommand("gemm", "Run a GEMM policy on the CPU through the SIMT runtime and check it bit for bit");
  cmd->add_option("--arch", o->arch, "Architecture (default gfx1201)");
  cmd->add_option("--policy", o->policy, "Policy name (default wmma_f16, mfma_f16 on CDNA); see --list-policies");
  cmd->add_option("--m", o->m, "Rows of A and C (default 512)");
  cmd->add_option("--n", o->n, "Columns of B and C (default 512)");
  cmd->add_option("--k", o->k, "Columns of A, rows of B (default 512)");
  cmd->add_option("--size", o->size, "Square size: sets m, n and k");
  cmd->add_option("--seed", o->seed, "Seed of the random A and B (default 1)");
  cmd->add_option("--gpu", o->gpu, "GPU for the modelled time (default: the architecture's flagship)");
  cmd->add_option("--threads", o->threads, "OS threads running blocks (default: every core)");
  cmd->add_option("--format", o->format, "text (default) or json; --list-policies also markdown");
  cmd->add_flag("--list-policies", o->list, "List the policies and the architectures they run on");
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  cmd->footer("Random A and B from the seed (never the identity); the kernel runs over all cores; the result must equal\n"
              "the chain of single-instruction emulations in the hardware's K order bit for bit, and lie within the\n"
              "input format's tolerance of an f64 reference. Exit status 1 when a check fails.\n"
              "Examples:\n  wavemma gemm\n  wavemma gemm --arch gfx942 --policy mfma_xf32 --m 200 --n 136 --k 72\n"
              "  wavemma gemm --list-policies");
  cmd->callback([o] { run(*o); });
}

} // namespace wavemma::cli
