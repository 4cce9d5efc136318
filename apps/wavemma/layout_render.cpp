#include "layout_render.hpp"

#include <algorithm>
#include <bit>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "table.hpp"

namespace wavemma::cli {

LayoutView make_view(isa::Instruction const& in, std::string_view arch, int wave, isa::Operand op,
                     isa::Modifiers const& mods) {
  return LayoutView{in, arch, wave, op, mods, isa::operand_layout(in, wave, op, mods), isa::axis_names(in, op)};
}

std::string element_name(LayoutView const& v, isa::Coord c) {
  std::string const prefix = v.layout.blocks() > 1 ? fmt::format("b{} ", c.block) : "";
  return fmt::format("{}{}[{}][{}]", prefix, isa::name(v.operand), c.row, c.col);
}

std::string place_name(isa::Place const& p) {
  return fmt::format("v{}{{{}}}.[{}:{}]", p.vgpr, p.lane, p.bit_hi, p.bit_lo);
}

std::string operand_title(LayoutView const& v) {
  std::string type =
      v.operand == isa::Operand::kIndex ? "2-bit indices" : std::string(v.instruction.type_name(v.operand, v.mods));
  std::string const blocks = v.layout.blocks() > 1 ? fmt::format("{} blocks of ", v.layout.blocks()) : "";
  std::string const what = v.operand == isa::Operand::kA && v.instruction.sparse() ? " compressed" : "";
  return fmt::format("{}{} ({}{}x{} {}, {} VGPR{} per lane)", isa::name(v.operand), what, blocks, v.layout.rows(),
                     v.layout.cols(), type, v.layout.vgprs(), v.layout.vgprs() > 1 ? "s" : "");
}

std::string evidence_text(LayoutView const& v) {
  auto const e = isa::layout_evidence(v.instruction, v.operand);
  return fmt::format("{}: {}", isa::name(e.evidence), e.sources);
}

std::string render_csv(LayoutView const& v) {
  std::string out = "block,row,col,lane,vgpr,bit_lo,bit_hi\n";
  auto const& L = v.layout;
  for (int b = 0; b < L.blocks(); ++b)
    for (int r = 0; r < L.rows(); ++r)
      for (int c = 0; c < L.cols(); ++c)
        for (auto const& p : L.places({b, r, c}))
          out += fmt::format("{},{},{},{},{},{},{}\n", b, r, c, p.lane, p.vgpr, p.bit_lo, p.bit_hi);
  return out;
}

std::string render_formulas(LayoutView const& v, std::string const& indent) {
  auto const f = isa::formulas(v.layout, v.names);
  std::string out;
  out += fmt::format("{}lane = {}\n{}vgpr = {}\n{}bits = {}\n", indent, f.lane, indent, f.vgpr, indent, f.bits);
  for (auto const& inv : f.inverse) out += fmt::format("{}{}\n", indent, inv);
  for (auto const& n : f.notes) out += fmt::format("{}note: {}\n", indent, n);
  return out;
}

std::string render_matrix_text(LayoutView const& v, bool markdown) {
  auto const& L = v.layout;
  std::string out;
  for (int b = 0; b < L.blocks(); ++b) {
    std::vector<std::string> header{fmt::format("{}\\{}", v.names.row, v.names.col)};
    for (int c = 0; c < L.cols(); ++c) header.push_back(std::to_string(c));
    Table t(header);
    for (int r = 0; r < L.rows(); ++r) {
      std::vector<std::string> row{std::to_string(r)};
      for (int c = 0; c < L.cols(); ++c) row.push_back(place_name(L.place({b, r, c})));
      t.add(row);
    }
    if (L.blocks() > 1) out += fmt::format("{}block {}\n", markdown ? "\n**" : "", b) + (markdown ? "**\n\n" : "");
    out += markdown ? t.markdown() : t.text();
  }
  if (L.replicated_lane_mask())
    out +=
        fmt::format("{}each element is also held in the lanes listed by `wavemma where` (replicated lane bits {:#x}); "
                    "the table shows the lowest lane\n",
                    markdown ? "\n" : "note: ", L.replicated_lane_mask());
  return out;
}

std::string render_register_text(LayoutView const& v, bool markdown) {
  auto const& L = v.layout;
  std::vector<std::string> header{"lane"};
  for (int r = 0; r < L.vgprs(); ++r) header.push_back(fmt::format("v{}", r));
  Table t(header);
  for (int lane = 0; lane < L.wave(); ++lane) {
    std::vector<std::string> row{std::to_string(lane)};
    for (int r = 0; r < L.vgprs(); ++r) {
      std::string cell;
      for (auto const& [co, p] : L.elements(r, lane)) cell += (cell.empty() ? "" : " ") + element_name(v, co);
      row.push_back(cell.empty() ? "-" : cell);
    }
    t.add(row);
  }
  std::string out = markdown ? t.markdown() : t.text();
  out += fmt::format("{}each cell lists the elements of that VGPR from bit 0 upwards ({} bits each); - = not read\n",
                     markdown ? "\n" : "note: ", L.elem_bits());
  return out;
}

std::string render_json(LayoutView const& v) {
  auto const& L = v.layout;
  auto const f = isa::formulas(L, v.names);
  nlohmann::json places = nlohmann::json::array();
  for (int b = 0; b < L.blocks(); ++b)
    for (int r = 0; r < L.rows(); ++r)
      for (int c = 0; c < L.cols(); ++c)
        for (auto const& p : L.places({b, r, c}))
          places.push_back({{"block", b},
                            {"row", r},
                            {"col", c},
                            {"lane", p.lane},
                            {"vgpr", p.vgpr},
                            {"bit_lo", p.bit_lo},
                            {"bit_hi", p.bit_hi}});
  nlohmann::json j = {
      {"instruction", v.instruction.mnemonic},
      {"arch", v.arch},
      {"wave", v.wave},
      {"operand", isa::name(v.operand)},
      {"blocks", L.blocks()},
      {"rows", L.rows()},
      {"cols", L.cols()},
      {"row_name", v.names.row},
      {"col_name", v.names.col},
      {"elem_bits", L.elem_bits()},
      {"vgprs", L.vgprs()},
      {"evidence", isa::name(isa::layout_evidence(v.instruction, v.operand).evidence)},
      {"evidence_sources", isa::layout_evidence(v.instruction, v.operand).sources},
      {"formulas", {{"lane", f.lane}, {"vgpr", f.vgpr}, {"bits", f.bits}, {"inverse", f.inverse}, {"notes", f.notes}}},
      {"places", places}};
  return j.dump(2) + "\n";
}

// --- SVG -------------------------------------------------------------------------------------
namespace {

// Lanes are coloured by position within their 16-lane group (hue) and by group (lightness), the
// structure every AMD layout is organised by.
int lane_lightness(int lane, int wave) {
  int const groups = wave / 16;
  return groups == 1 ? 80 : 88 - (lane / 16) * (26 / (groups - 1)); // never darker than black text allows
}
std::string lane_colour(int lane, int wave) {
  return fmt::format("hsl({},70%,{}%)", (lane % 16) * 360 / 16, lane_lightness(lane, wave));
}

std::string bits_label(isa::Place const& p, int e) {
  if (e >= 32) return e == 64 ? fmt::format("v{}:{}", p.vgpr, p.vgpr + 1) : fmt::format("v{}", p.vgpr);
  return fmt::format("v{}[{}:{}]", p.vgpr, p.bit_hi, p.bit_lo);
}

std::string esc(std::string s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out;
}

} // namespace

std::string render_svg(LayoutView const& v) {
  auto const& L = v.layout;
  int const cw = 56, ch = 34, margin = 44, title_h = 56;
  int const blocks_per_row = L.blocks() >= 4 && L.cols() <= 8 ? 4 : 1;
  int const block_rows = (L.blocks() + blocks_per_row - 1) / blocks_per_row;
  int const gap = 36;
  int const block_w = L.cols() * cw, block_h = L.rows() * ch;
  int const grid_w = blocks_per_row * block_w + (blocks_per_row - 1) * gap;
  int const grid_h = block_rows * (block_h + gap) + 12;
  int const legend_cols = 16, legend_rows = L.wave() / 16, sw = 30, sh = 20;
  int const legend_h = 40 + legend_rows * sh + 60;
  std::string const subtitle = fmt::format(
      "operand {}; rows {} (down), columns {} (across); each cell: lane and VGPR[bits]; evidence {}", operand_title(v),
      v.names.row, v.names.col, isa::name(isa::layout_evidence(v.instruction, v.operand).evidence));
  int const width = std::max(
      {margin + grid_w + 20, margin + legend_cols * sw + 200, margin + static_cast<int>(subtitle.size()) * 8 + 20});
  int const height = title_h + grid_h + legend_h;

  std::string s =
      fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
                  "font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\">\n<rect width=\"100%\" height=\"100%\" "
                  "fill=\"white\"/>\n",
                  width, height, width, height);
  s += fmt::format("<text x=\"{}\" y=\"22\" font-size=\"16\" font-weight=\"bold\">{} — {} wave{}</text>\n", margin,
                   esc(std::string(v.instruction.mnemonic)), v.arch, v.wave);
  s += fmt::format("<text x=\"{}\" y=\"42\" font-size=\"12\">{}</text>\n", margin, esc(subtitle));
  s += fmt::format("<title>{} layout evidence {}</title>\n", esc(std::string(isa::name(v.operand))),
                   esc(evidence_text(v)));
  for (int b = 0; b < L.blocks(); ++b) {
    int const ox = margin + (b % blocks_per_row) * (block_w + gap);
    int const oy = title_h + (b / blocks_per_row) * (block_h + gap) + 26;
    if (L.blocks() > 1)
      s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" font-weight=\"bold\">block {}</text>\n", ox, oy - 14,
                       b);
    for (int c = 0; c < L.cols(); ++c)
      s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"9\" text-anchor=\"middle\" fill=\"#555\">{}</text>\n",
                       ox + c * cw + cw / 2, oy - 3, c);
    for (int r = 0; r < L.rows(); ++r) {
      if (b % blocks_per_row == 0)
        s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"9\" text-anchor=\"end\" fill=\"#555\">{}</text>\n",
                         ox - 4, oy + r * ch + ch / 2 + 3, r);
      for (int c = 0; c < L.cols(); ++c) {
        auto const places = L.places({b, r, c});
        isa::Place const& p = places.front();
        int const x = ox + c * cw, y = oy + r * ch;
        std::string const lanes = places.size() > 1 ? fmt::format("L{}+", p.lane) : fmt::format("L{}", p.lane);
        s += fmt::format("<g><title>{}: {}{}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
                         "stroke=\"#ffffff\" stroke-width=\"1\"/>",
                         esc(element_name(v, {b, r, c})), place_name(p),
                         places.size() > 1 ? fmt::format(" (+{} copies)", places.size() - 1) : "", x, y, cw, ch,
                         lane_colour(p.lane, L.wave()));
        char const* fg = "#000000";
        s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                         x + cw / 2, y + 14, fg, lanes);
        s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"9\" text-anchor=\"middle\" fill=\"{}\">{}</text></g>\n",
                         x + cw / 2, y + 28, fg, bits_label(p, L.elem_bits()));
      }
    }
    // Block boundary, and light guides every 4 rows/columns.
    for (int c = 4; c < L.cols(); c += 4)
      s += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#888\" stroke-width=\"0.8\"/>\n",
                       ox + c * cw, oy, ox + c * cw, oy + block_h);
    for (int r = 4; r < L.rows(); r += 4)
      s += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#888\" stroke-width=\"0.8\"/>\n", ox,
                       oy + r * ch, ox + block_w, oy + r * ch);
    s += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"black\" stroke-width=\"2.5\"/>\n",
        ox, oy, block_w, block_h);
  }
  // Legend: the lane colours.
  int const ly = title_h + grid_h + 10;
  s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"12\" font-weight=\"bold\">lanes</text>\n", margin, ly + 12);
  for (int lane = 0; lane < L.wave(); ++lane) {
    int const x = margin + (lane % legend_cols) * sw, y = ly + 20 + (lane / legend_cols) * sh;
    s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"white\"/><text x=\"{}\" "
                     "y=\"{}\" font-size=\"10\" text-anchor=\"middle\">{}</text>\n",
                     x, y, sw, sh, lane_colour(lane, L.wave()), x + sw / 2, y + 14, lane);
  }
  int ny = ly + 20 + legend_rows * sh + 16;
  auto const f = isa::formulas(L, v.names);
  for (auto const& line : {fmt::format("lane = {}", f.lane), fmt::format("vgpr = {}   bits {}", f.vgpr, f.bits)}) {
    s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\">{}</text>\n", margin, ny, esc(line));
    ny += 15;
  }
  for (auto const& n : f.notes) {
    s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"10\" fill=\"#444\">note: {}</text>\n", margin, ny, esc(n));
    ny += 14;
  }
  s += "</svg>\n";
  // Grow the canvas if the notes ran past it.
  if (ny > height) {
    std::string const old_h = fmt::format("height=\"{}\" viewBox=\"0 0 {} {}\"", height, width, height);
    std::string const new_h = fmt::format("height=\"{}\" viewBox=\"0 0 {} {}\"", ny + 10, width, ny + 10);
    s.replace(s.find(old_h), old_h.size(), new_h);
  }
  return s;
}

} // namespace wavemma::cli
