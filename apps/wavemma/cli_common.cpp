#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>

#include "cli.hpp"

namespace wavemma::cli {
namespace {

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

CLI::Option* add_real(CLI::App& app, std::string const& names, std::optional<double>& value, std::string const& help,
                      RealBounds b) {
  auto const set = [&value, flag = flag_of(names), b](std::string const& s) {
    auto const v = parse_real(s);
    if (!v || !std::isfinite(*v) || *v < b.min || *v > b.max)
      throw UsageError(fmt::format("{} takes a decimal number {}..{} (got '{}')", flag, b.min, b.max, excerpt(s)));
    value = *v;
  };
  return app.add_option_function<std::string>(names, set, help)->type_name("NUMBER");
}

// --- architecture and wave size ------------------------------------------------------------------

std::string arch_help() { return "Architecture: " + isa::known_arch_names(); }

isa::Arch const& find_arch_or_throw(std::string_view name) { return isa::resolve_arch(name); }

void add_arch(CLI::App& app, std::string& value, std::string_view absent) {
  auto const set = [&value](std::string const& s) {
    (void)find_arch_or_throw(s); // refused while parsing, like a bad number
    value = s;
  };
  app.add_option_function<std::string>("--arch", set, fmt::format("{}, any case ({})", arch_help(), absent))
      ->type_name("ARCH");
}

void add_wave(CLI::App& app, int& value) {
  auto const set = [&value](std::string const& s) {
    auto const v = parse_int(s);
    if (!v || (*v != 32 && *v != 64)) throw UsageError(fmt::format("--wave takes 32 or 64 (got '{}')", excerpt(s)));
    value = static_cast<int>(*v);
  };
  app.add_option_function<std::string>(
         "--wave", set, "Wave size 32 or 64 where the architecture has both (default: 32 on RDNA, 64 on CDNA)")
      ->type_name("32|64");
}

void TargetOptions::add_to(CLI::App& app, bool instruction_required) {
  auto* opt = add_text(app, "instruction", instruction,
                       "Instruction mnemonic (v_wmma_f32_16x16x16_f16, LLVM aliases accepted) or builtin name "
                       "(__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12)");
  if (instruction_required) opt->required();
  add_arch(app, arch, "default: the instruction's generation, when it has only one");
  add_wave(app, wave);
}

Target TargetOptions::resolve() const { return isa::resolve_target(instruction, arch, wave); }

void ModifierOptions::add_data_moving(CLI::App& app) {
  IntBounds const field{0, std::numeric_limits<int>::max()};
  add_int(app, "--cbsz", text.cbsz,
          "MFMA A-block broadcast size (0..log2 blocks); SMFMAC: 0 lets --abid pick the index set; gfx950 f8f6f4: A's "
          "format (0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4)",
          field);
  add_int(app, "--abid", text.abid, "MFMA A-block broadcast id (< 2^cbsz); SMFMAC: index set when --cbsz 0", field);
  add_int(app, "--blgp", text.blgp, "MFMA B lane-group pattern 0..7; gfx950 f8f6f4: B's format (as --cbsz)", field);
  add_text(app, "--scale-sel", text.scale_sel,
           "v_mfma_scale_*: A,B bytes (0..3) of the scale VGPRs (op_sel + 2*op_sel_hi); v_wmma_scale*_*: A,B scale "
           "rows (matrix_a_scale, matrix_b_scale: 0 ROW0, 1 ROW1)");
  add_text(app, "--matrix-fmt", text.matrix_fmt,
           "gfx1250 f8f6f4: A,B formats (matrix_a_fmt, matrix_b_fmt: 0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4)");
  add_text(app, "--scale-fmt", text.scale_fmt,
           "v_wmma_scale*_*: A,B scale formats (matrix_a_scale_fmt, matrix_b_scale_fmt: 0 E8M0, 1 E5M3, 2 E4M3)");
  add_text(app, "--opsel", text.op_sel, "op_sel bits a,b,c (RDNA3 16-bit C/D: c=1 uses bits [31:16])");
  add_int(app, "--index-key", text.index_key, "SWMMAC index set (index_key)", field);
}

void ModifierOptions::add_all(CLI::App& app) {
  add_data_moving(app);
  add_text(app, "--neg-lo", text.neg_lo,
           "neg_lo bits a,b,c (float: negate low halves of A/B, negate C; integer: A/B signed)");
  add_text(app, "--neg-hi", text.neg_hi, "neg_hi bits a,b,c (float: negate high halves of A/B, |C|)");
  add_text(app, "--neg", text.neg, "f64 MFMA neg:[a,b,c] (negate A, B, C; encoded in the BLGP bits)");
  app.add_flag(
      "--clamp", text.clamp,
      "integer: saturate the int32 result (RDNA f16/bf16 WMMA: accepted, no effect, as the hardware's captures show)");
  add_text(app, "--reuse", text.reuse, "gfx1250: a,b matrix_a_reuse, matrix_b_reuse (operand-cache hints, no effect)");
  app.add_flag("--fp16-ovfl", text.fp16_ovfl, "MODE.FP16_OVFL: f16 results saturate to +-65504 instead of infinity");
}

isa::Modifiers ModifierOptions::resolve(isa::Instruction const& in, int wave) const {
  std::vector<std::string> warnings;
  isa::Modifiers const m = isa::resolve_modifiers(in, wave, text, &warnings);
  for (auto const& w : warnings) warn(w);
  return m;
}

// --- formats and output --------------------------------------------------------------------------

Format parse_format(std::string const& s, std::initializer_list<Format> allowed) {
  static std::pair<char const*, Format> const kNames[] = {
      {"text", Format::kText},   {"table", Format::kText}, {"csv", Format::kCsv}, {"markdown", Format::kMarkdown},
      {"md", Format::kMarkdown}, {"json", Format::kJson},  {"svg", Format::kSvg}};
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
  // A file that cannot be created (a missing or read-only directory) is output that could not be
  // written: a failure, exit 1, like a full disk.
  if (!f) throw Failure(fmt::format("cannot write '{}': {}", excerpt(path, 200), std::strerror(errno)));
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
    if (line.size() < limit)
      line += static_cast<char>(c);
    else
      too_long = true;
  }
  return any;
}

} // namespace wavemma::cli
