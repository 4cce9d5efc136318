// wavemma list: the catalog, filtered by architecture, wave size and instruction kind.

#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "table.hpp"
#include "wavemma/isa/builtin.hpp"
#include "wavemma/isa/row_fields.hpp"
#include "wavemma/numeric/engine.hpp"

namespace wavemma::cli {
namespace {

struct ListOptions {
  std::string arch, kind, format = "table";
  int wave = 0;
  bool models = false;
};

struct Entry {
  isa::Arch const* arch;
  int wave;
  isa::Instruction const* in;
};

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

// design.md's CSV header: the first columns of the listing, a stable contract; new columns go at
// the end (isa::row_fields() lists them in this order).
constexpr std::string_view kCsvContract = "arch,wave,mnemonic,builtin,m,n,k,blocks,a_type,b_type,c_type,d_type,sparse";

// The table's columns: a field and its heading.
constexpr std::pair<std::string_view, char const*> kTableColumns[] = {
    {"arch", "arch"},     {"wave", "wave"},         {"mnemonic", "mnemonic"}, {"shape", "MxNxK"},
    {"blocks", "blocks"}, {"a_type", "A"},          {"b_type", "B"},          {"c_type", "C/D"},
    {"cycles", "cycles"}, {"numerics", "numerics"}, {"builtin", "builtin"}};

std::vector<isa::RowField const*> listed_fields() {
  std::vector<isa::RowField const*> out;
  for (auto const& f : isa::row_fields())
    if (f.listed) out.push_back(&f);
  return out;
}

std::string csv_header() {
  std::string out;
  for (auto const* f : listed_fields()) out += fmt::format("{}{}", out.empty() ? "" : ",", f->name);
  return out;
}

nlohmann::json json_value(isa::FieldValue const& v) {
  struct {
    nlohmann::json operator()(std::monostate) const { return ""; } // the listing's empty cell
    nlohmann::json operator()(bool b) const { return b; }
    nlohmann::json operator()(long x) const { return x; }
    nlohmann::json operator()(std::string const& s) const { return s; }
    nlohmann::json operator()(std::vector<std::string> const& l) const { return l; }
  } const visit;
  return std::visit(visit, v);
}

void run(ListOptions const& o) {
  Format const format = parse_format(o.format, {Format::kText, Format::kCsv, Format::kJson, Format::kMarkdown});
  auto const targets = isa::list_targets(o.arch, o.kind, o.wave);
  std::vector<Entry> entries;
  for (auto const& t : targets) entries.push_back({t.arch, t.wave, t.instruction});

  if (o.models) return list_models(format, entries);
  if (format == Format::kCsv) {
    fmt::print("{}\n", csv_header());
    for (auto const& t : targets) {
      std::string line;
      for (auto const* f : listed_fields())
        line += fmt::format("{}{}", line.empty() ? "" : ",", csv_field(isa::field_text(f->value(t))));
      fmt::print("{}\n", line);
    }
    return;
  }
  if (format == Format::kJson) {
    auto arr = nlohmann::json::array();
    for (auto const& t : targets) {
      nlohmann::json row = nlohmann::json::object();
      for (auto const* f : listed_fields()) row[std::string(f->name)] = json_value(f->value(t));
      arr.push_back(std::move(row));
    }
    fmt::print("{}\n", arr.dump(2));
    return;
  }
  std::vector<std::string> headings;
  for (auto const& [field, heading] : kTableColumns) headings.emplace_back(heading);
  Table table(headings);
  for (auto const& t : targets) {
    std::vector<std::string> cells;
    for (auto const& [field, heading] : kTableColumns) cells.push_back(isa::field_text(isa::row_field(field).value(t)));
    table.add(std::move(cells));
  }
  fmt::print("{}", format == Format::kMarkdown ? table.markdown() : table.text());
  if (format != Format::kText) return;
  flush_stdout();
  note(fmt::format("{} instructions\n", table.size()));
}

} // namespace

void add_list(CLI::App& app) {
  auto o = std::make_shared<ListOptions>();
  auto* cmd = app.add_subcommand("list", "List the catalog's instructions (filter by --arch, --wave, --kind)");
  add_arch(*cmd, o->arch, "a filter; default: each generation's default architecture, every wave");
  add_wave(*cmd, o->wave);
  add_text(*cmd, "--kind,--family", o->kind, "wmma, swmmac, mfma or smfmac (--family: its former name)");
  add_text(*cmd, "--format", o->format, "table (default), csv, json, markdown");
  cmd->add_flag("--models", o->models,
                "List the numeric models of the selected instructions instead: engine, evidence tag, sources, "
                "instructions");
  std::string const rest = csv_header().substr(kCsvContract.size() + 1);
  cmd->footer(fmt::format("CSV: {} (the stable prefix),\nthen {}.\n", kCsvContract, rest) +
              "Examples:\n  wavemma list --arch gfx1201\n  wavemma list --arch gfx942 --kind smfmac\n"
              "  wavemma list --format csv > catalog.csv\n  wavemma list --models --arch gfx1201 --format csv");
  cmd->callback([o] { run(*o); });
}

} // namespace wavemma::cli
