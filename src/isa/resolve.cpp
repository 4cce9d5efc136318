// User input -> catalog objects, with the messages the command line and the Python module share.

#include "wavemma/isa/resolve.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

#include "wavemma/isa/builtin.hpp"

namespace wavemma::isa {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string archs_of(Generation g) {
  std::string out;
  for (auto const& a : architectures())
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
  for (auto const& in : catalog()) {
    size_t const d = distance(name.starts_with("v_") ? name : std::string("v_") + std::string(name), in.mnemonic);
    if (d < best_d) best_d = d, best = in.mnemonic;
  }
  return best.empty() ? "; `wavemma list` shows them all" : fmt::format("; did you mean {}?", best);
}

std::string bits_list(uint8_t mask) {
  std::string out;
  for (int t = 0; t < 3; ++t)
    if (mask & (1 << t)) out += (out.empty() ? "" : ",") + std::to_string(t);
  return out;
}

} // namespace

std::vector<Arch const*> default_architectures() {
  std::vector<Arch const*> out;
  for (auto const& g : generations()) out.push_back(&default_arch(g.gen));
  return out;
}

std::string excerpt(std::string_view text, size_t max) {
  std::string out;
  for (char c : text.substr(0, max)) {
    auto const u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '\\')
      out += c;
    else
      out += fmt::format("\\x{:02x}", u);
  }
  return text.size() > max ? out + "..." : out;
}

Arch const& resolve_arch(std::string_view name) {
  Arch const* a = find_arch(name);
  if (!a) throw InputError(fmt::format("unknown architecture '{}' (known: {})", excerpt(name), known_arch_names()));
  return *a;
}

int check_wave(int wave) {
  if (wave != 0 && wave != 32 && wave != 64) throw InputError(fmt::format("--wave takes 32 or 64 (got '{}')", wave));
  return wave;
}

int wave_on(Arch const& arch, int wave) {
  if (!check_wave(wave)) return arch.default_wave();
  if (!arch.has_wave(wave))
    throw InputError(fmt::format("{} has no wave{} ({} runs wave{} only)", arch.name, wave, family_name(arch.gen),
                                 arch.default_wave()));
  return wave;
}

Target resolve_target(std::string_view given, std::string_view arch, int wave) {
  check_wave(wave);
  Target t;
  int wave_from_builtin = 0;
  std::string const instruction = lower(given); // names in any case: the catalog spells them in lower case
  std::string const name = excerpt(given, 80);
  Builtin const* bi = find_builtin(instruction);
  if (bi) {
    t.instruction = bi->instruction;
    wave_from_builtin = bi->wave;
  }
  if (!arch.empty()) {
    t.arch = &resolve_arch(arch);
    if (bi && bi->instruction_on(t.arch->gen)) t.instruction = bi->instruction_on(t.arch->gen);
    if (!t.instruction) t.instruction = find_instruction(t.arch->gen, instruction);
    if (t.instruction && t.instruction->gen != t.arch->gen)
      throw InputError(fmt::format("{} is a {} builtin; {} is {}", name, family_name(t.instruction->gen), t.arch->name,
                                   family_name(t.arch->gen)));
    if (!t.instruction) {
      std::string elsewhere;
      for (auto const& g : generations())
        if (g.gen != t.arch->gen && find_instruction(g.gen, instruction))
          elsewhere += (elsewhere.empty() ? "" : "; ") + fmt::format("{} has it ({})", g.family, archs_of(g.gen));
      if (!elsewhere.empty())
        throw InputError(fmt::format("{} lacks instruction {}: {}", t.arch->name, name, elsewhere));
      throw InputError(fmt::format("unknown instruction '{}'{}", name, suggestion(instruction)));
    }
  } else if (!t.instruction) {
    std::vector<Instruction const*> found;
    for (auto const& g : generations())
      if (auto const* in = find_instruction(g.gen, instruction)) found.push_back(in);
    if (found.empty()) throw InputError(fmt::format("unknown instruction '{}'{}", name, suggestion(instruction)));
    // The gfx12 forms gfx1250 also assembles are gfx12's instructions: without --arch, gfx12's.
    if (std::ranges::any_of(found, [](Instruction const* in) { return in->gen == Generation::kGfx12; }))
      std::erase_if(found, [](Instruction const* in) { return in->gen == Generation::kGfx1250 && in->gfx12_form(); });
    auto const preferred = std::ranges::find_if(found, [](Instruction const* in) { return info(in->gen).preferred; });
    if (found.size() > 1 && preferred != found.end()) found = {*preferred}; // CDNA names: CDNA3's
    if (found.size() > 1) {
      std::string gens;
      for (auto const* in : found) gens += (gens.empty() ? "" : " and ") + std::string(isa::name(in->gen));
      throw InputError(fmt::format("{} exists on {}: choose with --arch (e.g. --arch {})", name, gens,
                                   default_arch(found.back()->gen).name));
    }
    t.instruction = found.front();
  }
  if (!t.arch) t.arch = &default_arch(t.instruction->gen);
  t.wave = wave_on(*t.arch, wave ? wave : wave_from_builtin);
  if (wave_from_builtin && t.wave != wave_from_builtin)
    throw InputError(
        fmt::format("{} is a wave{} builtin, but --wave {} was given", bi->name, wave_from_builtin, t.wave));
  return t;
}

