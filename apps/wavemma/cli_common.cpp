#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>

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
      throw UsageError(fmt::format("{} takes up to three 0/1 values such as 1,0,0 (got '{}')", flag, excerpt(text)));
    bits[static_cast<size_t>(n++)] = item == "1";
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return bits;
}

// "--row" of "--row,-r"; a positional's name as is.
std::string flag_of(std::string const& names) {
  std::string first = names.substr(0, names.find(','));
  return first;
}

std::string range_text(IntBounds b) {
  if (b.max == std::numeric_limits<int>::max()) return fmt::format(">= {}", b.min);
  return fmt::format("{}..{}", b.min, b.max);
}

template <class T>
std::optional<T> digits(std::string_view s, int base) {
  T v{};
  if (s.empty()) return std::nullopt;
  auto const [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

} // namespace

// --- messages ------------------------------------------------------------------------------------

void note(std::string_view text) { (void)std::fwrite(text.data(), 1, text.size(), stderr); }

void warn(std::string_view message) { note(fmt::format("wavemma: warning: {}\n", message)); }

std::string excerpt(std::string_view text, size_t max) {
  std::string out;
  for (char c : text.substr(0, max)) {
    auto const u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '\\') out += c;
    else out += fmt::format("\\x{:02x}", u);
  }
  return text.size() > max ? out + "..." : out;
}

bool iequals(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}

CLI::Option* add_text(CLI::App& app, std::string const& names, std::string& value, std::string const& help) {
  auto const set = [&value, flag = flag_of(names)](std::string const& s) {
    if (s.empty())
      throw UsageError(flag.starts_with('-') ? fmt::format("{} takes a value; an empty one is not allowed", flag)
                                             : fmt::format("the {} argument is empty", flag));
    value = s;
  };
  return app.add_option_function<std::string>(names, set, help)->type_name("TEXT");
}

// --- numbers -------------------------------------------------------------------------------------

