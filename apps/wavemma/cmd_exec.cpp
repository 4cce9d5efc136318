// wavemma exec: one instruction on matrices from files; prints D (or explains one element).

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>

#include "cli.hpp"
#include "wavemma/emu/emulator.hpp"
#include "wavemma/numeric/format.hpp"

namespace wavemma::cli {
namespace {

struct ExecOptions {
  TargetOptions target;
  ModifierOptions mods;
  std::string a, b, c, scale_a, scale_b, explain;
  bool decimal = false;
};

// No matrix of the catalog needs more than a few KiB of text; a larger file is not one.
constexpr size_t kMaxMatrixFileBytes = 1 << 20;

// One element: floats as an exact hex bit pattern or a decimal number (its exact value rounded once
// to nearest even: any number of digits, any exponent; overflow gives what the format's rounding
// gives, inf, NaN or its largest value), integers in decimal; both in the grammar of parse_int /
// parse_real (no sign on hex, no octal).
uint64_t element_bits(std::string_view tok, numeric::Format f, auto const& bad) {
  auto const& fi = numeric::info(f);
  if (!fi.is_float) {
    int64_t const lo = fi.is_signed ? -(int64_t{1} << (fi.bits - 1)) : 0;
    int64_t const hi = fi.is_signed ? (int64_t{1} << (fi.bits - 1)) - 1 : (int64_t{1} << fi.bits) - 1;
    auto const out_of_range = [&] { return bad(fmt::format("out of range {}..{} for {}", lo, hi, fi.name)); };
    auto const v = parse_int(tok);
    if (!v) {
      // Digits too many for 64 bits are out of range too, not "not an integer".
      std::string_view const magnitude = tok.starts_with('-') ? tok.substr(1) : tok;
      bool const digits =
          !magnitude.empty() && std::ranges::all_of(magnitude, [](char ch) { return ch >= '0' && ch <= '9'; });
      throw digits ? out_of_range() : bad("is not a decimal integer");
    }
    if (*v < lo || *v > hi) throw out_of_range();
    return static_cast<uint64_t>(*v) & (fi.bits == 64 ? ~0ull : (1ull << fi.bits) - 1);
  }
  if (tok.starts_with("0x") || tok.starts_with("0X")) {
    auto const bits = parse_uint(tok, Radix::kDecimalOrHex);
    if (!bits) throw bad("is not a hex bit pattern");
    if (fi.bits < 64 && *bits >> fi.bits) throw bad(fmt::format("does not fit {} ({} bits)", fi.name, fi.bits));
    return *bits;
  }
  // Rounded once, from the exact value of the digits: never through double first.
  auto const v = parse_decimal(tok);
  if (!v) throw bad(fmt::format("is neither a hex bit pattern (0x...) nor a decimal number ({})", fi.name));
  uint64_t const bits = numeric::encode(f, v->neg, v->sig, v->exp, numeric::Rounding::kNearestEven, v->sticky);
  // An E8M0 scale is a power of two 2^-127..2^127: a zero, a negative value or one beyond 2^127
  // would become its NaN code, which is written 0xff when it is meant.
  if (fi.specials == numeric::Specials::kE8m0 && bits == numeric::canonical_nan(f))
    throw bad("is not a scale of E8M0 (a power of two 2^-127..2^127, no zero, no sign; its NaN is 0xff)");
  return bits;
}

// Reads a matrix file: one row per line, elements separated by blanks, '#' to the end of a line a
// comment, a UTF-8 byte-order mark at the start ignored.
emu::Matrix read_matrix(std::string const& path, char const* what, int blocks, int rows, int cols, numeric::Format f) {
  std::string const flag = fmt::format("--{}", what);
  std::string text = read_bounded(path, kMaxMatrixFileBytes, flag);
  if (text.starts_with("\xef\xbb\xbf")) text.erase(0, 3);
  std::string const name = excerpt(path, 200);
  emu::Matrix m(blocks, rows, cols);
  int r = 0, line_no = 0;
  for (size_t pos = 0; pos < text.size();) {
    size_t const eol = std::min(text.find('\n', pos), text.size());
    std::string_view line = std::string_view(text).substr(pos, eol - pos);
    pos = eol + 1;
    ++line_no;
    line = line.substr(0, line.find('#'));
    auto const blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    std::vector<std::string_view> tokens;
    for (size_t i = 0; i < line.size();) {
      while (i < line.size() && blank(line[i])) ++i;
      size_t const start = i;
      while (i < line.size() && !blank(line[i])) ++i;
      if (i > start) tokens.push_back(line.substr(start, i - start));
    }
    if (tokens.empty()) continue;
    if (r >= blocks * rows)
      throw UsageError(fmt::format("{}:{}: more than the {} rows {} needs", name, line_no, blocks * rows, what));
    for (size_t c = 0; c < tokens.size(); ++c) {
      if (c >= size_t(cols)) throw UsageError(fmt::format("{}:{}: more than {} columns", name, line_no, cols));
      auto const bad = [&](std::string const& why) {
        return UsageError(fmt::format("{}:{}: '{}' {}", name, line_no, excerpt(tokens[c]), why));
      };
      m.bits[size_t(r) * cols + c] = element_bits(tokens[c], f, bad);
    }
    if (tokens.size() != size_t(cols))
      throw UsageError(fmt::format("{}:{}: {} columns, {} needs {}", name, line_no, tokens.size(), what, cols));
    ++r;
  }
  if (r != blocks * rows)
    throw UsageError(fmt::format("{}: {} rows, {} needs {}{}", name, r, what, blocks * rows,
                                 blocks > 1 ? fmt::format(" ({} blocks of {} stacked)", blocks, rows) : ""));
  return m;
}

std::string element_text(numeric::Format f, uint64_t bits, bool decimal) {
  auto const& fi = numeric::info(f);
  if (!fi.is_float) {
    int64_t const v =
        fi.is_signed ? static_cast<int64_t>(bits << (64 - fi.bits)) >> (64 - fi.bits) : static_cast<int64_t>(bits);
    return std::to_string(v);
  }
  if (decimal) return fmt::format("{}", numeric::to_double(f, bits));
  return fmt::format("{:#0{}x}", bits, fi.bits / 4 + 2);
}

void run(ExecOptions const& o) {
  if ((o.a == "-") + (o.b == "-") + (o.c == "-") + (o.scale_a == "-") + (o.scale_b == "-") > 1)
    throw UsageError("only one of --a, --b, --c, --scale-a and --scale-b can be - (stdin)");
  Target const t = o.target.resolve();
  auto const& in = *t.instruction;
  emu::Issue const is{t.instruction, t.wave, o.mods.resolve(in, t.wave)};
  auto const model = emu::numeric_model(is);
  // D in its own type: the engine's (C's), except gfx1250 bf16f32 (an f32 C, a bf16 D)
  numeric::Format const d_format = in.type_of(isa::Operand::kD) == in.cd ? model.out : numeric::Format::kBf16;
  int const blocks = in.blocks;
  emu::Matrix const b = read_matrix(o.b, "b", blocks, in.k, in.n, model.b);
  emu::Matrix c(blocks, in.m, in.n);
  if (!o.c.empty()) c = read_matrix(o.c, "c", blocks, in.m, in.n, model.out);
  emu::Matrix a;
  std::optional<emu::CompressedA> sparse;
  if (in.sparse()) {
    auto packed = emu::compress_2to4(in, read_matrix(o.a, "a", 1, in.m, in.k, model.a));
    if (auto const* err = std::get_if<std::string>(&packed)) throw UsageError(fmt::format("{}: {}", o.a, *err));
    sparse = std::get<emu::CompressedA>(packed);
    a = sparse->values;
  } else {
    a = read_matrix(o.a, "a", blocks, in.m, in.k, model.a);
  }
  emu::Matrix const* index = sparse ? &sparse->index : nullptr;
  // The scaled MFMA's E8M0 scales: one per row of A (column of B) and 32 K; default 1 (0x7f).
  std::optional<emu::ScaleMatrices> scales;
  if (in.has_operand(isa::Operand::kScaleA)) {
    int const kb = in.k / in.numeric().group;
    scales = emu::ScaleMatrices{emu::Matrix(1, in.m, kb), emu::Matrix(1, kb, in.n)};
    for (auto* m : {&scales->a, &scales->b}) std::fill(m->bits.begin(), m->bits.end(), 0x7f);
    if (!o.scale_a.empty()) scales->a = read_matrix(o.scale_a, "scale-a", 1, in.m, kb, numeric::Format::kE8M0);
    if (!o.scale_b.empty()) scales->b = read_matrix(o.scale_b, "scale-b", 1, kb, in.n, numeric::Format::kE8M0);
  } else if (!o.scale_a.empty() || !o.scale_b.empty()) {
    throw UsageError(fmt::format("--scale-a/--scale-b are for the scaled MFMAs (v_mfma_scale_*), not {}", in.mnemonic));
  }
  emu::ScaleMatrices const* sc = scales ? &*scales : nullptr;
  if (!o.explain.empty()) {
    size_t const comma = o.explain.find(',');
    if (comma == std::string::npos)
      throw UsageError(fmt::format("--explain takes ROW,COL (got '{}')", excerpt(o.explain)));
    IntBounds const position{0, std::numeric_limits<int>::max()};
    int const row = int_value("--explain ROW", std::string_view(o.explain).substr(0, comma), position);
    int const col = int_value("--explain COL", std::string_view(o.explain).substr(comma + 1), position);
    if (row < 0 || row >= blocks * in.m || col < 0 || col >= in.n)
      throw UsageError(
          fmt::format("--explain {},{} is outside D ({} rows x {} columns)", row, col, blocks * in.m, in.n));
    for (auto const& line : emu::explain(is, a, b, c, index, row / in.m, row % in.m, col, sc)) fmt::print("{}\n", line);
    return;
  }
  emu::Matrix const d = emu::execute(is, a, b, c, index, sc);
  std::string out;
  for (int r = 0; r < blocks * in.m; ++r) {
    for (int col = 0; col < in.n; ++col)
      out += (col ? " " : "") + element_text(d_format, d.bits[size_t(r) * in.n + col], o.decimal);
    out += "\n";
  }
  write_output(out, "");
}

} // namespace

void add_exec(CLI::App& app) {
  auto o = std::make_shared<ExecOptions>();
  auto* cmd = app.add_subcommand("exec", "Run one instruction bit-exactly on matrices from files and print D");
  o->target.add_to(*cmd);
  add_text(*cmd, "--a", o->a, "A (M x K; sparse forms: the logical dense A, which must be 2:4 sparse); - for stdin")
      ->required();
  add_text(*cmd, "--b", o->b, "B (K x N)")->required();
  add_text(*cmd, "--c", o->c, "C (M x N); default all zero");
  add_text(*cmd, "--scale-a", o->scale_a,
           "v_mfma_scale_*: A's E8M0 scales (M x K/32: codes 0x00-0xff, 0x7f = 1, or decimals above 0 rounded "
           "to a power of two); default all 1");
  add_text(*cmd, "--scale-b", o->scale_b, "v_mfma_scale_*: B's E8M0 scales (K/32 x N); default all 1");
  o->mods.add_all(*cmd);
  add_text(*cmd, "--explain", o->explain,
           "ROW,COL: print the products, each alignment and rounding step and the "
           "result of one element of D instead of D");
  cmd->add_flag("--decimal", o->decimal, "Print float results as decimal values instead of bit patterns");
  cmd->footer(
      "Matrix files: one row per line, elements separated by blanks, '#' starts a comment; float types as\n"
      "exact hex bit patterns (0x3c00, no sign) or decimals (-1.5, 1e-3: the exact value of the digits, rounded\n"
      "once to nearest even; overflow as the format rounds it: inf, NaN or its largest value), integer\n"
      "types in decimal. Multi-block instructions stack the blocks' matrices vertically (block 0 first).\n"
      "D is printed the same way. A file is at most 1 MiB.\n"
      "Examples:\n  wavemma exec v_wmma_f32_16x16x16_f16 --arch gfx1201 --a a.txt --b b.txt --c c.txt\n"
      "  wavemma exec v_mfma_f32_16x16x16_f16 --a a.txt --b b.txt --explain 3,5\n"
      "  wavemma exec v_wmma_i32_16x16x16_iu8 --arch gfx1100 --a a.txt --b b.txt --neg-lo 1,1,0 --clamp\n"
      "  wavemma exec v_mfma_scale_f32_16x16x128_f8f6f4 --cbsz 4 --blgp 2 --a a.txt --b b.txt --scale-a sa.txt "
      "--scale-b sb.txt");
  cmd->callback([o] { run(*o); });
}

} // namespace wavemma::cli
