// The assembler's checks (llvm-mc-22): register files, tuple widths and ranges, alignment,
// overlap, inline constants, modifiers.

#include "constants.hpp"
#include "modifier_syntax.hpp"
#include "operand_text.hpp"
#include "rules.hpp"
#include "wavemma/codec/codec.hpp"

#include <fmt/format.h>

namespace wavemma::codec {
namespace {

constexpr int kRegisterCount = 256;

Error invalid(std::string msg) { return {ErrorKind::kInvalidOperand, std::move(msg)}; }
constexpr int kTtmpCount = 16; // ttmp0..ttmp15

bool scale_slot(Slot s) { return s == Slot::kScaleA || s == Slot::kScaleB; }

// Scalar scale operands (gfx1250's; gfx950's v_mfma_ld_scale_b32 alone): any scalar source but a
// literal (llvm-mc-22), VGPRs as elsewhere.
std::optional<Error> check_scalar_scale(MachineInstruction const& mi, Slot slot, std::string const& where) {
  Operand const& op = mi.operand(slot);
  int const width = slot_width(mi, slot);
  switch (op.kind) {
  case Operand::Kind::kConstant:
    if (!detail::is_inline_code(op.value))
      return invalid(
          fmt::format("{}: source code {} is not an inline constant (literals are not allowed)", where, op.value));
    return std::nullopt;
  case Operand::Kind::kSpecial:
    if (!detail::scale_source_assembles(op.value, width, scale_prefix(*mi.row) != nullptr, mi.row->gen)) {
      std::string_view const name = detail::scale_source_name(op.value, width, mi.row->gen);
      return invalid(fmt::format("{} cannot be {} on {}", where,
                                 name.empty() ? fmt::format("source {}", op.value) : std::string(name),
                                 isa::name(mi.row->gen)));
    }
    return std::nullopt;
  case Operand::Kind::kRegister:
    break;
  }
  if (op.file != RegFile::kSgpr && op.file != RegFile::kTtmp) return std::nullopt; // VGPRs: checked as any other
  std::string const text = detail::register_text(op.file, op.value, width);
  int const count = op.file == RegFile::kSgpr ? detail::sgpr_count(mi.row->gen) : kTtmpCount;
  if (op.value + width > count) return invalid(fmt::format("{}: {} is out of range", where, text));
  if (width > 1 && op.value % 2) return invalid(fmt::format("{}: {} is misaligned (an even pair)", where, text));
  return std::nullopt;
}

bool may_be_agpr(detail::GenerationRules const& rules, isa::Instruction const& row, Slot s) {
  switch (s) {
  case Slot::kVdst:
    return rules.agpr_cd;
  case Slot::kSrc0:
  case Slot::kSrc1:
    return rules.agpr_ab;
  case Slot::kSrc2:
    return rules.agpr_cd && !row.sparse();
  case Slot::kScaleA: // llvm-mc-22: "invalid operand for instruction"
  case Slot::kScaleB:
    return false;
  }
  return false;
}

std::optional<Error> check_operand(MachineInstruction const& mi, Slot slot) {
  isa::Instruction const& row = *mi.row;
  detail::GenerationRules const& rules = detail::rules_of(row.gen);
  Operand const& op = mi.operand(slot);
  std::string const where = fmt::format("{} of {}", detail::slot_name(row, slot), row.mnemonic);
  bool const c_operand = slot == Slot::kSrc2 && !row.sparse();
  if (scale_slot(slot) && detail::scalar_scales(row))
    if (auto e = check_scalar_scale(mi, slot, where);
        e || !(op.is_register() && (op.file == RegFile::kVgpr || op.file == RegFile::kAgpr)))
      return e;
  if (op.is_register() && (op.file == RegFile::kSgpr || op.file == RegFile::kTtmp))
    return invalid(fmt::format("{} must be a VGPR{}, not an SGPR", where, rules.agpr_ab ? " or AccVGPR" : ""));

  switch (op.kind) {
  case Operand::Kind::kConstant:
    if (c_operand && row.mod_rules().c_inline && !rules.c_constants)
      return invalid(fmt::format("{}: inline constants are not allowed on {}", where, isa::name(row.gen)));
    if (!c_operand || !row.mod_rules().c_inline)
      return invalid(fmt::format("{} must be a register, not a constant", where));
    if (!detail::is_inline_code(op.value))
      return invalid(fmt::format("source code {} is not an inline constant", op.value));
    return std::nullopt;
  case Operand::Kind::kSpecial: {
    std::string_view const name = detail::special_name(op.value, row.gen);
    if (!c_operand || !row.mod_rules().c_inline || !detail::special_is_c(op.value, row.gen))
      return invalid(
          fmt::format("{} cannot be {}", where, name.empty() ? fmt::format("source {}", op.value) : std::string(name)));
    return std::nullopt;
  }
  case Operand::Kind::kRegister:
    break;
  }

  int const width = slot_width(mi, slot);
  std::string const text = detail::register_text(op.file, op.value, width);
  bool const cd_slot = slot == Slot::kVdst || c_operand;
  if (rules.cd_agpr_only && cd_slot && op.file != RegFile::kAgpr)
    return invalid(
        fmt::format("{} must be an AccVGPR on {} (C and D live in AccVGPRs), not {}", where, isa::name(row.gen), text));
  if (op.file == RegFile::kAgpr && !may_be_agpr(rules, row, slot)) {
    if (!rules.agpr_ab)
      return invalid(fmt::format("{}: AccVGPRs ({}) do not exist on {}", where, text, isa::family_name(row.gen)));
    return invalid(fmt::format("{} must be a VGPR, not {}", where, text));
  }
  if (op.value >= kRegisterCount || op.value + width > rules.tuple_end)
    return invalid(fmt::format("{}: {} is out of range (registers end at {}{})", where, text,
                               op.file == RegFile::kAgpr ? "a" : "v", rules.tuple_end - 1));
  if (rules.even_tuples && width > 1 && op.value % 2)
    return invalid(
        fmt::format("{}: {} is misaligned (tuples start at an even register on {})", where, text, isa::name(row.gen)));
  if (c_operand && mi.vdst.is_register() && op.file != mi.vdst.file)
    return invalid(fmt::format("C and D of {} must be in the same register file (one ACC_CD bit)", row.mnemonic));
  return std::nullopt;
}

// CDNA: a C tuple that is not D itself must not overlap D when D is wider than 4 registers --
// except on the gfx950 f8f6f4 rows, where llvm-mc-22 takes v[16:31] as D with v[18:33] as C.
std::optional<Error> check_overlap(MachineInstruction const& mi) {
  isa::Instruction const& row = *mi.row;
  int const above = detail::rules_of(row.gen).overlap_above;
  if (above == 0 || row.sparse() || row.mod_rules().format_select || !mi.src2.is_register() || !mi.vdst.is_register())
    return std::nullopt;
  int const d_width = slot_width(mi, Slot::kVdst), c_width = slot_width(mi, Slot::kSrc2);
  if (d_width <= above || mi.src2.file != mi.vdst.file || mi.src2.value == mi.vdst.value) return std::nullopt;
  int const d0 = mi.vdst.value, c0 = mi.src2.value;
  if (c0 >= d0 + d_width || d0 >= c0 + c_width) return std::nullopt;
  return invalid(fmt::format("C {} partially overlaps D {} (source 2 must be D itself or not overlap it)",
                             detail::register_text(mi.src2.file, c0, c_width),
                             detail::register_text(mi.vdst.file, d0, d_width)));
}

} // namespace

std::optional<Error> validate(MachineInstruction const& mi) {
  if (!mi.row) return Error{ErrorKind::kUnknownInstruction, "no instruction"};
  if (!mi.row->has_wave(mi.wave))
    return Error{ErrorKind::kUnknownInstruction, fmt::format("{} has no wave{} form", mi.row->mnemonic, mi.wave)};
  for (Slot s : slots_of(*mi.row))
    if (auto e = check_operand(mi, s)) return e;
  if (!mi.row->mod_rules().scaled && (mi.scale_a != Operand{} || mi.scale_b != Operand{}))
    return invalid(fmt::format("{} has no scale operands (only the scaled rows and the scale prefixes have them)",
                               mi.row->mnemonic));
  if (scale_prefix(*mi.row) &&
      (mi.vdst != Operand{} || mi.src0 != Operand{} || mi.src1 != Operand{} || mi.src2 != Operand{}))
    return invalid(fmt::format("{} has the scale operands only", mi.row->mnemonic));
  if (auto e = check_overlap(mi)) return e;
  if (auto e = detail::check_constant_bus(mi)) return e;
  return detail::check_modifiers(mi);
}

} // namespace wavemma::codec
