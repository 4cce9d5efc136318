// wavemma list: the catalog, filtered by architecture, wave size and family.

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "table.hpp"
#include "wavemma/isa/builtin.hpp"
#include "wavemma/numeric/engine.hpp"

namespace wavemma::cli {
namespace {

struct ListOptions {
  std::string arch, family, format = "table";
  int wave = 0;
  bool models = false;
};

// The numeric models of the catalog: engine, evidence and the instructions that use each.
void list_models(Format format) {
  Table t({"model", "engine", "group", "evidence", "instructions", "summary", "sources"});
  auto arr = nlohmann::json::array();
  for (auto const& m : isa::numeric_models()) {
    std::string users;
    for (auto const& in : isa::catalog())
      if (in.model == m.id) users += fmt::format("{}{} {}", users.empty() ? "" : ", ", isa::name(in.gen), in.mnemonic);
    t.add({std::string(m.name), std::string(numeric::engine_name(m.engine)), std::to_string(m.group), std::string(isa::name(m.evidence)),
           users, std::string(m.summary), std::string(m.sources)});
    arr.push_back({{"model", m.name}, {"engine", numeric::engine_name(m.engine)}, {"group", m.group}, {"evidence", isa::name(m.evidence)}, {"instructions", users},
                   {"summary", m.summary}, {"sources", m.sources}});
  }
  if (format == Format::kJson) fmt::print("{}\n", arr.dump(2));
  else fmt::print("{}", format == Format::kMarkdown ? t.markdown() : t.text());
}

struct Entry {
  isa::Arch const* arch;
  int wave;
  isa::Instruction const* in;
};

std::string builtin_of(isa::Instruction const& in, int wave) {
  auto const list = isa::builtins_of(in, wave);
  return list.empty() ? "" : list.front()->name;
}

std::string shape(isa::Instruction const& in) { return fmt::format("{}x{}x{}", in.m, in.n, in.k); }

void run(ListOptions const& o) {
  Format const format = parse_format(o.format, {Format::kText, Format::kCsv, Format::kJson, Format::kMarkdown});
  if (o.models) return list_models(format);
  std::vector<isa::Arch const*> archs;
  if (!o.arch.empty()) {
    auto const* a = isa::find_arch(o.arch);
    if (!a) throw UsageError(fmt::format("unknown architecture '{}' (known: {})", o.arch, isa::known_arch_names()));
    archs.push_back(a);
  } else {
    for (auto const& g : isa::generations()) archs.push_back(&isa::default_arch(g.gen));
  }
  if (o.wave != 0 && o.wave != 32 && o.wave != 64) throw UsageError(fmt::format("--wave must be 32 or 64, not {}", o.wave));
  if (o.wave && !o.arch.empty() && !archs.front()->has_wave(o.wave))
    throw UsageError(fmt::format("{} has no wave{} ({} runs wave64 only)", archs.front()->name, o.wave,
                                 isa::family_name(archs.front()->gen)));
  std::optional<isa::Kind> kind;
  if (!o.family.empty()) {
    for (auto k : {isa::Kind::kWmma, isa::Kind::kSwmmac, isa::Kind::kMfma, isa::Kind::kSmfmac})
      if (isa::name(k) == o.family) kind = k;
    if (!kind) throw UsageError(fmt::format("unknown family '{}' (choose wmma, swmmac, mfma, smfmac)", o.family));
  }

  std::vector<Entry> entries;
  for (auto const* a : archs) {
    // With --arch, the architecture's default wave unless --wave says otherwise; without, every wave.
    std::vector<int> waves = o.wave ? std::vector<int>{o.wave}
                                    : (o.arch.empty() ? a->wave_sizes() : std::vector<int>{a->default_wave()});
    for (int w : waves) {
      if (!a->has_wave(w)) continue;
      for (auto const* in : isa::instructions_of(a->gen))
        if (!kind || in->kind == *kind) entries.push_back({a, w, in});
    }
  }

  if (format == Format::kCsv) {
    fmt::print("arch,wave,mnemonic,builtin,m,n,k,blocks,a_type,b_type,c_type,d_type,sparse\n");
    for (auto const& e : entries)
      fmt::print("{},{},{},{},{},{},{},{},{},{},{},{},{}\n", e.arch->name, e.wave, e.in->mnemonic, builtin_of(*e.in, e.wave),
                 e.in->m, e.in->n, e.in->k, e.in->blocks, isa::name(e.in->a), isa::name(e.in->b), isa::name(e.in->cd),
                 isa::name(e.in->cd), e.in->sparse() ? "true" : "false");
    return;
  }
  if (format == Format::kJson) {
    auto arr = nlohmann::json::array();
    for (auto const& e : entries) {
      auto const& nm = e.in->numeric();
      arr.push_back({{"arch", e.arch->name}, {"wave", e.wave}, {"mnemonic", e.in->mnemonic},
                     {"builtin", builtin_of(*e.in, e.wave)}, {"m", e.in->m}, {"n", e.in->n}, {"k", e.in->k},
                     {"blocks", e.in->blocks}, {"a_type", isa::name(e.in->a)}, {"b_type", isa::name(e.in->b)},
                     {"c_type", isa::name(e.in->cd)}, {"d_type", isa::name(e.in->cd)}, {"sparse", e.in->sparse()},
                     {"family", isa::name(e.in->kind)}, {"opcode", e.in->opcode}, {"ops", e.in->ops()},
                     {"cycles", e.in->cycles}, {"numeric_model", nm.name}, {"evidence", isa::name(nm.evidence)}});
    }
    fmt::print("{}\n", arr.dump(2));
    return;
  }
  Table t({"arch", "wave", "mnemonic", "MxNxK", "blocks", "A", "B", "C/D", "cycles", "numerics", "builtin"});
  for (auto const& e : entries)
    t.add({std::string(e.arch->name), std::to_string(e.wave), std::string(e.in->mnemonic), shape(*e.in),
           std::to_string(e.in->blocks), std::string(isa::name(e.in->a)), std::string(isa::name(e.in->b)),
           std::string(isa::name(e.in->cd)), std::to_string(e.in->cycles),
           fmt::format("{} [{}]", e.in->numeric().name, isa::name(e.in->numeric().evidence)),
           builtin_of(*e.in, e.wave)});
  fmt::print("{}", format == Format::kMarkdown ? t.markdown() : t.text());
  if (format == Format::kText) fmt::print(stderr, "{} instructions\n", t.size());
}

} // namespace

void add_list(CLI::App& app) {
  auto o = std::make_shared<ListOptions>();
  auto* cmd = app.add_subcommand("list", "List the catalog's instructions (filter by --arch, --wave, --family)");
  cmd->add_option("--arch", o->arch, "Architecture or family alias (default: each generation's default architecture, every wave)");
  cmd->add_option("--wave", o->wave, "Wave size 32 or 64 (default with --arch: the architecture's default)");
  cmd->add_option("--family", o->family, "wmma, swmmac, mfma or smfmac");
  cmd->add_option("--format", o->format, "table (default), csv, json, markdown");
  cmd->add_flag("--models", o->models, "List the numeric models instead: engine, evidence tag, sources, instructions");
  cmd->footer("Examples:\n  wavemma list --arch gfx1201\n  wavemma list --arch gfx942 --family smfmac\n"
              "  wavemma list --format csv > catalog.csv");
  cmd->callback([o] { run(*o); });
}

} // namespace wavemma::cli
