// wavemma peak: theoretical throughput of an instruction on a GPU,
// ops/cycle per matrix unit x matrix units per CU x CUs x clock.

#include <fmt/format.h>

#include "cli.hpp"
#include "table.hpp"

namespace wavemma::cli {
namespace {

struct PeakOptions {
  TargetOptions target;
  std::string gpu;
  std::optional<int> cus;          // unset: the GPU's
  std::optional<double> clock_mhz; // unset: the GPU's
  bool list_gpus = false;
};

struct Machine {
  std::string name;
  isa::Arch const* arch;
  int cus;
  double clock_mhz;
};

// The GPU's figures, each overridden by --cus / --clock-mhz when given.
Machine machine(PeakOptions const& o, isa::Arch const* arch) {
  isa::Gpu const* g = nullptr;
  if (!o.gpu.empty()) {
    g = isa::find_gpu(o.gpu);
    if (!g) throw UsageError(fmt::format("unknown GPU '{}' (see wavemma peak --list-gpus)", excerpt(o.gpu)));
    auto const& garch = find_arch_or_throw(g->arch);
    if (arch && garch.gen != arch->gen)
      throw UsageError(fmt::format("{} is {} ({}), not {}", g->name, g->arch, isa::family_name(garch.gen), arch->name));
    arch = &garch;
  } else if (arch && (!o.cus || !o.clock_mhz)) {
    g = isa::flagship_gpu(arch->name);
  }
  if (!arch) throw UsageError("give an instruction, --gpu, or --arch");
  if (!g && (!o.cus || !o.clock_mhz))
    throw UsageError(fmt::format("no GPU of {} is known: give --gpu or both --cus and --clock-mhz", arch->name));
  Machine m{g ? std::string(g->name) : "", arch, o.cus.value_or(g ? g->compute_units : 0),
            o.clock_mhz.value_or(g ? g->peak_clock_mhz : 0)};
  if (m.name.empty()) m.name = fmt::format("{} CUs at {} MHz", m.cus, m.clock_mhz);
  return m;
}

double tera(isa::Instruction const& in, Machine const& m) {
  return static_cast<double>(in.ops()) / in.cycles * m.arch->matrix_units_per_cu * m.cus * m.clock_mhz * 1e6 / 1e12;
}

void run(PeakOptions const& o) {
  if (o.list_gpus) {
    Table t({"key", "GPU", "arch", "CUs", "peak MHz"});
    for (auto const& g : isa::gpus())
      t.add({std::string(g.key), std::string(g.name), std::string(g.arch), std::to_string(g.compute_units),
             std::to_string(g.peak_clock_mhz)});
    fmt::print("{}", t.text());
    return;
  }
  if (o.target.instruction.empty()) {
    // Every instruction of the GPU's architecture.
    isa::Arch const* arch = o.target.arch.empty() ? nullptr : &find_arch_or_throw(o.target.arch);
    Machine const m = machine(o, arch);
    fmt::print("{} ({}, {} CUs, {} MHz, {} matrix units per CU)\n", m.name, m.arch->name, m.cus, m.clock_mhz,
               m.arch->matrix_units_per_cu);
    Table t({"mnemonic", "ops", "cycles", "ops/cycle/CU", "peak"});
    for (auto const* in : isa::instructions_of(m.arch->gen))
      t.add({std::string(in->mnemonic), std::to_string(in->ops()), std::to_string(in->cycles),
             fmt::format("{:.0f}", static_cast<double>(in->ops()) / in->cycles * m.arch->matrix_units_per_cu),
             fmt::format("{:.1f} {}", tera(*in, m), rate_unit(numeric::is_integer(in->a), 'T'))});
    fmt::print("{}", t.text());
    fmt::print("sparse forms count the dense K (2 x the multiplications performed)\n");
    return;
  }
  Target const t = o.target.resolve();
  Machine const m = machine(o, t.arch);
  auto const& in = *t.instruction;
  double const per_unit = static_cast<double>(in.ops()) / in.cycles;
  fmt::print("{} on {} ({}, wave{})\n", in.mnemonic, m.name, m.arch->name, t.wave);
  fmt::print("  {} ops per instruction / {} cycles = {:.0f} ops/cycle per matrix unit\n", in.ops(), in.cycles,
             per_unit);
  fmt::print("  x {} matrix units per CU = {:.0f} ops/cycle per CU\n", m.arch->matrix_units_per_cu,
             per_unit * m.arch->matrix_units_per_cu);
  fmt::print("  x {} CUs x {} MHz = {:.1f} {}{}\n", m.cus, m.clock_mhz, tera(in, m),
             rate_unit(numeric::is_integer(in.a), 'T'), in.sparse() ? " (sparse: counted with the dense K)" : "");
  if (isa::is_rdna(in.gen) && t.wave == 64)
    fmt::print("  wave64 cycles are not documented; wave32 cycles assumed [ASSUME]\n");
}

} // namespace

void add_peak(CLI::App& app) {
  auto o = std::make_shared<PeakOptions>();
  auto* cmd = app.add_subcommand("peak", "Theoretical peak ops/s of an instruction on a GPU");
  o->target.add_to(*cmd, false);
  add_text(*cmd, "--gpu", o->gpu,
           "GPU name or key (rx9070xt, r9700, rx7900xtx, mi300x, mi300a, ...); default: the "
           "architecture's flagship");
  add_int(*cmd, "--cus", o->cus, "Compute units, 1 or more (overrides the GPU's)", {1, 100000});
  // A clock no GPU could have is a typo, not a question: 1 MHz to 100 GHz.
  add_real(*cmd, "--clock-mhz", o->clock_mhz, "Peak engine clock in MHz, 1..100000 (overrides the GPU's)", {1, 100000});
  cmd->add_flag("--list-gpus", o->list_gpus, "List the known GPUs");
  cmd->footer("Examples:\n  wavemma peak v_mfma_f32_32x32x8_f16 --gpu mi300x\n  wavemma peak --gpu rx9070xt\n"
              "  wavemma peak v_wmma_f32_16x16x16_f16 --arch gfx1201 --cus 64 --clock-mhz 2970");
  cmd->callback([o] { run(*o); });
}

} // namespace wavemma::cli
