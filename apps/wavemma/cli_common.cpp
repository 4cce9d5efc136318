#include <algorithm>
#include <fmt/format.h>

#include "cli.hpp"

namespace wavemma::cli {

std::string arch_help() { return "Architecture: " + isa::known_arch_names(); }

void TargetOptions::add_to(CLI::App& app, bool instruction_required) {
  auto* opt = app.add_option("instruction", instruction,
                             "Instruction mnemonic (v_wmma_f32_16x16x16_f16, LLVM aliases accepted) or builtin name "
                             "(__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12)");
  if (instruction_required) opt->required();
  app.add_option("--arch", arch, arch_help() + " (default: the instruction's generation, when it has only one)");
  app.add_option("--wave", wave, "Wave size 32 or 64 (default: 32 on RDNA, 64 on CDNA)");
}

isa::Arch const& TargetOptions::resolve_arch_only() const { return isa::resolve_arch(arch); }

Target TargetOptions::resolve() const { return isa::resolve_target(instruction, arch, wave); }

void ModifierOptions::add_data_moving(CLI::App& app) {
  app.add_option("--cbsz", text.cbsz, "MFMA A-block broadcast size (0..log2 blocks); SMFMAC: 0 lets --abid pick the index set");
  app.add_option("--abid", text.abid, "MFMA A-block broadcast id (< 2^cbsz); SMFMAC: index set when --cbsz 0");
  app.add_option("--blgp", text.blgp, "MFMA B lane-group pattern 0..7");
  app.add_option("--opsel", text.op_sel, "op_sel bits a,b,c (RDNA3 16-bit C/D: c=1 uses bits [31:16])");
  app.add_option("--index-key", text.index_key, "SWMMAC index set (index_key)");
}

void ModifierOptions::add_all(CLI::App& app) {
  add_data_moving(app);
  app.add_option("--neg-lo", text.neg_lo, "neg_lo bits a,b,c (float: negate low halves of A/B, negate C; integer: A/B signed)");
  app.add_option("--neg-hi", text.neg_hi, "neg_hi bits a,b,c (float: negate high halves of A/B, |C|)");
  app.add_option("--neg", text.neg, "f64 MFMA neg:[a,b,c] (negate A, B, C; encoded in the BLGP bits)");
  app.add_flag("--clamp", text.clamp, "integer: saturate the int32 result");
  app.add_flag("--fp16-ovfl", text.fp16_ovfl, "MODE.FP16_OVFL: f16 results saturate to +-65504 instead of infinity");
}

isa::Modifiers ModifierOptions::resolve(isa::Instruction const& in, int wave) const {
  std::vector<std::string> warnings;
  isa::Modifiers const m = isa::resolve_modifiers(in, wave, text, &warnings);
  for (auto const& w : warnings) fmt::print(stderr, "wavemma: warning: {}\n", w);
  return m;
}

Format parse_format(std::string const& s, std::initializer_list<Format> allowed) {
  static std::pair<char const*, Format> const kNames[] = {{"text", Format::kText}, {"table", Format::kText},
                                                          {"csv", Format::kCsv},   {"markdown", Format::kMarkdown},
                                                          {"md", Format::kMarkdown}, {"json", Format::kJson},
                                                          {"svg", Format::kSvg}};
  for (auto const& [name, f] : kNames)
    if (s == name && std::find(allowed.begin(), allowed.end(), f) != allowed.end()) return f;
  std::string list;
  for (auto const& [name, f] : kNames)
    if (std::find(allowed.begin(), allowed.end(), f) != allowed.end() && std::string(name) != "table" &&
        std::string(name) != "md")
      list += (list.empty() ? "" : ", ") + std::string(name);
  throw UsageError(fmt::format("unknown format '{}' (choose {})", s, list));
}

} // namespace wavemma::cli