std::vector<Target> list_targets(std::string_view arch, std::string_view kind_name, int wave) {
  check_wave(wave);
  std::vector<Arch const*> const archs = arch.empty() ? default_architectures() : std::vector{&resolve_arch(arch)};
  if (!arch.empty()) wave_on(*archs.front(), wave);
  std::optional<Kind> kind;
  if (!kind_name.empty()) {
    for (auto k : {Kind::kWmma, Kind::kSwmmac, Kind::kMfma, Kind::kSmfmac})
      if (name(k) == lower(kind_name)) kind = k;
    if (!kind)
      throw InputError(fmt::format("unknown kind '{}' (choose wmma, swmmac, mfma, smfmac)", excerpt(kind_name)));
  }
  std::vector<Target> out;
  for (auto const* a : archs) {
    // With an architecture, its default wave unless `wave` says otherwise; without, every wave.
    std::vector<int> const waves =
        wave ? std::vector<int>{wave} : (arch.empty() ? a->wave_sizes() : std::vector<int>{a->default_wave()});
    for (int w : waves) {
      if (!a->has_wave(w)) continue;
      for (auto const* in : instructions_of(a->gen))
        if (!kind || in->kind == *kind) out.push_back({a, w, in});
    }
  }
  return out;
}

std::array<bool, 3> parse_modifier_bits(std::string_view flag, std::string_view text) {
  std::array<bool, 3> bits{};
  if (text.empty()) return bits;
  std::string_view s = text;
  if (s.front() == '[' && s.back() == ']') s = s.substr(1, s.size() - 2);
  size_t pos = 0;
  int n = 0;
  while (true) {
    size_t const comma = s.find(',', pos);
    std::string_view const item = s.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
    if (n >= 3 || (item != "0" && item != "1"))
      throw InputError(fmt::format("{} takes up to three 0/1 values such as 1,0,0 (got '{}')", flag, excerpt(text)));
    bits[static_cast<size_t>(n++)] = item == "1";
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  return bits;
}

Modifiers resolve_modifiers(Instruction const& in, int wave, ModifierText const& t,
                            std::vector<std::string>* warnings) {
  Modifiers m;
  m.neg_lo = parse_modifier_bits("--neg-lo", t.neg_lo);
  m.neg_hi = parse_modifier_bits("--neg-hi", t.neg_hi);
  m.op_sel = parse_modifier_bits("--opsel", t.op_sel);
  m.clamp = t.clamp;
  m.fp16_ovfl = t.fp16_ovfl;
  m.index_key = t.index_key;
  m.cbsz = t.cbsz;
  m.abid = t.abid;
  m.blgp = t.blgp;
  if (!t.scale_sel.empty()) {
    auto const bad = [&] {
      return InputError(fmt::format("--scale-sel takes A,B bytes 0..3 (got '{}')", excerpt(t.scale_sel)));
    };
    std::string_view const text = t.scale_sel;
    size_t const comma = text.find(',');
    auto byte = [&](std::string_view s) {
      if (s.size() != 1 || s[0] < '0' || s[0] > '3') throw bad();
      return s[0] - '0';
    };
    if (comma == std::string_view::npos) throw bad();
    m.scale_sel = {byte(text.substr(0, comma)), byte(text.substr(comma + 1))};
    if (!in.mod_rules().scaled)
      throw InputError(
          fmt::format("--scale-sel is for the scaled forms (v_mfma_scale_*, v_wmma_scale*_*), not {}", in.mnemonic));
  }
  // "A,B": two small integers (gfx1250 formats and scale formats).
  auto const pair = [](std::string_view flag, std::string_view text, int max) {
    size_t const comma = text.find(',');
    auto const one = [&](std::string_view s) {
      if (s.size() != 1 || s[0] < '0' || s[0] - '0' > max)
        throw InputError(fmt::format("{} takes A,B values 0..{} (got '{}')", flag, max, excerpt(text)));
      return s[0] - '0';
    };
    if (comma == std::string_view::npos) one("?");
    return std::array<int, 2>{one(text.substr(0, comma)), one(text.substr(comma + 1))};
  };
  if (!t.matrix_fmt.empty()) m.matrix_fmt = pair("--matrix-fmt", t.matrix_fmt, 7);
  if (!t.scale_fmt.empty()) m.scale_fmt = pair("--scale-fmt", t.scale_fmt, 3);
  if (!t.reuse.empty()) {
    auto const bits = pair("--reuse", t.reuse, 1);
    m.reuse = {bits[0] == 1, bits[1] == 1};
  }
  if (!t.neg.empty()) {
    if (!in.mod_rules().blgp_is_neg) throw InputError(fmt::format("--neg is for f64 MFMA only, not {}", in.mnemonic));
    if (t.blgp) throw InputError("give either --neg or --blgp, not both");
    auto const bits = parse_modifier_bits("--neg", t.neg);
    m.blgp = bits[0] | bits[1] << 1 | bits[2] << 2;
  } else if (t.blgp && in.mod_rules().blgp_is_neg) {
    throw InputError(
        fmt::format("blgp is not supported on {}: its BLGP bits are neg:[a,b,c] (use --neg)", in.mnemonic));
  }
  std::string const err = check_modifiers(in, wave, m, warnings);
  if (!err.empty()) throw InputError(err);
  return m;
}

Operand resolve_operand(Instruction const& in, std::string_view operand) {
  auto const op = parse_operand(operand);
  if (!op)
    throw InputError(fmt::format(
        "unknown operand '{}' (choose A, B, C, D, K for the sparsity index, SA/SB for the scales)", excerpt(operand)));
  if (!in.has_operand(*op))
    throw InputError(*op == Operand::kIndex
                         ? fmt::format("{} is dense: it has no sparsity index operand K", in.mnemonic)
                         : fmt::format("{} has no scale operands SA/SB (only v_mfma_scale_* do)", in.mnemonic));
  return *op;
}

void check_element(BitLayout const& L, AxisNames const& names, Coord c) {
  auto check = [](int value, int extent, std::string const& what) {
    if (value < 0 || value >= extent)
      throw InputError(fmt::format("{} {} out of range 0..{}", what, value, extent - 1));
  };
  check(c.block, L.blocks(), "--block");
  check(c.row, L.rows(), fmt::format("--row ({})", names.row));
  check(c.col, L.cols(), fmt::format("--col ({})", names.col));
}

void check_register(BitLayout const& L, Operand op, int lane, int vgpr) {
  if (lane < 0 || lane >= L.wave()) throw InputError(fmt::format("--lane {} out of range 0..{}", lane, L.wave() - 1));
  if (vgpr < 0 || vgpr >= L.vgprs())
    throw InputError(fmt::format("--vgpr {} out of range 0..{} ({} spans {} VGPR{})", vgpr, L.vgprs() - 1, name(op),
                                 L.vgprs(), L.vgprs() > 1 ? "s" : ""));
}

std::string modifier_summary(Instruction const& in) {
  auto const& r = in.mod_rules();
  std::vector<std::string> parts;
  auto list = [&](char const* name, uint8_t legal, uint8_t defined, char const* meaning) {
    if (!legal) return;
    std::string s = fmt::format("{}[{}]", name, bits_list(defined));
    if (!defined) s = "";
    if (defined) s += fmt::format(" ({})", meaning);
    if (legal & ~defined)
      s += fmt::format("{}{}[{}] reserved (LLVM accepts, no effect)", s.empty() ? "" : "; ", name,
                       bits_list(legal & ~defined));
    parts.push_back(s);
  };
  list("neg_lo", r.neg_lo_legal, r.neg_lo_defined, r.neg_is_signedness ? "A/B signed" : "negate A/B low halves, C");
  list("neg_hi", r.neg_hi_legal, r.neg_hi_defined, "negate A/B high halves, |C|");
  list("op_sel", r.op_sel_legal, r.op_sel_defined, "C/D in bits [31:16]");
  if (r.clamp) parts.push_back("clamp (saturate int32)");
  if (r.index_key) parts.push_back("index_key (index set)");
  if (r.broadcast_effect) parts.push_back("cbsz/abid (A-block broadcast)");
  if (r.index_set_select) parts.push_back("cbsz/abid (index set: abid when cbsz=0)");
  if (r.mai && !r.broadcast_effect && !r.index_set_select) parts.push_back("cbsz/abid reserved (no effect)");
  if (r.blgp_effect)
    parts.push_back("blgp (B lane-group pattern)");
  else if (r.blgp_legal)
    parts.push_back("blgp reserved (no effect)");
  if (r.blgp_is_neg) parts.push_back("neg:[a,b,c] in the BLGP bits");
  if (r.format_select && !r.mai) parts.push_back("matrix_a_fmt/matrix_b_fmt (A/B formats: fp8, bf8, fp6, bf6, fp4)");
  if (r.wmma_scaled)
    parts.push_back("matrix_a_scale/matrix_b_scale (scale row ROW0/ROW1), matrix_a_scale_fmt/matrix_b_scale_fmt (E8, "
                    "E5M3, E4M3)");
  if (r.reuse) parts.push_back("matrix_a_reuse/matrix_b_reuse (operand-cache hints, no effect)");
  if (r.c_inline) parts.push_back("C may be an inline constant");
  std::string out;
  for (auto const& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out.empty() ? "none" : out;
}

} // namespace wavemma::isa
