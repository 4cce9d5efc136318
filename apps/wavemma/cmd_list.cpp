// wavemma list: the catalog, filtered by architecture, wave size and family.

#include <algorithm>
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

// The numeric models of the selected instructions: engine, evidence and the instructions of the
// selection that use each.
void list_models(Format format, std::vector<Entry> const& entries) {
  Table t({"model", "engine", "group", "evidence", "instructions", "summary", "sources"});
  auto arr = nlohmann::json::array();
  std::string csv = "model,engine,group,evidence,instructions,summary,sources\n";
  for (auto const& m : isa::numeric_models()) {
    std::string users;
    std::vector<isa::Instruction const*> seen;
    for (auto const& e : entries)
      if (e.in->model == m.id && std::find(seen.begin(), seen.end(), e.in) == seen.end()) {
        seen.push_back(e.in);
        users += fmt::format("{}{} {}", users.empty() ? "" : ", ", isa::name(e.in->gen), e.in->mnemonic);
      }
    if (users.empty()) continue;
    std::string_view const engine = numeric::engine_name(m.engine);
    t.add({std::string(m.name), std::string(engine), std::to_string(m.group), std::string(isa::name(m.evidence)), users,
           std::string(m.summary), std::string(m.sources)});
    arr.push_back({{"model", m.name},
                   {"engine", engine},
                   {"group", m.group},
                   {"evidence", isa::name(m.evidence)},
                   {"instructions", users},
                   {"summary", m.summary},
                   {"sources", m.sources}});
    csv += fmt::format("{},{},{},{},{},{},{}\n", csv_field(std::string(m.name)), engine, m.group, isa::name(m.evidence),
                       csv_field(users), csv_field(std::string(m.summary)), csv_field(std::string(m.sources)));
  }
  if (format == Format::kJson)
    fmt::print("{}\n", arr.dump(2));
  else if (format == Format::kCsv)
    fmt::print("{}", csv);
  else
    fmt::print("{}", format == Format::kMarkdown ? t.markdown() : t.text());
}

void run(ListOptions const& o) {
  Format const format = parse_format(o.format, {Format::kText, Format::kCsv, Format::kJson, Format::kMarkdown});
  std::vector<Entry> entries;
  for (auto const& t : isa::list_targets(o.arch, o.family, o.wave)) entries.push_back({t.arch, t.wave, t.instruction});

  if (o.models) return list_models(format, entries);
  if (format == Format::kCsv) {
    // design.md's header is a prefix of the contract: new columns go at the end.
    fmt::print("arch,wave,mnemonic,builtin,m,n,k,blocks,a_type,b_type,c_type,d_type,sparse,family,opcode,ops,cycles,"
               "numeric_model,evidence\n");
    for (auto const& e : entries)
      fmt::print("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", e.arch->name, e.wave, e.in->mnemonic,
                 builtin_of(*e.in, e.wave), e.in->m, e.in->n, e.in->k, e.in->blocks, isa::name(e.in->a),
                 isa::name(e.in->b), isa::name(e.in->cd), isa::name(e.in->type_of(isa::Operand::kD)),
                 e.in->sparse() ? "true" : "false", isa::name(e.in->kind), e.in->opcode, e.in->ops(), e.in->cycles,
                 e.in->numeric().name, isa::name(e.in->numeric().evidence));
    return;
  }
  if (format == Format::kJson) {
    auto arr = nlohmann::json::array();
    for (auto const& e : entries) {
      auto const& nm = e.in->numeric();
      arr.push_back({{"arch", e.arch->name},
                     {"wave", e.wave},
                     {"mnemonic", e.in->mnemonic},
                     {"builtin", builtin_of(*e.in, e.wave)},
                     {"m", e.in->m},
                     {"n", e.in->n},
                     {"k", e.in->k},
                     {"blocks", e.in->blocks},
                     {"a_type", isa::name(e.in->a)},
                     {"b_type", isa::name(e.in->b)},
                     {"c_type", isa::name(e.in->cd)},
                     {"d_type", isa::name(e.in->type_of(isa::Operand::kD))},
                     {"sparse", e.in->sparse()},
                     {"family", isa::name(e.in->kind)},
                     {"opcode", e.in->opcode},
                     {"ops", e.in->ops()},
                     {"cycles", e.in->cycles},
                     {"numeric_model", nm.name},
                     {"evidence", isa::name(nm.evidence)}});
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
  if (format != Format::kText) return;
  flush_stdout();
  note(fmt::format("{} instructions\n", t.size()));
}

} // namespace

void add_list(CLI::App& app) {
  auto o = std::make_shared<ListOptions>();
  auto* cmd = app.add_subcommand("list", "List the catalog's instructions (filter by --arch, --wave, --family)");
  add_arch(*cmd, o->arch, "a filter; default: each generation's default architecture, every wave");
  add_wave(*cmd, o->wave);
  add_text(*cmd, "--family", o->family, "wmma, swmmac, mfma or smfmac");
  add_text(*cmd, "--format", o->format, "table (default), csv, json, markdown");
  cmd->add_flag("--models", o->models,
                "List the numeric models of the selected instructions instead: engine, evidence tag, sources, "
                "instructions");
  cmd->footer("CSV: arch,wave,mnemonic,builtin,m,n,k,blocks,a_type,b_type,c_type,d_type,sparse (the stable prefix),\n"
              "then family,opcode,ops,cycles,numeric_model,evidence.\n"
              "Examples:\n  wavemma list --arch gfx1201\n  wavemma list --arch gfx942 --family smfmac\n"
              "  wavemma list --format csv > catalog.csv\n  wavemma list --models --arch gfx1201 --format csv");
  cmd->callback([o] { run(*o); });
}

} // namespace wavemma::cli
