// wavemma gemm: the seeds' GEMM system on the CPU, checked bit for bit and against f64.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <limits>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "cli.hpp"
#include "table.hpp"
#include "wavemma/gemm/runner.hpp"
#include "wavemma/simt/runtime.hpp"

namespace wavemma::cli {
namespace {

struct GemmOptions {
  std::string arch, policy, format = "text", gpu;
  int wave = 0;
  std::optional<int> m, n, k, size, threads; // unset: not given
  uint64_t seed = 1;
  bool list = false, quiet = false;
};

constexpr int kDefaultSize = 512;
// `wavemma gemm` with nothing that names a family runs RDNA4 (the demo of scripts/run.sh).
constexpr isa::Generation kDefaultGeneration = isa::Generation::kGfx12;
// The runner holds several copies of every element of A, B and C (the inputs as bit patterns,
// the device buffers, the f64 reference's doubles, the chain's result): at most 40 bytes each.
constexpr double kBytesPerElement = 40;

// RDNA in wave64 (--wave 64) runs the wave64 form of the same instruction.
std::string default_policy(isa::Arch const& a, int wave) {
  if (!isa::is_rdna(a.gen)) return "mfma_f16";
  return wave_on(a, wave) == 64 ? "wmma_f16_w64" : "wmma_f16";
}

// The policies that run on `arch` in wave `wave`, for a message.
std::string policies_in_wave(isa::Arch const& arch, int wave) {
  std::string out;
  for (auto const& p : gemm::policies())
    if (p.runs_on(arch) && p.wave == wave) out += fmt::format("{}{}", out.empty() ? "" : ", ", p.name);
  return out;
}

// The registry's spelling of a policy name given in any case ("" if there is none).
std::string canonical_policy(std::string const& name) {
  for (auto const& p : gemm::policies())
    if (iequals(p.name, name)) return std::string(p.name);
  return name;
}

// --arch, else the GPU's, else the one family the policy runs on; gfx1201 when nothing names one.
isa::Arch const& arch_of(GemmOptions const& o, std::string const& policy, isa::Gpu const* gpu) {
  if (!o.arch.empty()) return find_arch_or_throw(o.arch);
  if (gpu) return find_arch_or_throw(gpu->arch);
  std::vector<isa::Generation> gens;
  for (auto const& p : gemm::policies())
    if (p.name == policy && p.gen) gens.push_back(*p.gen);
  // A name several CDNA generations share means the preferred one's (CDNA3), as an instruction
  // name does (isa::GenerationInfo::preferred).
  auto const preferred = std::ranges::find_if(gens, [](isa::Generation g) { return isa::info(g).preferred; });
  if (gens.size() > 1 && preferred != gens.end()) gens = {*preferred};
  if (gens.size() > 1) {
    std::string names;
    for (auto g : gens) names += (names.empty() ? "" : " and ") + std::string(isa::name(g));
    // The example: the default target where the policy runs there (wmma_f16: gfx1201, not gfx1250).
    bool const on_default = std::ranges::find(gens, kDefaultGeneration) != gens.end();
    throw UsageError(fmt::format("policy {} runs on {}: choose with --arch (e.g. --arch {})", policy, names,
                                 isa::default_arch(on_default ? kDefaultGeneration : gens.back()).name));
  }
  return isa::default_arch(gens.empty() ? kDefaultGeneration : gens.front());
}

// Refuses sizes that would take hours, or more memory than a shared machine should give.
void check_size(int m, int n, int k) {
  double const mnk = double(m) * n * k, bytes = kBytesPerElement * (double(m) * k + double(k) * n + double(m) * n);
  if (mnk > limits().gemm_multiply_adds)
    throw UsageError(fmt::format("{} x {} x {} is {:.3g} multiply-adds, beyond the limit of 2^{:g} (already minutes of "
                                 "emulation); choose smaller sizes",
                                 m, n, k, mnk, std::log2(limits().gemm_multiply_adds)));
  if (bytes > limits().gemm_bytes)
    throw UsageError(fmt::format("{} x {} x {} needs about {:.2g} GiB of memory, beyond the limit of {:g} GiB; choose "
                                 "smaller sizes",
                                 m, n, k, bytes / 0x1p30, limits().gemm_bytes / 0x1p30));
}

void list_policies(Format f) {
  if (f == Format::kJson) {
    auto arr = nlohmann::json::array();
    for (auto const& p : gemm::policies())
      arr.push_back({{"policy", p.name},
                     {"archs", gemm::archs_of(p)},
                     {"generation", p.generation_name()},
                     {"instruction", p.instruction},
                     {"input", p.input},
                     {"output", p.output},
                     {"sparse", p.sparse}});
    fmt::print("{}\n", arr.dump(2));
    return;
  }
  Table t({"policy", "generation", "instruction", "A/B", "C", "tile policy", "compute policy", "threads"});
  for (auto const& p : gemm::policies())
    t.add({std::string(p.name), std::string(p.generation_name()),
           p.instruction.empty() ? "scalar FMA" : std::string(p.instruction), std::string(p.input),
           std::string(p.output), p.tile_policy, p.compute_policy, std::to_string(p.threads)});
  fmt::print("{}", f == Format::kMarkdown ? t.markdown() : t.text());
  if (f == Format::kText) {
    std::string generations = "generation any: every architecture";
    for (auto const& g : isa::generations()) {
      generations += fmt::format("; {} =", g.name);
      for (auto const& a : isa::architectures())
        if (a.gen == g.gen) generations += fmt::format(" {}", a.name);
    }
    fmt::print("{}\n", generations);
  }
}

std::string duration(double s) {
  return s >= 1      ? fmt::format("{:.3f} s", s)
         : s >= 1e-3 ? fmt::format("{:.3f} ms", s * 1e3)
                     : fmt::format("{:.3f} us", s * 1e6);
}

// A one-line progress bar on stderr, shown only on a terminal.
struct Progress {
  bool enabled;
  void operator()(int done, int total) const {
    if (!enabled) return;
    int const width = 30, filled = total ? done * width / total : width;
    note(fmt::format("\r  [{}{}] {:3}%  rows {}/{}", std::string(filled, '#'), std::string(width - filled, '.'),
                     total ? done * 100 / total : 100, done, total));
    if (done >= total) note(fmt::format("\r{}\r", std::string(60, ' ')));
  }
};

void run(GemmOptions const& o) {
  Format const f = o.list ? parse_format(o.format, {Format::kText, Format::kJson, Format::kMarkdown})
                          : parse_format(o.format, {Format::kText, Format::kJson});
  if (o.list) return list_policies(f);
  if (o.size && (o.m || o.n || o.k)) throw UsageError("give either --size or --m/--n/--k, not both");
  isa::Gpu const* gpu = o.gpu.empty() ? nullptr : isa::find_gpu(o.gpu);
  if (!o.gpu.empty() && !gpu)
    throw UsageError(fmt::format("unknown GPU '{}' (see wavemma peak --list-gpus)", excerpt(o.gpu)));
  std::string const policy = o.policy.empty() ? "" : canonical_policy(o.policy);
  isa::Arch const& arch = arch_of(o, policy, gpu);
  if (!gpu) gpu = isa::flagship_gpu(arch.name);
  if (gpu && find_arch_or_throw(gpu->arch).gen != arch.gen)
    throw UsageError(fmt::format("{} is {}, not {}", gpu->name, gpu->arch, isa::family_name(arch.gen)));
  gemm::RunOptions ro;
  ro.arch = &arch;
  ro.policy = policy.empty() ? default_policy(arch, o.wave) : policy;
  ro.m = o.size.value_or(o.m.value_or(kDefaultSize));
  ro.n = o.size.value_or(o.n.value_or(kDefaultSize));
  ro.k = o.size.value_or(o.k.value_or(kDefaultSize));
  ro.seed = o.seed;
  check_size(ro.m, ro.n, ro.k);
  if (auto const* p = gemm::find_policy(ro.policy, arch); p && o.wave) {
    int const runs = p->wave ? p->wave : arch.default_wave();
    if (int const wave = wave_on(arch, o.wave); wave != runs) {
      std::string const others = policies_in_wave(arch, wave);
      throw UsageError(
          fmt::format("policy {} runs in wave{} on {}, not wave{} ({})", p->name, runs, arch.name, o.wave,
                      others.empty() ? "see --list-policies" : fmt::format("wave{} policies there: {}", wave, others)));
    }
  }
  if (o.threads) simt::set_threads(*o.threads);
  bool const show = !o.quiet && f == Format::kText && isatty(fileno(stderr));
  ro.progress = Progress{show};

  gemm::RunResult const r = gemm::run(ro);
  auto const& p = *r.policy;
  if (!r.launch_error.empty()) throw Failure(fmt::format("the kernel failed: {}", r.launch_error));
  gemm::Model const model = gpu ? gemm::model_on_gpu(p, arch, *gpu, ro.m, ro.n, ro.k) : gemm::Model{};
  int const wave = p.wave ? p.wave : arch.default_wave();
  bool const integer = p.output == "i32";

  if (f == Format::kJson) {
    nlohmann::json j = {{"arch", arch.name},
                        {"wave", wave},
                        {"policy", p.name},
                        {"instruction", p.instruction},
                        {"m", ro.m},
                        {"n", ro.n},
                        {"k", ro.k},
                        {"seed", ro.seed},
                        {"passed", r.passed},
                        {"bitwise_equal", r.bitwise_equal},
                        {"mismatches", r.mismatches},
                        {"max_abs_error", r.max_abs_error},
                        {"max_error_over_tolerance", r.max_error_over_tolerance},
                        {"seconds", r.seconds},
                        {"emulated_gflops", r.emulated_gflops},
                        {"reference_seconds", r.reference_seconds},
                        {"threads", simt::threads()}};
    if (!r.first_mismatch.empty()) j["first_mismatch"] = r.first_mismatch;
    if (gpu && model.issues) {
      j["gpu"] = gpu->name;
      j["modelled_seconds"] = model.seconds;
      j["modelled_tflops"] = model.tflops;
    }
    fmt::print("{}\n", j.dump(2));
  } else {
    std::string const check =
        p.instruction.empty()
            ? "a chain of correctly rounded FMAs in k order"
            : fmt::format("the chain of single-instruction emulations of {} in K order", p.instruction);
    fmt::print("wavemma gemm: {} on {} (wave{}), {} x {} x {}, seed {}\n", p.name, arch.name, wave, ro.m, ro.n, ro.k,
               ro.seed);
    fmt::print("  kernel       {}<{}, {}>, {} threads per block\n",
               p.sparse   ? "matrix_multiply_sparse"
               : p.scaled ? "matrix_multiply_scaled"
                          : "matrix_multiply_generic",
               p.tile_policy, p.compute_policy, p.threads);
    fmt::print("  {}\n", r.passed ? "PASSED" : "FAILED");
    if (r.bitwise_equal)
      fmt::print("  bit-exact    yes: all {} elements equal {}\n", long(ro.m) * ro.n, check);
    else
      fmt::print("  bit-exact    NO: {} of {} elements differ from {}; first: {}\n", r.mismatches, long(ro.m) * ro.n,
                 check, r.first_mismatch);
    fmt::print("  f64 check    max |error| {:.3g}, {:.1f}% of the tolerance ({} inputs, {} accumulation)\n",
               r.max_abs_error, 100 * r.max_error_over_tolerance, p.input, p.output);
    int const threads = simt::threads();
    fmt::print("  time         kernel {:.3f} s on the CPU ({} OS thread{}): {:.2f} {} emulated\n", r.seconds, threads,
               threads == 1 ? "" : "s", r.emulated_gflops, rate_unit(integer, 'G'));
    fmt::print("               checks {:.3f} s (the chain of emulations and the f64 reference, same threads)\n",
               r.reference_seconds);
    if (gpu && model.issues)
      fmt::print("  modelled     {}: {} issues of {} ({} cycles each) = {}, {:.1f} {} at {} MHz\n", gpu->name,
                 model.issues, p.instruction, p.cycles, duration(model.seconds), model.tflops, rate_unit(integer, 'T'),
                 gpu->peak_clock_mhz);
  }
  if (!r.passed) throw Failure(fmt::format("gemm {} on {} FAILED", p.name, arch.name));
}

} // namespace

void add_gemm(CLI::App& app) {
  auto o = std::make_shared<GemmOptions>();
  auto* cmd =
      app.add_subcommand("gemm", "Run a GEMM policy on the CPU through the SIMT runtime and check it bit for bit");
  add_arch(*cmd, o->arch, "default: the GPU's, else the one family the policy runs on; gfx1201 when nothing names one");
  add_wave(*cmd, o->wave);
  add_text(*cmd, "--policy", o->policy,
           "Policy name, any case (default wmma_f16, mfma_f16 on CDNA); see --list-policies");
  IntBounds const size{1, std::numeric_limits<int>::max()};
  add_int(*cmd, "--m", o->m, "Rows of A and C (default 512)", size);
  add_int(*cmd, "--n", o->n, "Columns of B and C (default 512)", size);
  add_int(*cmd, "--k", o->k, "Columns of A, rows of B (default 512)", size);
  add_int(*cmd, "--size", o->size, "Square size: sets m, n and k (instead of --m/--n/--k)", size);
  add_u64(*cmd, "--seed", o->seed, "Seed of the random A and B, decimal or 0x hex (default 1)");
  add_text(*cmd, "--gpu", o->gpu, "GPU for the modelled time (default: the architecture's flagship)");
  add_int(*cmd, "--threads", o->threads,
          "OS threads running the kernel's blocks and the checks, 1..4096 (default: "
          "every core)",
          {1, 4096});
  add_text(*cmd, "--format", o->format, "text (default) or json; --list-policies also markdown");
  cmd->add_flag("--list-policies", o->list, "List the policies and the architectures they run on");
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  cmd->footer(
      "Random A and B from the seed (never the identity); the kernel runs over all cores; the result must equal\n"
      "the chain of single-instruction emulations in the hardware's K order bit for bit, and lie within the\n"
      "input format's tolerance of an f64 reference. Exit status 1 when a check fails. Sizes are limited to\n"
      "2^38 multiply-adds and about 2 GiB of memory (40 bytes per element of A, B and C).\n"
      "Examples:\n  wavemma gemm\n  wavemma gemm --arch gfx942 --policy mfma_xf32 --m 200 --n 136 --k 72\n"
      "  wavemma gemm --list-policies");
  cmd->callback([o] { run(*o); });
}

} // namespace wavemma::cli
