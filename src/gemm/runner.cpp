// The GEMM system on the host: every policy of AllPolicies compiled for the CPU (wavemma::simt)
// and run through detail::run_policy.

#include "wavemma/gemm/runner.hpp"

#include <array>

#include "run_policy.hpp"

namespace wavemma::gemm {
namespace {

using detail::info_of;
using detail::run_policy;

template <class... P>
auto runners(PolicyList<P...>) {
  return std::array<RunResult (*)(RunOptions const&), sizeof...(P)>{&run_policy<P>...};
}
template <class... P>
std::vector<PolicyInfo> infos(PolicyList<P...>) {
  return {info_of<P>()...};
}

} // namespace

bool PolicyInfo::runs_on(isa::Arch const& a) const { return !gen || *gen == a.gen; }

std::string_view PolicyInfo::generation_name() const { return gen ? isa::name(*gen) : "any"; }

std::vector<PolicyInfo> const& policies() {
  static std::vector<PolicyInfo> const all = infos(AllPolicies{});
  return all;
}

PolicyInfo const* find_policy(std::string_view name, isa::Arch const& arch) {
  for (auto const& p : policies())
    if (p.name == name && p.runs_on(arch)) return &p;
  return nullptr;
}

std::vector<std::string> archs_of(PolicyInfo const& p) {
  std::vector<std::string> out;
  for (auto const& a : isa::architectures())
    if (p.runs_on(a)) out.emplace_back(a.name);
  return out;
}

RunResult run(RunOptions const& o) {
  if (!o.arch) throw std::invalid_argument("no architecture");
  if (o.m <= 0 || o.n <= 0 || o.k <= 0)
    throw std::invalid_argument(fmt::format("sizes must be positive (m={} n={} k={})", o.m, o.n, o.k));
  PolicyInfo const* pi = find_policy(o.policy, *o.arch);
  if (!pi) {
    std::string where;
    for (auto const& p : policies())
      if (p.name == o.policy) where += (where.empty() ? "" : ", ") + std::string(p.generation_name());
    if (where.empty()) throw std::invalid_argument(fmt::format("unknown policy '{}' (see --list-policies)", o.policy));
    throw std::invalid_argument(
        fmt::format("policy {} does not run on {} (it is for {})", o.policy, o.arch->name, where));
  }
  if (pi->sparse && o.k % 4 != 0)
    throw std::invalid_argument(fmt::format("sparse policies need K divisible by 4 (K={})", o.k));
  static auto const table = runners(AllPolicies{});
  RunResult r = table[static_cast<size_t>(pi - policies().data())](o);
  r.policy = pi;
  return r;
}

Model model_on_gpu(PolicyInfo const& p, isa::Arch const& arch, isa::Gpu const& gpu, int m, int n, int k) {
  Model out;
  auto const* in = p.instruction.empty() ? nullptr : isa::find_instruction(arch.gen, p.instruction);
  if (!in) return out;
  // A multi-block instruction computes `blocks` instruction tiles per issue.
  long const tiles = long((m + in->m - 1) / in->m) * ((n + in->n - 1) / in->n);
  out.issues = (tiles + in->blocks - 1) / in->blocks * ((k + in->k - 1) / in->k);
  double const units = static_cast<double>(arch.matrix_units_per_cu) * gpu.compute_units;
  out.seconds = static_cast<double>(out.issues) * p.cycles / units / (gpu.peak_clock_mhz * 1e6);
  out.tflops = 2.0 * m * n * k / out.seconds / 1e12;
  return out;
}

} // namespace wavemma::gemm
