// wavemma exec: one instruction on matrices from files; prints D (or explains one element).

#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli.hpp"
#include "wavemma/emu/emulator.hpp"
#include "wavemma/numeric/format.hpp"

namespace wavemma::cli {
namespace {

struct ExecOptions {
  TargetOptions target;
  ModifierOptions mods;
  std::string a, b, c, explain;
  bool decimal = false;
};

// Reads a matrix file: one row per line, elements separated by blanks; floats as exact hex bit
// patterns (decimal numbers are also taken, rounded to nearest even), integers in decimal.
emu::Matrix read_matrix(std::string const& path, char const* what, int blocks, int rows, int cols, numeric::Format f) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (path != "-") {
    file.open(path);
    if (!file) throw UsageError(fmt::format("--{}: cannot open '{}'", what, path));
    in = &file;
  }
  auto const& fi = numeric::info(f);
  emu::Matrix m(blocks, rows, cols);
  int r = 0, line_no = 0;
  for (std::string line; std::getline(*in, line);) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    if (r >= blocks * rows)
      throw UsageError(fmt::format("{}:{}: more than the {} rows {} needs", path, line_no, blocks * rows, what));
    std::istringstream ss(line);
    std::string tok;
    int c = 0;
    while (ss >> tok) {
      if (c >= cols) throw UsageError(fmt::format("{}:{}: more than {} columns", path, line_no, cols));
      uint64_t bits = 0;
      auto const bad = [&](std::string const& why) {
        return UsageError(fmt::format("{}:{}: '{}' {}", path, line_no, tok, why));
      };
      if (fi.is_float) {
        if (tok.starts_with("0x") || tok.starts_with("0X")) {
          auto const [p, ec] = std::from_chars(tok.data() + 2, tok.data() + tok.size(), bits, 16);
          if (ec != std::errc() || p != tok.data() + tok.size() || tok.size() == 2) throw bad("is not a hex bit pattern");
          if (fi.bits < 64 && bits >> fi.bits) throw bad(fmt::format("does not fit {} ({} bits)", fi.name, fi.bits));
        } else {
          char* end = nullptr;
          double const v = std::strtod(tok.c_str(), &end);
          if (end != tok.c_str() + tok.size()) throw bad(fmt::format("is neither a hex bit pattern nor a number ({})", fi.name));
          bits = numeric::from_double(f, v);
        }
      } else {
        long long v = 0;
        auto const [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v, 10);
        if (ec != std::errc() || p != tok.data() + tok.size()) throw bad("is not a decimal integer");
        long long const lo = fi.is_signed ? -(1ll << (fi.bits - 1)) : 0;
        long long const hi = fi.is_signed ? (1ll << (fi.bits - 1)) - 1 : (1ll << fi.bits) - 1;
        if (v < lo || v > hi) throw bad(fmt::format("out of range {}..{} for {}", lo, hi, fi.name));
        bits = static_cast<uint64_t>(v) & (fi.bits == 64 ? ~0ull : (1ull << fi.bits) - 1);
      }
      m.bits[size_t(r) * cols + size_t(c++)] = bits;
    }
    if (c != cols) throw UsageError(fmt::format("{}:{}: {} columns, {} needs {}", path, line_no, c, what, cols));
    ++r;
  }
  if (r != blocks * rows)
    throw UsageError(fmt::format("{}: {} rows, {} needs {}{}", path, r, what, blocks * rows,
                                 blocks > 1 ? fmt::format(" ({} blocks of {} stacked)", blocks, rows) : ""));
  return m;
}

std::string element_text(numeric::Format f, uint64_t bits, bool decimal) {
  auto const& fi = numeric::info(f);
  if (!fi.is_float) {
    int64_t const v = fi.is_signed ? static_cast<int64_t>(bits << (64 - fi.bits)) >> (64 - fi.bits) : static_cast<int64_t>(bits);
    return std::to_string(v);
  }
  if (decimal) return fmt::format("{}", numeric::to_double(f, bits));
  return fmt::format("{:#0{}x}", bits, fi.bits / 4 + 2);
}

void run(ExecOptions const& o) {
  Target const t = o.target.resolve();
  auto const& in = *t.instruction;
  emu::Issue const is{t.instruction, t.wave, o.mods.resolve(in, t.wave)};
  auto const model = emu::numeric_model(is);
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
  if (!o.explain.empty()) {
    int row = -1, col = -1;
    char comma = 0;
    std::istringstream ss(o.explain);
    if (!(ss >> row >> comma >> col) || comma != ',' || !ss.eof())
      throw UsageError(fmt::format("--explain takes ROW,COL (got '{}')", o.explain));
    if (row < 0 || row >= blocks * in.m || col < 0 || col >= in.n)
      throw UsageError(fmt::format("--explain {} is outside D ({} rows x {} columns)", o.explain, blocks * in.m, in.n));
    for (auto const& line : emu::explain(is, a, b, c, index, row / in.m, row % in.m, col)) fmt::print("{}\n", line);
    return;
  }
  emu::Matrix const d = emu::execute(is, a, b, c, index);
  std::string out;
  for (int r = 0; r < blocks * in.m; ++r) {
    for (int col = 0; col < in.n; ++col)
      out += (col ? " " : "") + element_text(model.out, d.bits[size_t(r) * in.n + col], o.decimal);
    out += "\n";
  }
  fmt::print("{}", out);
}

} // namespace

void add_exec(CLI::App& app) {
  auto o = std::make_shared<ExecOptions>();
  auto* cmd = app.add_subcommand("exec", "Run one instruction bit-exactly on matrices from files and print D");
  o->target.add_to(*cmd);
  cmd->add_option("--a", o->a, "A (M x K; sparse forms: the logical dense A, which must be 2:4 sparse); - for stdin")->required();
  cmd->add_option("--b", o->b, "B (K x N)")->required();
  cmd->add_option("--c", o->c, "C (M x N); default all zero");
  o->mods.add_all(*cmd);
  cmd->add_option("--explain", o->explain, "ROW,COL: print the products, each alignment and rounding step and the "
                                           "result of one element of D instead of D");
  cmd->add_flag("--decimal", o->decimal, "Print float results as decimal values instead of bit patterns");
  cmd->footer("Matrix files: one row per line, elements separated by blanks; float types as exact hex bit patterns\n"
              "(0x3c00; decimals such as 1.5 are rounded to nearest even), integer types in decimal. Multi-block\n"
              "instructions stack the blocks' matrices vertically (block 0 first). D is printed the same way.\n"
              "Examples:\n  wavemma exec v_wmma_f32_16x16x16_f16 --arch gfx1201 --a a.txt --b b.txt --c c.txt\n"
              "  wavemma exec v_mfma_f32_16x16x16_f16 --a a.txt --b b.txt --explain 3,5\n"
              "  wavemma exec v_wmma_i32_16x16x16_iu8 --arch gfx1100 --a a.txt --b b.txt --neg-lo 1,1,0 --clamp");
  cmd->callback([o] { run(*o); });
}

} // namespace wavemma::cli