std::optional<uint64_t> parse_uint(std::string_view s, Radix radix) {
  if (radix == Radix::kDecimalOrHex && s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    return digits<uint64_t>(s.substr(2), 16);
  return digits<uint64_t>(s, 10);
}

std::optional<int64_t> parse_int(std::string_view s, Radix radix) {
  bool const negative = s.starts_with('-');
  auto const magnitude = parse_uint(negative ? s.substr(1) : s, radix);
  if (!magnitude) return std::nullopt;
  uint64_t const limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  if (*magnitude > limit) return std::nullopt;
  return negative ? static_cast<int64_t>(0 - *magnitude) : static_cast<int64_t>(*magnitude);
}

std::optional<double> parse_real(std::string_view s) {
  // The grammar first: from_chars alone would also take "inf", "nan" and "infinity".
  size_t i = s.starts_with('-') ? 1 : 0, mantissa = 0;
  auto const run = [&] {
    size_t const start = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    return i - start;
  };
  mantissa += run();
  if (i < s.size() && s[i] == '.') ++i, mantissa += run();
  if (mantissa == 0) return std::nullopt;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (run() == 0) return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  double v = 0;
  auto const [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

int int_value(std::string_view flag, std::string_view text, IntBounds b) {
  auto const v = parse_int(text);
  if (!v || *v < b.min || *v > b.max)
    throw UsageError(fmt::format("{} takes a decimal integer {} (got '{}')", flag, range_text(b), excerpt(text)));
  return static_cast<int>(*v);
}

CLI::Option* add_int(CLI::App& app, std::string const& names, int& value, std::string const& help, IntBounds b) {
  return app
      .add_option_function<std::string>(
          names, [&value, flag = flag_of(names), b](std::string const& s) { value = int_value(flag, s, b); }, help)
      ->type_name("INT");
}

CLI::Option* add_int(CLI::App& app, std::string const& names, std::optional<int>& value, std::string const& help,
                     IntBounds b) {
  return app
      .add_option_function<std::string>(
          names, [&value, flag = flag_of(names), b](std::string const& s) { value = int_value(flag, s, b); }, help)
      ->type_name("INT");
}

CLI::Option* add_u64(CLI::App& app, std::string const& names, uint64_t& value, std::string const& help) {
  auto const set = [&value, flag = flag_of(names)](std::string const& s) {
    auto const v = parse_uint(s, Radix::kDecimalOrHex);
    if (!v)
      throw UsageError(fmt::format("{} takes a decimal or 0x hex integer 0..{} (got '{}')", flag,
                                   std::numeric_limits<uint64_t>::max(), excerpt(s)));
    value = *v;
  };
  return app.add_option_function<std::string>(names, set, help)->type_name("UINT64");
}

CLI::Option* add_positive_real(CLI::App& app, std::string const& names, std::optional<double>& value,
                               std::string const& help) {
  auto const set = [&value, flag = flag_of(names)](std::string const& s) {
    auto const v = parse_real(s);
    if (!v || !(*v > 0)) throw UsageError(fmt::format("{} takes a decimal number above 0 (got '{}')", flag, excerpt(s)));
    value = *v;
  };
  return app.add_option_function<std::string>(names, set, help)->type_name("NUMBER");
}

// --- architecture and wave size ------------------------------------------------------------------

std::string arch_help() { return "Architecture: " + isa::known_arch_names(); }

isa::Arch const& find_arch_or_throw(std::string_view name) {
  isa::Arch const* a = isa::find_arch(name);
  if (!a) throw UsageError(fmt::format("unknown architecture '{}' (known: {})", excerpt(name), isa::known_arch_names()));
  return *a;
}

void add_arch(CLI::App& app, std::string& value, std::string_view absent) {
  auto const set = [&value](std::string const& s) {
    (void)find_arch_or_throw(s); // refused while parsing, like a bad number
    value = s;
  };
  app.add_option_function<std::string>("--arch", set,
                                       fmt::format("{}, any case ({})", arch_help(), absent))
      ->type_name("ARCH");
}

void add_wave(CLI::App& app, int& value) {
  auto const set = [&value](std::string const& s) {
    auto const v = parse_int(s);
    if (!v || (*v != 32 && *v != 64)) throw UsageError(fmt::format("--wave takes 32 or 64 (got '{}')", excerpt(s)));
    value = static_cast<int>(*v);
  };
  app.add_option_function<std::string>("--wave", set,
                                       "Wave size 32 or 64 where the architecture has both (default: 32 on RDNA, 64 on CDNA)")
      ->type_name("32|64");
}

int wave_on(isa::Arch const& arch, int wave) {
  if (!wave) return arch.default_wave();
  if (!arch.has_wave(wave))
    throw UsageError(fmt::format("{} has no wave{} ({} runs wave64 only)", arch.name, wave, isa::family_name(arch.gen)));
  return wave;
}

void TargetOptions::add_to(CLI::App& app, bool instruction_required) {
  auto* opt = add_text(app, "instruction", instruction,
                       "Instruction mnemonic (v_wmma_f32_16x16x16_f16, LLVM aliases accepted) or builtin name "
                       "(__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12)");
  if (instruction_required) opt->required();
  add_arch(app, arch, "default: the instruction's generation, when it has only one");
  add_wave(app, wave);
}

Target TargetOptions::resolve() const {
  Target t;
  int wave_from_builtin = 0;
  std::string instruction = this->instruction; // names in any case: the catalog spells them in lower case
  for (char& c : instruction) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  isa::Builtin const* bi = isa::find_builtin(instruction);
  if (bi) {
    if (!bi->instruction) throw UsageError(fmt::format("{}: {}", bi->name, bi->note));
    t.instruction = bi->instruction;
    wave_from_builtin = bi->wave;
  }
  std::string const name = excerpt(this->instruction, 80);
  if (!arch.empty()) {
    t.arch = &find_arch_or_throw(arch);
    if (!t.instruction) t.instruction = isa::find_instruction(t.arch->gen, instruction);
    if (t.instruction && t.instruction->gen != t.arch->gen)
      throw UsageError(fmt::format("{} is a {} builtin; {} is {}", name, isa::family_name(t.instruction->gen),
                                   t.arch->name, isa::family_name(t.arch->gen)));
    if (!t.instruction) {
      std::string elsewhere;
      for (auto const& g : isa::generations())
        if (g.gen != t.arch->gen && isa::find_instruction(g.gen, instruction))
          elsewhere += (elsewhere.empty() ? "" : "; ") + fmt::format("{} has it ({})", g.family, archs_of(g.gen));
      if (!elsewhere.empty())
        throw UsageError(fmt::format("{} lacks instruction {}: {}", t.arch->name, name, elsewhere));
      throw UsageError(fmt::format("unknown instruction '{}'{}", name, suggestion(instruction)));
    }
  } else if (!t.instruction) {
    std::vector<isa::Instruction const*> found;
    for (auto const& g : isa::generations())
      if (auto const* in = isa::find_instruction(g.gen, instruction)) found.push_back(in);
    if (found.empty()) throw UsageError(fmt::format("unknown instruction '{}'{}", name, suggestion(instruction)));
    if (found.size() > 1) {
      std::string gens;
      for (auto const* in : found) gens += (gens.empty() ? "" : " and ") + std::string(isa::name(in->gen));
      throw UsageError(fmt::format("{} exists on {}: choose with --arch (e.g. --arch {})", name, gens,
                                   isa::default_arch(found.back()->gen).name));
    }
    t.instruction = found.front();
  }
  if (!t.arch) t.arch = &isa::default_arch(t.instruction->gen);
  t.wave = wave_on(*t.arch, wave ? wave : wave_from_builtin);
  if (wave_from_builtin && t.wave != wave_from_builtin)
    throw UsageError(fmt::format("{} is a wave{} builtin, but --wave {} was given", bi->name, wave_from_builtin, t.wave));
  return t;
}

void ModifierOptions::add_data_moving(CLI::App& app) {
  IntBounds const field{0, std::numeric_limits<int>::max()};
  add_int(app, "--cbsz", cbsz, "MFMA A-block broadcast size (0..log2 blocks); SMFMAC: 0 lets --abid pick the index set", field);
  add_int(app, "--abid", abid, "MFMA A-block broadcast id (< 2^cbsz); SMFMAC: index set when --cbsz 0", field);
  add_int(app, "--blgp", blgp, "MFMA B lane-group pattern 0..7", field);
  add_text(app, "--opsel", op_sel, "op_sel bits a,b,c (RDNA3 16-bit C/D: c=1 uses bits [31:16])");
  add_int(app, "--index-key", index_key, "SWMMAC index set (index_key)", field);
}

void ModifierOptions::add_all(CLI::App& app) {
  add_data_moving(app);
  add_text(app, "--neg-lo", neg_lo, "neg_lo bits a,b,c (float: negate low halves of A/B, negate C; integer: A/B signed)");
  add_text(app, "--neg-hi", neg_hi, "neg_hi bits a,b,c (float: negate high halves of A/B, |C|)");
  add_text(app, "--neg", neg, "f64 MFMA neg:[a,b,c] (negate A, B, C; encoded in the BLGP bits)");
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
  for (auto const& w : warnings) warn(w);
  return m;
}

// --- formats and output --------------------------------------------------------------------------

Format parse_format(std::string const& s, std::initializer_list<Format> allowed) {
  static std::pair<char const*, Format> const kNames[] = {{"text", Format::kText}, {"table", Format::kText},
                                                          {"csv", Format::kCsv},   {"markdown", Format::kMarkdown},
                                                          {"md", Format::kMarkdown}, {"json", Format::kJson},
                                                          {"svg", Format::kSvg}};
  auto const is_allowed = [&](Format f) { return std::find(allowed.begin(), allowed.end(), f) != allowed.end(); };
  for (auto const& [name, f] : kNames)
    if (iequals(s, name) && is_allowed(f)) return f;
  std::string list;
  for (auto const& [name, f] : kNames)
    if (is_allowed(f) && std::string(name) != "table" && std::string(name) != "md")
      list += (list.empty() ? "" : ", ") + std::string(name);
  throw UsageError(fmt::format("unknown format '{}' (choose {})", excerpt(s), list));
}

std::string rate_unit(bool integer, char prefix) { return fmt::format("{}{}", prefix, integer ? "OPS" : "FLOPS"); }

void write_output(std::string const& text, std::string const& path) {
  if (path.empty() || path == "-") {
    fmt::print("{}", text);
    return;
  }
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) throw UsageError(fmt::format("cannot write '{}': {}", excerpt(path, 200), std::strerror(errno)));
  bool const written = std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0;
  int const err = errno;
  if (std::fclose(f) != 0 || !written)
    throw Failure(fmt::format("could not write '{}': {}", excerpt(path, 200), std::strerror(written ? errno : err)));
  note(fmt::format("wrote {}\n", excerpt(path, 200)));
}

void flush_stdout() {
  if (std::fflush(stdout) != 0 || std::ferror(stdout))
    throw Failure(fmt::format("cannot write standard output: {}", std::strerror(errno ? errno : EIO)));
}

Limits& limits() {
  static Limits l;
  return l;
}

// --- input ---------------------------------------------------------------------------------------

std::string read_bounded(std::string const& path, size_t limit, std::string_view what) {
  std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) throw UsageError(fmt::format("{}: cannot open '{}': {}", what, excerpt(path, 200), std::strerror(errno)));
  std::string data;
  char buf[1 << 16];
  while (data.size() <= limit) {
    size_t const n = std::fread(buf, 1, std::min(sizeof buf, limit + 1 - data.size()), f);
    if (n == 0) break;
    data.append(buf, n);
  }
  bool const failed = std::ferror(f);
  int const err = errno;
  if (f != stdin) std::fclose(f);
  if (failed) throw UsageError(fmt::format("{}: cannot read '{}': {}", what, excerpt(path, 200), std::strerror(err)));
  if (data.size() > limit)
    throw UsageError(fmt::format("{}: '{}' is larger than {} MiB, more than any input it could be", what,
                                 excerpt(path, 200), static_cast<double>(limit) / (1 << 20)));
  return data;
}

bool LineReader::next(std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  bool any = false;
  for (int c; (c = std::getc(in)) != EOF;) {
    any = true;
    if (c == '\n') return true;
    if (line.size() < limit) line += static_cast<char>(c);
    else too_long = true;
  }
  return any;
}

} // namespace wavemma::cli
