// MachineInstruction -> assembler text, as llvm-mc-22 prints it.

#include "constants.hpp"
#include "modifier_syntax.hpp"
#include "operand_text.hpp"
#include "rules.hpp"
#include "wavemma/codec/codec.hpp"

#include <fmt/format.h>

namespace wavemma::codec {
namespace detail {

std::string register_text(RegFile file, int first, int width) {
  std::string_view const prefix = file == RegFile::kAgpr   ? "a"
                                  : file == RegFile::kSgpr ? "s"
                                  : file == RegFile::kTtmp ? "ttmp"
                                                           : "v";
  if (width <= 1) return fmt::format("{}{}", prefix, first);
  return fmt::format("{}[{}:{}]", prefix, first, first + width - 1);
}

std::string slot_name(isa::Instruction const& row, Slot slot) {
  switch (slot) {
  case Slot::kVdst:
    return "D (vdst)";
  case Slot::kSrc0:
    return "A (src0)";
  case Slot::kSrc1:
    return "B (src1)";
  case Slot::kSrc2:
    return row.sparse() ? "the index (src2)" : "C (src2)";
  case Slot::kScaleA:
    return "the A scale (prefix src0)";
  case Slot::kScaleB:
    return "the B scale (prefix src1)";
  }
  return "operand";
}

} // namespace detail

namespace {

std::string operand_text(MachineInstruction const& mi, Slot slot) {
  Operand const& op = mi.operand(slot);
  bool const scale = slot == Slot::kScaleA || slot == Slot::kScaleB;
  switch (op.kind) {
  case Operand::Kind::kRegister:
    return detail::register_text(op.file, op.value, slot_width(mi, slot));
  case Operand::Kind::kConstant:
    return detail::constant_text(op.value, scale ? detail::scale_constant_kind(slot_width(mi, slot))
                                                 : detail::constant_kind(mi.row->gen, mi.wave, mi.row->cd));
  case Operand::Kind::kSpecial:
    return std::string(scale ? detail::scale_source_name(op.value, slot_width(mi, slot), mi.row->gen)
                             : detail::special_name(op.value, mi.row->gen));
  }
  return {};
}

// Three elements; two on gfx950's v_mfma_ld_scale_b32 alone.
std::string list_text(uint8_t bits, bool two) {
  if (two) return fmt::format("[{},{}]", bits & 1, (bits >> 1) & 1);
  return fmt::format("[{},{},{}]", bits & 1, (bits >> 1) & 1, (bits >> 2) & 1);
}

} // namespace

std::string print(MachineInstruction const& mi) {
  std::string out(mi.row->mnemonic);
  bool first = true;
  for (Slot s : slots_of(*mi.row)) {
    out += fmt::format("{}{}", first ? " " : ", ", operand_text(mi, s));
    first = false;
  }
  bool const two = detail::mfma_prefix_alone(*mi.row); // op_sel_hi:[1,1] by default
  for (detail::ModSyntax const& s : detail::modifier_syntax(mi.row->gen)) {
    if (!detail::takes(*mi.row, mi.wave, s.mod)) continue;
    switch (s.form) {
    case detail::ModForm::kList:
      if (uint8_t const bits = detail::list_bits(mi, s.mod);
          bits != (two ? detail::default_list_bits(s.mod) & 0b011 : detail::default_list_bits(s.mod)))
        out += fmt::format(" {}:{}", s.name, list_text(bits, two));
      break;
    case detail::ModForm::kInt:
      if (int const v = detail::int_value(mi, s.mod); v != 0) out += fmt::format(" {}:{}", s.name, v);
      break;
    case detail::ModForm::kFlag:
      if (detail::flag_value(mi, s.mod)) out += fmt::format(" {}", s.name);
      break;
    case detail::ModForm::kEnum: // by name; a value without one (decoded, rejected later) by number
      if (int const v = detail::int_value(mi, s.mod); v != 0)
        out += v > 0 && v < static_cast<int>(s.symbols.size()) ? fmt::format(" {}:{}", s.name, s.symbols[v])
                                                               : fmt::format(" {}:{}", s.name, v);
      break;
    }
  }
  return out;
}

bool print_reparses(MachineInstruction const& mi) {
  if (mi.src2.kind != Operand::Kind::kConstant) return true;
  detail::ConstKind const kind = detail::constant_kind(mi.row->gen, mi.wave, mi.row->cd);
  std::string const text = detail::constant_text(mi.src2.value, kind); // an integer or a real
  auto const code = text.find('.') == std::string::npos ? detail::constant_from_integer(std::stoll(text), kind)
                                                        : detail::constant_from_real(std::stod(text), kind);
  return code == mi.src2.value;
}

} // namespace wavemma::codec
