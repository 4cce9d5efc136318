// Modifier profiles (reference/instructions.md §3 "legal modifiers", encoding.md §5) and checks.

#include "wavemma/isa/modifiers.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <iterator>
#include <ranges>
#include <tuple>
#include <fmt/format.h>

#include "wavemma/isa/instruction.hpp"

namespace wavemma::isa {
namespace {

// A profile's rules; the id column is the ModProfile, checked against the row's index.
struct RulesRow {
  ModProfile profile;
  ModRules rules;
};
using enum ModProfile;
// clang-format off
constexpr std::array kRules = std::to_array<RulesRow>({
  {kRdna3Float32Out,    {.neg_lo_legal = 0b111, .neg_lo_defined = 0b111, .neg_hi_legal = 0b111, .neg_hi_defined = 0b111, .c_inline = true}},
  {kRdna3Float16Out,    {.neg_lo_legal = 0b111, .neg_lo_defined = 0b111, .neg_hi_legal = 0b111, .neg_hi_defined = 0b111, .op_sel_legal = 0b111, .op_sel_defined = 0b100, .c_inline = true, .clamp_reserved = true}},
  {kRdna3Int,           {.neg_lo_legal = 0b111, .neg_lo_defined = 0b011, .neg_hi_legal = 0b111, .neg_is_signedness = true, .clamp = true, .c_inline = true}},
  {kRdna4Float,         {.neg_lo_legal = 0b111, .neg_lo_defined = 0b111, .neg_hi_legal = 0b111, .neg_hi_defined = 0b111, .c_inline = true, .clamp_reserved = true}},
  {kRdna4Fp8,           {.neg_lo_legal = 0b100, .neg_lo_defined = 0b100, .neg_hi_legal = 0b100, .neg_hi_defined = 0b100, .c_inline = true}},
  {kRdna4Int,           {.neg_lo_legal = 0b011, .neg_lo_defined = 0b011, .neg_is_signedness = true, .clamp = true, .c_inline = true}},
  {kSwmmacFloat16,      {.neg_lo_legal = 0b011, .neg_lo_defined = 0b011, .neg_hi_legal = 0b011, .neg_hi_defined = 0b011, .index_key = true}},
  {kSwmmacInt,          {.neg_lo_legal = 0b011, .neg_lo_defined = 0b011, .neg_is_signedness = true, .clamp = true, .index_key = true}},
  {kSwmmacFp8,          {.index_key = true}},
  {kMfmaBroadcast,      {.c_inline = true, .mai = true, .broadcast_effect = true, .blgp_legal = true, .blgp_effect = true}},
  {kMfmaBlgp,           {.c_inline = true, .mai = true, .blgp_legal = true, .blgp_effect = true}},
  {kMfmaPlain,          {.c_inline = true, .mai = true, .blgp_legal = true}},
  {kMfmaF64,            {.c_inline = true, .mai = true, .blgp_is_neg = true}},
  {kSmfmac,             {.mai = true, .index_set_select = true}},
  {kMfmaF8f6f4,         {.c_inline = true, .mai = true, .blgp_legal = true, .format_select = true}},
  {kMfmaScaled,         {.c_inline = true, .mai = true, .blgp_legal = true, .format_select = true, .scaled = true}},
  {kG1250F32,           {.neg_lo_legal = 0b111, .neg_lo_defined = 0b111, .neg_hi_legal = 0b111, .neg_hi_defined = 0b100, .c_inline = true, .reuse = true, .neg_hi_dropped = 0b011}},
  {kG1250Float16,       {.neg_lo_legal = 0b111, .neg_lo_defined = 0b111, .neg_hi_legal = 0b111, .neg_hi_defined = 0b111, .c_inline = true, .reuse = true}},
  {kG1250Fp8,           {.neg_lo_legal = 0b100, .neg_lo_defined = 0b100, .neg_hi_legal = 0b100, .neg_hi_defined = 0b100, .c_inline = true, .reuse = true}},
  {kG1250Int,           {.neg_lo_legal = 0b011, .neg_lo_defined = 0b011, .neg_is_signedness = true, .clamp = true, .c_inline = true, .reuse = true}},
  {kG1250F8f6f4,        {.neg_lo_legal = 0b100, .neg_lo_defined = 0b100, .neg_hi_legal = 0b100, .neg_hi_defined = 0b100, .c_inline = true, .format_select = true}},
  {kG1250F4,            {.neg_lo_legal = 0b100, .neg_lo_defined = 0b100, .neg_hi_legal = 0b100, .neg_hi_defined = 0b100, .c_inline = true}},
  {kG1250ScaledF8f6f4,  {.neg_lo_legal = 0b100, .neg_lo_defined = 0b100, .neg_hi_legal = 0b100, .neg_hi_defined = 0b100, .c_inline = true, .format_select = true, .scaled = true, .reuse = true, .wmma_scaled = true}},
  {kG1250ScaledF4,      {.neg_lo_legal = 0b100, .neg_lo_defined = 0b100, .neg_hi_legal = 0b100, .neg_hi_defined = 0b100, .c_inline = true, .scaled = true, .reuse = true, .wmma_scaled = true}},
  {kG1250SwmmacFloat16, {.neg_lo_legal = 0b011, .neg_lo_defined = 0b011, .neg_hi_legal = 0b011, .neg_hi_defined = 0b011, .index_key = true, .reuse = true}},
  {kG1250SwmmacFp8,     {.index_key = true, .reuse = true}},
  {kG1250SwmmacInt,     {.neg_lo_legal = 0b011, .neg_lo_defined = 0b011, .neg_is_signedness = true, .clamp = true, .index_key = true, .reuse = true}},
});
// clang-format on
static_assert(kRules.size() == static_cast<size_t>(kG1250SwmmacInt) + 1, "one rule row per profile");
static_assert(std::ranges::all_of(std::views::iota(size_t{0}, kRules.size()),
                                  [](size_t i) { return static_cast<size_t>(kRules[i].profile) == i; }),
              "each rule row at its profile's index");

constexpr char const* kSrc[3] = {"A", "B", "C"};

// Checks one three-bit modifier list: bits outside `legal` are errors, bits outside `defined`
// are reserved (accepted, no effect).
void check_list(std::string_view what, std::array<bool, 3> const& v, uint8_t legal, uint8_t defined,
                std::string_view mnemonic, std::string& error, std::vector<std::string>* warnings) {
  for (int t = 0; t < 3; ++t) {
    if (!v[t]) continue;
    if (!(legal & (1 << t))) {
      if (error.empty()) error = fmt::format("{}[{}] ({}) is not allowed on {}", what, t, kSrc[t], mnemonic);
    } else if (!(defined & (1 << t)) && warnings) {
      warnings->push_back(fmt::format("{}[{}] is reserved on {}: accepted as LLVM does, no effect", what, t, mnemonic));
    }
  }
}

} // namespace

ModRules const& rules(ModProfile p) { return kRules[static_cast<size_t>(p)].rules; }

std::optional<numeric::Format> scale_format(int code) {
  using enum numeric::Format;
  constexpr numeric::Format kFormats[] = {kE8M0, kE5M3, kFp8E4M3};
  if (code < 0 || code >= static_cast<int>(std::size(kFormats))) return std::nullopt;
  return kFormats[code];
}

std::optional<numeric::Format> f8f6f4_format(int code) {
  using enum numeric::Format;
  constexpr numeric::Format kFormats[] = {kFp8E4M3, kBf8E5M2, kFp6E2M3, kBf6E3M2, kFp4E2M1};
  if (code < 0 || code >= static_cast<int>(std::size(kFormats))) return std::nullopt;
  return kFormats[code];
}

int selected_index_set(Instruction const& in, Modifiers const& m) {
  if (in.kind == Kind::kSwmmac) return m.index_key;
  if (in.kind == Kind::kSmfmac) return m.cbsz == 0 ? m.abid : 0;
  return 0;
}

std::string mfma_modifiers_refused(std::string_view mnemonic) {
  return fmt::format("cbsz/abid/blgp are MFMA modifiers (CDNA1-CDNA4), not for {}", mnemonic);
}
std::string clamp_refused(std::string_view mnemonic) {
  return fmt::format("clamp is not allowed on {} (integer instructions only)", mnemonic);
}
std::string index_key_refused(std::string_view mnemonic, int wave) {
  return fmt::format("{} has one index set in wave{}: no index_key", mnemonic, wave);
}
std::string out_of_range(std::string_view modifier, int value, int max) {
  return fmt::format("{} {} out of range 0..{}", modifier, value, max);
}

std::string check_modifiers(Instruction const& in, int wave, Modifiers const& m, std::vector<std::string>* warnings) {
  ModRules const& r = in.mod_rules();
  std::string err;
  check_list("neg_lo", m.neg_lo, r.neg_lo_legal, r.neg_lo_defined, in.mnemonic, err, warnings);
  check_list("neg_hi", m.neg_hi, r.neg_hi_legal, r.neg_hi_defined, in.mnemonic, err, warnings);
  check_list("op_sel", m.op_sel, r.op_sel_legal, r.op_sel_defined, in.mnemonic, err, warnings);
  if (!err.empty()) return err;
  if (m.clamp && !r.clamp) {
    // The RDNA f16/bf16 WMMA: the CLAMP bit exists, the hardware executes it and the RJ operand
    // captures show D unchanged by it; llvm-mc-22 refuses the text (the codec follows LLVM).
    if (!r.clamp_reserved) return clamp_refused(in.mnemonic);
    if (warnings)
      warnings->push_back(
          fmt::format("clamp on {} is not an LLVM modifier; the hardware's captures show no effect: accepted, ignored",
                      in.mnemonic));
  }

  int const sets = index_sets(in, wave);
  if (r.index_key) {
    if (in.gen == Generation::kGfx1250 && m.index_key == 1 && !in.gfx12_form())
      return fmt::format("index_key 1 on {}: llvm-mc-22 encodes it, but what it selects on gfx1250 is unknown (one "
                         "index set fills the operand; reference/gfx1250.md §5.6)",
                         in.mnemonic);
    if (m.index_key < 0 || m.index_key >= sets)
      return sets == 1 ? index_key_refused(in.mnemonic, wave)
                       : out_of_range("index_key", m.index_key, sets - 1) +
                             fmt::format(" for {} in wave{}", in.mnemonic, wave);
  } else if (m.index_key != 0) {
    return fmt::format("index_key is only for SWMMAC, not {}", in.mnemonic);
  }

  if (!r.mai) {
    if (m.cbsz || m.abid || m.blgp) return mfma_modifiers_refused(in.mnemonic);
  } else {
    if (m.cbsz < 0 || m.cbsz > 7) return out_of_range("cbsz", m.cbsz, 7);
    if (m.abid < 0 || m.abid > 15) return out_of_range("abid", m.abid, 15);
    if (m.blgp < 0 || m.blgp > 7) return out_of_range("blgp", m.blgp, 7);
    if (r.format_select) {
      for (auto [what, code, op] : {std::tuple{"cbsz", m.cbsz, "A"}, std::tuple{"blgp", m.blgp, "B"}})
        if (!f8f6f4_format(code))
          return fmt::format("{} {} selects no {} format on {} (0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4; 5-7 are reserved)",
                             what, code, op, in.mnemonic);
      if (m.abid) return fmt::format("abid is not an operand of {}", in.mnemonic);
    } else if (r.broadcast_effect) {
      int const max_cbsz = std::countr_zero(static_cast<unsigned>(in.blocks));
      if (m.cbsz > max_cbsz)
        return fmt::format("cbsz {} out of range 0..{} (log2 of {} blocks) for {}", m.cbsz, max_cbsz, in.blocks,
                           in.mnemonic);
      if (m.abid >= (1 << m.cbsz))
        return fmt::format("abid {} out of range 0..{} (2^cbsz - 1) for {}", m.abid, (1 << m.cbsz) - 1, in.mnemonic);
    } else if (r.index_set_select) {
      if (m.cbsz == 0 && m.abid >= sets)
        return fmt::format("abid {} selects no index set of {} (sets 0..{})", m.abid, in.mnemonic, sets - 1);
      if (m.cbsz != 0 && m.abid != 0 && warnings)
        warnings->push_back(fmt::format("abid is ignored on {} when cbsz != 0 (index set 0)", in.mnemonic));
    } else if ((m.cbsz || m.abid) && warnings) {
      warnings->push_back(fmt::format("cbsz/abid have no effect on {} (single block): accepted, ignored", in.mnemonic));
    }
    if (m.blgp && !r.format_select) {
      if (!r.blgp_legal && !r.blgp_is_neg) return fmt::format("blgp is not supported on {}", in.mnemonic);
      if (r.blgp_legal && !r.blgp_effect && warnings)
        warnings->push_back(fmt::format("blgp has no effect on {}: accepted, ignored", in.mnemonic));
    }
  }
  if (r.format_select && !r.mai) {
    for (int t = 0; t < 2; ++t)
      if (!f8f6f4_format(m.matrix_fmt[t]))
        return fmt::format("matrix_{}_fmt {} selects no format on {} (0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4)",
                           t == 0 ? 'a' : 'b', m.matrix_fmt[t], in.mnemonic);
  } else if (m.matrix_fmt[0] || m.matrix_fmt[1]) {
    return fmt::format("matrix_a_fmt/matrix_b_fmt are for the gfx1250 f8f6f4 WMMA, not {}", in.mnemonic);
  }
  if ((m.reuse[0] || m.reuse[1]) && !r.reuse)
    return fmt::format("matrix_a_reuse/matrix_b_reuse are not allowed on {}", in.mnemonic);
  if (r.wmma_scaled) {
    for (int t = 0; t < 2; ++t) {
      char const ab = t == 0 ? 'a' : 'b';
      if (m.scale_sel[t] < 0 || m.scale_sel[t] > 1)
        return fmt::format("matrix_{}_scale {} out of range 0..1 (ROW0, ROW1) on {}", ab, m.scale_sel[t], in.mnemonic);
      if (!scale_format(m.scale_fmt[t]))
        return fmt::format("matrix_{}_scale_fmt {} out of range 0..2 (E8, E5M3, E4M3) on {}", ab, m.scale_fmt[t],
                           in.mnemonic);
    }
  } else if (m.scale_fmt[0] || m.scale_fmt[1]) {
    return fmt::format("matrix_a_scale_fmt/matrix_b_scale_fmt are for the gfx1250 scaled WMMA, not {}", in.mnemonic);
  }
  for (int t = 0; t < 2 && !r.wmma_scaled; ++t) {
    if (m.scale_sel[t] == 0) continue;
    if (!r.scaled)
      return fmt::format("scale byte selects (op_sel/op_sel_hi) are for the scaled MFMAs, not {}", in.mnemonic);
    if (m.scale_sel[t] < 0 || m.scale_sel[t] > 3)
      return fmt::format("scale byte {} of {} out of range 0..3", m.scale_sel[t], t == 0 ? "A" : "B");
  }
  if (m.fp16_ovfl && in.type_of(Operand::kD) != numeric::Format::kF16 && warnings)
    warnings->push_back(fmt::format("FP16_OVFL only affects f16 outputs; {} ignores it", in.mnemonic));
  return {};
}

} // namespace wavemma::isa
