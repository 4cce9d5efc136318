#pragma once
// Renderings of one operand layout: CSV (the contract), text and Markdown tables in the matrix
// view and the register view, JSON, and an SVG picture. All read the same BitLayout.

#include <string>

#include "wavemma/isa/instruction.hpp"

namespace wavemma::cli {

struct LayoutView {
  isa::Instruction const& instruction;
  std::string_view arch;
  int wave;
  isa::Operand operand;
  isa::Modifiers mods;
  isa::BitLayout layout;
  isa::AxisNames names;
};

LayoutView make_view(isa::Instruction const&, std::string_view arch, int wave, isa::Operand, isa::Modifiers const&);

std::string render_csv(LayoutView const&);
std::string render_matrix_text(LayoutView const&, bool markdown);
std::string render_register_text(LayoutView const&, bool markdown);
std::string render_json(LayoutView const&);
std::string render_svg(LayoutView const&);
std::string render_formulas(LayoutView const&, std::string const& indent);

// "A[3][5]", "b1 A[3][5]" for multi-block operands, "K[3][c=5]" style for the index.
std::string element_name(LayoutView const&, isa::Coord);
// "v2{19}.[31:16]" (CALC's spelling)
std::string place_name(isa::Place const&);
std::string operand_title(LayoutView const&); // "A (16x16 f16, 4 VGPRs)"
std::string evidence_text(LayoutView const&); // "SRC: Composable Kernel, ... (reference/gfx1250.md §5.1)"

} // namespace wavemma::cli
