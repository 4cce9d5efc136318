#include <algorithm>
#include <fmt/format.h>
#include <set>

#include "cli.hpp"
#include "wavemma/isa/builtin.hpp"

namespace wavemma::cli {
namespace {

std::string archs_of(isa::Generation g) {
  std::string out;
  for (auto const& a : isa::architectures())
    if (a.gen == g) out += (out.empty() ? "" : ", ") + std::string(a.name);
  return out;
}

// Levenshtein distance, for "did you mean".
size_t distance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string suggestion(std::string_view name) {
  std::string_view best;
  size_t best_d = 9;
  for (auto const& in : isa::catalog()) {
    size_t const d = distance(name.starts_with("v_") ? name : std::string("v_") + std::string(name), in.mnemonic);
    if (d < best_d) best_d = d, best = in.mnemonic;
  }
  return best.empty() ? "; `wavemma list` shows them all" : fmt::format("; did you mean {}?", best);
}

std::array<bool, 3> parse_bits(std::string const& flag, std::string const& text) {
  std::array<bool, 3> bits{};
  if (text.empty()) return bits;
  std::string s = text;
  if (s.front() == '[' && s.back() == ']') s = s.substr(1, s.size() - 2);
  size_t pos = 0;
  int n = 0;
  while (true) {
    size_t const comma = s.find(',', pos);
    std::string const item = s.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    if (n >= 3 || (item != "0" && item != "1"))
      throw UsageError(fmt::format("{} takes up to three 0/1 values such as 1,0,0 (got '{}')", flag, text));
    bits[static_cast<size_t>(n++)] = item == "1";
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return bits;
}

} // namespace

std::string arch_help() { return "Architecture: " + isa::known_arch_names(); }

void TargetOptions::add_to(CLI::App& app, bool instruction_required) {
  auto* opt = app.add_option("instruction", instruction,
                             "Instruction mnemonic (v_wmma_f32_16x16x16_f16, LLVM aliases accepted) or builtin name "
                             "(__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12)");
  if (instruction_required) opt->required();
  app.add_option("--arch", arch, arch_help() + " (default: the instruction's generation, when it has only one)");
  app.add_option("--wave", wave, "Wave size 32 or 64 (default: 32 on RDNA, 64 on CDNA)");
}

isa::Arch const& TargetOptions::resolve_arch_only() const {
  isa::Arch const* a = isa::find_arch(arch);
  if (!a) throw UsageError(fmt::format("unknown architecture '{}' (known: {})", arch, isa::known_arch_names()));
  return *a;
}

Target TargetOptions::resolve() const {
  Target t;
  int wave_from_builtin = 0;
  isa::Builtin const* bi = isa::find_builtin(instruction);
  if (bi) {
    if (!bi->instruction) throw UsageError(fmt::format("{}: {}", bi->name, bi->note));
    t.instruction = bi->instruction;
    wave_from_builtin = bi->wave;
  }
  if (!arch.empty()) {
    t.arch = &resolve_arch_only();
    if (!t.instruction) t.instruction = isa::find_instruction(t.arch->gen, instruction);
    if (t.instruction && t.instruction->gen != t.arch->gen)
      throw UsageError(fmt::format("{} is a {} builtin; {} is {}", instruction, isa::family_name(t.instruction->gen),
                                   t.arch->name, isa::family_name(t.arch->gen)));
    if (!t.instruction) {
      std::string elsewhere;
      for (auto const& g : isa::generations())
        if (g.gen != t.arch->gen && isa::find_instruction(g.gen, instruction))
          elsewhere += (elsewhere.empty() ? "" : "; ") + fmt::format("{} has it ({})", g.family, archs_of(g.gen));
      if (!elsewhere.empty())
        throw UsageError(fmt::format("{} lacks instruction {}: {}", t.arch->name, instruction, elsewhere));
      throw UsageError(fmt::format("unknown instruction '{}'{}", instruction, suggestion(instruction)));
    }
  } else if (!t.instruction) {
    std::vector<isa::Instruction const*> found;
    for (auto const& g : isa::generations())
      if (auto const* in = isa::find_instruction(g.gen, instruction)) found.push_back(in);
    if (found.empty()) throw UsageError(fmt::format("unknown instruction '{}'{}", instruction, suggestion(instruction)));
    if (found.size() > 1) {
      std::string gens;
      for (auto const* in : found) gens += (gens.empty() ? "" : " and ") + std::string(isa::name(in->gen));
      throw UsageError(fmt::format("{} exists on {}: choose with --arch (e.g. --arch {})", instruction, gens,
                                   isa::default_arch(found.back()->gen).name));
    }
    t.instruction = found.front();
  }
  if (!t.arch) t.arch = &isa::default_arch(t.instruction->gen);
  t.wave = wave ? wave : (wave_from_builtin ? wave_from_builtin : t.arch->default_wave());
  if (t.wave != 32 && t.wave != 64) throw UsageError(fmt::format("--wave must be 32 or 64, not {}", t.wave));
  if (!t.arch->has_wave(t.wave))
    throw UsageError(fmt::format("{} has no wave{} ({} runs wave64 only)", t.arch->name, t.wave,
                                 isa::family_name(t.arch->gen)));
  if (wave_from_builtin && t.wave != wave_from_builtin)
    throw UsageError(fmt::format("{} is a wave{} builtin, but --wave {} was given", bi->name, wave_from_builtin, t.wave));
  return t;
}

void ModifierOptions::add_data_moving(CLI::App& app) {
  app.add_option("--cbsz", cbsz, "MFMA A-block broadcast size (0..log2 blocks); SMFMAC: 0 lets --abid pick the index set");
  app.add_option("--abid", abid, "MFMA A-block broadcast id (< 2^cbsz); SMFMAC: index set when --cbsz 0");
  app.add_option("--blgp", blgp, "MFMA B lane-group pattern 0..7");
  app.add_option("--opsel", op_sel, "op_sel bits a,b,c (RDNA3 16-bit C/D: c=1 uses bits [31:16])");
  app.add_option("--index-key", index_key, "SWMMAC index set (index_key)");
}

void ModifierOptions::add_all(CLI::App& app) {
  add_data_moving(app);
  app.add_option("--neg-lo", neg_lo, "neg_lo bits a,b,c (float: negate low halves of A/B, negate C; integer: A/B signed)");
  app.add_option("--neg-hi", neg_hi, "neg_hi bits a,b,c (float: negate high halves of A/B, |C|)");
  app.add_option("--neg", neg, "f64 MFMA neg:[a,b,c] (negate A, B, C; encoded in the BLGP bits)");
  app.add_flag("--clamp", clamp, "integer: saturate the int32 result");
  app.add_flag("--fp16-ovfl", fp16_ovfl, "MODE.FP16_OVFL: f16 results saturate to +-65504 instead of infinity");
}

isa::Modifiers ModifierOptions::resolve(isa::Instruction const& in, int wave) const {
  isa::Modifiers m;
  m.neg_lo = parse_bits("--neg-lo", neg_lo);
  m.neg_hi = parse_bits("--neg-hi", neg_hi);
  m.op_sel = parse_bits("--opsel", op_sel);
  m.clamp = clamp;
  m.fp16_ovfl = fp16_ovfl;
  m.index_key = index_key;
  m.cbsz = cbsz;
  m.abid = abid;
  m.blgp = blgp;
  if (!neg.empty()) {
    if (!in.mod_rules().blgp_is_neg) throw UsageError(fmt::format("--neg is for f64 MFMA only, not {}", in.mnemonic));
    if (blgp) throw UsageError("give either --neg or --blgp, not both");
    auto const bits = parse_bits("--neg", neg);
    m.blgp = bits[0] | bits[1] << 1 | bits[2] << 2;
  } else if (blgp && in.mod_rules().blgp_is_neg) {
    throw UsageError(fmt::format("blgp is not supported on {}: its BLGP bits are neg:[a,b,c] (use --neg)", in.mnemonic));
  }
  std::vector<std::string> warnings;
  std::string const err = isa::check_modifiers(in, wave, m, &warnings);
  if (!err.empty()) throw UsageError(err);
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
