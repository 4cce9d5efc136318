// wavemma layout / where / what: the layout calculator.

#include <fmt/format.h>
#include <limits>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "layout_render.hpp"

namespace wavemma::cli {
namespace {

struct OperandOptions {
  TargetOptions target;
  ModifierOptions mods;
  std::string operand;
  std::string format = "text";

  LayoutView view() const {
    Target const t = target.resolve();
    auto const op = isa::resolve_operand(*t.instruction, operand);
    return make_view(*t.instruction, t.arch->name, t.wave, op, mods.resolve(*t.instruction, t.wave));
  }

  void add_to(CLI::App& cmd, std::string_view formats) {
    target.add_to(cmd);
    add_text(cmd, "--operand,-O", operand, "A, B, C, D, or K (sparsity index of SWMMAC/SMFMAC)")->required();
    add_text(cmd, "--format", format, fmt::format("{} (text by default)", formats));
    mods.add_data_moving(cmd);
  }
};

struct LayoutOptions : OperandOptions {
  std::string view_kind = "matrix", output;
};

void run_layout(LayoutOptions const& o) {
  LayoutView const v = o.view();
  Format const f =
      parse_format(o.format, {Format::kText, Format::kCsv, Format::kMarkdown, Format::kJson, Format::kSvg});
  if (!iequals(o.view_kind, "matrix") && !iequals(o.view_kind, "register"))
    throw UsageError(fmt::format("unknown view '{}' (choose matrix or register)", excerpt(o.view_kind)));
  bool const registers = iequals(o.view_kind, "register");
  switch (f) {
  case Format::kCsv:
    return write_output(render_csv(v), o.output);
  case Format::kJson:
    return write_output(render_json(v), o.output);
  case Format::kSvg:
    return write_output(render_svg(v), o.output);
  case Format::kMarkdown:
  case Format::kText: {
    bool const md = f == Format::kMarkdown;
    std::string out = fmt::format("{}{} {} wave{}: {}{}\n{}evidence {}\n\n", md ? "### " : "", v.instruction.mnemonic,
                                  v.arch, v.wave, operand_title(v), md ? "" : "", md ? "\n" : "", evidence_text(v));
    out += registers ? render_register_text(v, md) : render_matrix_text(v, md);
    out += md ? "\nFormulas:\n\n```\n" + render_formulas(v, "") + "```\n" : "\nformulas:\n" + render_formulas(v, "  ");
    return write_output(out, o.output);
  }
  }
}

struct WhereOptions : OperandOptions {
  int block = 0, row = -1, col = -1;
};

void run_where(WhereOptions const& o) {
  LayoutView const v = o.view();
  Format const f = parse_format(o.format, {Format::kText, Format::kJson, Format::kCsv});
  auto const& L = v.layout;
  isa::Coord const c{o.block, o.row, o.col};
  isa::check_element(L, v.names, c);
  auto const places = L.places(c);
  if (f == Format::kJson) {
    auto arr = nlohmann::json::array();
    for (auto const& p : places)
      arr.push_back({{"lane", p.lane}, {"vgpr", p.vgpr}, {"bit_lo", p.bit_lo}, {"bit_hi", p.bit_hi}});
    fmt::print("{}\n", nlohmann::json{{"element", element_name(v, c)}, {"places", arr}}.dump(2));
    return;
  }
  if (f == Format::kCsv) {
    fmt::print("block,row,col,lane,vgpr,bit_lo,bit_hi\n");
    for (auto const& p : places)
      fmt::print("{},{},{},{},{},{},{}\n", c.block, c.row, c.col, p.lane, p.vgpr, p.bit_lo, p.bit_hi);
    return;
  }
  fmt::print("{} of {} ({} wave{}):\n", element_name(v, c), v.instruction.mnemonic, v.arch, v.wave);
  for (auto const& p : places)
    fmt::print("  lane {:2}  VGPR {} (v[base+{}])  bits [{}:{}]\n", p.lane, p.vgpr, p.vgpr, p.bit_hi, p.bit_lo);
  if (places.size() > 1) fmt::print("  (held in {} lanes: the operand is replicated)\n", places.size());
}

struct WhatOptions : OperandOptions {
  int lane = -1, vgpr = -1;
};

void run_what(WhatOptions const& o) {
  LayoutView const v = o.view();
  Format const f = parse_format(o.format, {Format::kText, Format::kJson, Format::kCsv});
  auto const& L = v.layout;
  isa::check_register(L, v.operand, o.lane, o.vgpr);
  auto const elems = L.elements(o.vgpr, o.lane);
  if (f == Format::kJson) {
    auto arr = nlohmann::json::array();
    for (auto const& [co, p] : elems)
      arr.push_back(
          {{"block", co.block}, {"row", co.row}, {"col", co.col}, {"bit_lo", p.bit_lo}, {"bit_hi", p.bit_hi}});
    fmt::print("{}\n", nlohmann::json{{"lane", o.lane}, {"vgpr", o.vgpr}, {"elements", arr}}.dump(2));
    return;
  }
  if (f == Format::kCsv) {
    fmt::print("block,row,col,lane,vgpr,bit_lo,bit_hi\n");
    for (auto const& [co, p] : elems)
      fmt::print("{},{},{},{},{},{},{}\n", co.block, co.row, co.col, o.lane, o.vgpr, p.bit_lo, p.bit_hi);
    return;
  }
  fmt::print("lane {}, VGPR {} of {} {} ({} wave{}):\n", o.lane, o.vgpr, v.instruction.mnemonic, isa::name(v.operand),
             v.arch, v.wave);
  if (elems.empty()) fmt::print("  nothing: this lane does not hold the operand in that register\n");
  for (auto const& [co, p] : elems) fmt::print("  bits [{}:{}]  {}\n", p.bit_hi, p.bit_lo, element_name(v, co));
}

} // namespace

void add_layout(CLI::App& app) {
  auto lo = std::make_shared<LayoutOptions>();
  auto* layout = app.add_subcommand("layout", "Show where every element of an operand lives (matrix or register view)");
  lo->add_to(*layout, "text, csv, markdown, json or svg");
  add_text(*layout, "--view", lo->view_kind,
           "matrix (element -> place, default) or register (lane x VGPR -> elements)");
  add_text(*layout, "--output,-o", lo->output, "Write to this file instead of stdout (- for stdout)");
  layout->footer(
      "CSV: block,row,col,lane,vgpr,bit_lo,bit_hi, one line per (element, place); A row=i col=k, B row=k col=j,\n"
      "C/D row=i col=j; sparse A and K: col = stored position.\n"
      "Examples:\n  wavemma layout v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A\n"
      "  wavemma layout v_mfma_f32_32x32x8_f16 --operand D --format svg -o d.svg\n"
      "  wavemma layout v_mfma_f32_4x4x4_16b_f16 --operand A --cbsz 2 --abid 1 --format csv");
  layout->callback([lo] { run_layout(*lo); });

  auto wo = std::make_shared<WhereOptions>();
  auto* where = app.add_subcommand("where", "Element -> lane, VGPR and bits");
  IntBounds const index{0, std::numeric_limits<int>::max()};
  wo->add_to(*where, "text, json or csv");
  add_int(*where, "--row,-r", wo->row, "Row (A: i, B: k, C/D: i, sparse A/K: i)", index)->required();
  add_int(*where, "--col,-c", wo->col, "Column (A: k, B: j, C/D: j, sparse A/K: stored position)", index)->required();
  add_int(*where, "--block,-b", wo->block, "Block (multi-block MFMA), default 0", index);
  where->footer("Example:\n  wavemma where v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A --row 3 --col 9");
  where->callback([wo] { run_where(*wo); });

  auto ho = std::make_shared<WhatOptions>();
  auto* what = app.add_subcommand("what", "Lane and VGPR -> the elements held there");
  ho->add_to(*what, "text, json or csv");
  add_int(*what, "--lane,-l", ho->lane, "Lane", index)->required();
  add_int(*what, "--vgpr,-v", ho->vgpr, "VGPR offset within the operand's register tuple", index)->required();
  what->footer("Example:\n  wavemma what v_mfma_f32_32x32x8_f16 --operand D --lane 39 --vgpr 5");
  what->callback([ho] { run_what(*ho); });
}

} // namespace wavemma::cli
