#include "cases.hpp"

#include "wavemma/codec/fields.hpp"
#include "wavemma/isa/instruction.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <functional>
#include <random>
#include <set>

namespace wavemma::test::codec_cases {
namespace {

using codec::Slot;
using codec::Target;
using isa::Generation;
using isa::Instruction;

// --- operands ---------------------------------------------------------------------------------

struct Reg {
  char file; // 'v' or 'a'
  int first;
};

std::string reg_text(Reg r, int width) {
  if (width == 1) return fmt::format("{}{}", r.file, r.first);
  return fmt::format("{}[{}:{}]", r.file, r.first, r.first + width - 1);
}

struct Widths {
  int d, a, b, c;
};

// gfx908 has no ACC_CD bit: C and D are always AccVGPRs (llvm-mc-22 rejects VGPRs there).
bool cd_in_agprs(Instruction const& row) { return row.gen == Generation::kGfx908; }
// gfx90a and later CDNA, and gfx1250, need even-aligned tuples; gfx908 and RDNA do not.
bool aligned_tuples(Instruction const& row) {
  return row.gen == Generation::kGfx1250 || (!isa::is_rdna(row.gen) && row.gen != Generation::kGfx908);
}

// gfx950 f8f6f4: A's and B's widths follow the formats the modifiers (cbsz, blgp) select.
Widths widths(Instruction const& row, int wave, isa::Modifiers const& mods = {}) {
  return {codec::slot_width(row, wave, Slot::kVdst), codec::slot_width(row, wave, Slot::kSrc0, mods),
          codec::slot_width(row, wave, Slot::kSrc1, mods), codec::slot_width(row, wave, Slot::kSrc2)};
}

// Operand texts: D, A, B, C-or-index; the scaled MFMA's scale VGPRs (empty on other rows).
struct Operands {
  std::string d, a, b, c;
  std::string sa, sb;
};

std::string join(Instruction const& row, Operands const& o, std::string const& mods) {
  std::string const scales = o.sa.empty() && o.sb.empty() ? "" : fmt::format(", {}, {}", o.sa, o.sb);
  return fmt::format("{} {}, {}, {}, {}{}{}{}", row.mnemonic, o.d, o.a, o.b, o.c, scales, mods.empty() ? "" : " ",
                     mods);
}

struct Layout {
  Reg d, a, b, c;         // c: C tuple or the index register
  int sa = 200, sb = 201; // the scale VGPRs (scaled rows)
};

// Register layouts: low, C apart from D, odd starts (RDNA) or odd single registers (gfx942),
// the end of the register file, shared sources, C overlapping D where that is allowed.
std::vector<Layout> layouts(Instruction const& row, int wave) {
  Widths const w = widths(row, wave);
  bool const cdna = !isa::is_rdna(row.gen);
  bool const aligned = aligned_tuples(row);
  auto even = [&](int r) { return aligned ? r & ~1 : r; };
  auto up = [&](int r, int width) { return aligned && width > 1 ? (r + 1) & ~1 : r; }; // an even start for a tuple
  std::vector<Layout> out;
  int const b0 = up(w.a, w.b), d0 = up(b0 + w.b, w.d);
  out.push_back({{'v', d0}, {'v', 0}, {'v', b0}, {'v', row.sparse() ? d0 + w.d : d0}});
  out.push_back({{'v', d0}, {'v', 0}, {'v', b0}, {'v', d0 + w.d}});
  if (!aligned) {
    out.push_back({{'v', 101}, {'v', 1}, {'v', 3 + w.a}, {'v', row.sparse() ? 7 : 141}});
  } else if (!cdna) { // gfx1250: even tuples, a one-register index anywhere
    out.push_back({{'v', 100}, {'v', 2}, {'v', up(4 + w.a, w.b)}, {'v', row.sparse() ? (w.c > 1 ? 6 : 7) : 140}});
  } else {
    out.push_back({{'v', 100}, {'v', w.a == 1 ? 1 : 2}, {'v', w.b == 1 ? 33 : 34}, {'v', row.sparse() ? 201 : 150}});
  }
  out.push_back({{'v', 256 - w.d}, {'v', 256 - w.a}, {'v', 256 - w.b}, {'v', 256 - w.c}});
  out.push_back({{'v', even(64)},
                 {'v', even(17)},
                 {'v', even(17)},
                 {'v', row.sparse() ? (w.c > 1 ? 64 + w.d - 2 : 64 + w.d - 1) : even(64)}});
  if (!row.sparse() && (!cdna || w.d <= 4) && w.d > 1) // partial C/D overlap: checked only on gfx942 for D > 4
    out.push_back({{'v', 64}, {'v', 0}, {'v', 8}, {'v', 64 + 2}});
  if (cdna) // every combination of register files: A, B (ACC[0], ACC[1]) and C/D (ACC_CD)
    for (int m = 1; m < 8; ++m) {
      char const cd = (m & 4) ? 'a' : 'v';
      out.push_back({{cd, 128},
                     {(m & 1) ? 'a' : 'v', 0},
                     {(m & 2) ? 'a' : 'v', 64},
                     {row.sparse() ? 'v' : cd, row.sparse() ? 3 : 128}});
    }
  if (cd_in_agprs(row)) // gfx908: C and D are AccVGPRs, always
    for (Layout& l : out) l.d.file = l.c.file = 'a';
  // Scale VGPRs: high, odd, the end of the register file, one register for both, inside D (pairs
  // for gfx1250's scale16: even).
  constexpr std::pair<int, int> kScales[] = {{250, 251}, {1, 3}, {255, 254}, {0, 0}, {64, 65}};
  constexpr std::pair<int, int> kScalePairs[] = {{250, 252}, {2, 6}, {254, 240}, {0, 0}, {64, 66}};
  bool const pairs = codec::slot_width(row, wave, Slot::kScaleA) == 2;
  for (size_t i = 0; i < out.size(); ++i)
    std::tie(out[i].sa, out[i].sb) = (pairs ? kScalePairs : kScales)[i % std::size(kScales)];
  return out;
}

Operands operands(Instruction const& row, int wave, Layout const& l, isa::Modifiers const& mods = {}) {
  Widths const w = widths(row, wave, mods);
  Operands o{reg_text(l.d, w.d), reg_text(l.a, w.a), reg_text(l.b, w.b), reg_text(l.c, w.c), "", ""};
  if (row.has_operand(isa::Operand::kScaleA)) {
    int const sw = codec::slot_width(row, wave, Slot::kScaleA);
    o.sa = reg_text({'v', l.sa}, sw);
    o.sb = reg_text({'v', l.sb}, sw);
  }
  return o;
}

// --- modifiers (syntax of reference/encoding.md §5) ---------------------------------------------

enum class Form { kList, kInt, kFlag };
struct ModSpec {
  std::string name;
  Form form;
  std::vector<std::string> legal; // catalog-legal values ("" = absent)
  std::vector<std::string> probe; // the whole syntax range and beyond, llvm-mc decides
};

std::string list_text(int bits) { return fmt::format("[{},{},{}]", bits & 1, (bits >> 1) & 1, (bits >> 2) & 1); }

std::vector<std::string> subsets(int mask) {
  std::vector<std::string> out{""};
  for (int b = 1; b < 8; ++b)
    if ((b & mask) == b) out.push_back(list_text(b));
  return out;
}

std::vector<std::string> all_lists() {
  std::vector<std::string> out{"", "[0,0,0]", "[1]", "[0,1]", "[1,1,0,0]", "[0,0,0,1]", "[2,0,0]", "[1,0,0,0,0]"};
  for (int b = 1; b < 8; ++b) out.push_back(list_text(b));
  return out;
}

std::vector<std::string> int_range(int lo, int hi) {
  std::vector<std::string> out;
  for (int v = lo; v <= hi; ++v) out.push_back(std::to_string(v));
  return out;
}

std::vector<std::string> with_absent(std::vector<std::string> v) {
  v.insert(v.begin(), "");
  return v;
}

// The gen's modifiers in llvm-mc's order, with the catalog-legal values for this row.
std::vector<ModSpec> modifier_specs(Instruction const& row, int wave) {
  isa::ModRules const& r = row.mod_rules();
  std::vector<ModSpec> out;
  std::vector<std::string> const probe_ints = with_absent(int_range(-1, 17));
  switch (row.gen) {
  case Generation::kGfx11:
    out.push_back({"op_sel", Form::kList, subsets(r.op_sel_legal), all_lists()});
    out.push_back({"op_sel_hi", Form::kList, r.op_sel_legal ? subsets(7) : std::vector<std::string>{""}, all_lists()});
    break;
  case Generation::kGfx12: {
    int const sets = isa::index_sets(row, wave);
    std::vector<std::string> keys{""};
    for (int k = 1; r.index_key && k < sets; ++k) keys.push_back(std::to_string(k));
    out.push_back({"index_key", Form::kInt, keys, with_absent(int_range(-1, 4))});
    break;
  }
  case Generation::kGfx1250: { // reference/gfx1250.md §4.1
    auto const named = [](std::vector<std::string> names) { return with_absent(std::move(names)); };
    std::vector<std::string> const none{""};
    std::vector<std::string> const fmts =
        named({"MATRIX_FMT_BF8", "MATRIX_FMT_FP6", "MATRIX_FMT_BF6", "MATRIX_FMT_FP4"});
    std::vector<std::string> const fmt_probe = named({"0", "1", "4", "5", "7", "8", "-1", "0x2", "MATRIX_FMT_FP8",
                                                      "matrix_fmt_fp8", "MATRIX_FMT_FP5", "MATRIX_SCALE_ROW1"});
    out.push_back({"matrix_a_fmt", Form::kInt, r.format_select ? fmts : none, fmt_probe});
    out.push_back({"matrix_b_fmt", Form::kInt, r.format_select ? fmts : none, fmt_probe});
    std::vector<std::string> const rows = named({"MATRIX_SCALE_ROW1"});
    std::vector<std::string> const row_probe =
        named({"0", "1", "2", "-1", "MATRIX_SCALE_ROW0", "MATRIX_SCALE_ROW2", "MATRIX_FMT_BF8"});
    out.push_back({"matrix_a_scale", Form::kInt, r.wmma_scaled ? rows : none, row_probe});
    out.push_back({"matrix_b_scale", Form::kInt, r.wmma_scaled ? rows : none, row_probe});
    std::vector<std::string> const sfmts = named({"MATRIX_SCALE_FMT_E5M3", "MATRIX_SCALE_FMT_E4M3"});
    std::vector<std::string> const sfmt_probe =
        named({"0", "1", "2", "3", "-1", "MATRIX_SCALE_FMT_E8", "MATRIX_SCALE_FMT_E8M0", "MATRIX_SCALE_FMT_E4M3"});
    out.push_back({"matrix_a_scale_fmt", Form::kInt, r.wmma_scaled ? sfmts : none, sfmt_probe});
    out.push_back({"matrix_b_scale_fmt", Form::kInt, r.wmma_scaled ? sfmts : none, sfmt_probe});
    // the new SWMMAC: one OP_SEL bit; the gfx12 forms: index_key where gfx12 has index sets
    bool const key = r.index_key && (!row.gfx12_form() || isa::index_sets(row, wave) > 1);
    out.push_back({"index_key", Form::kInt, key ? named({"1"}) : none, with_absent(int_range(-1, 4))});
    std::vector<std::string> const flag{"", "x"};
    out.push_back({"matrix_a_reuse", Form::kFlag, r.reuse ? flag : none, flag});
    out.push_back({"matrix_b_reuse", Form::kFlag, r.reuse ? flag : none, flag});
    break;
  }
  default:                                // CDNA
    if (row.gen == Generation::kGfx950) { // the scaled MFMA's prefix op_sel, op_sel_hi come first
      std::vector<std::string> const selects = r.scaled ? subsets(0b011) : std::vector<std::string>{""};
      out.push_back({"op_sel", Form::kList, selects, all_lists()});
      out.push_back({"op_sel_hi", Form::kList, selects, all_lists()});
    }
    out.push_back({"cbsz", Form::kInt, with_absent(int_range(1, 7)), probe_ints});
    out.push_back({"abid", Form::kInt, r.format_select ? std::vector<std::string>{""} : with_absent(int_range(1, 15)),
                   probe_ints});
    out.push_back(
        {"blgp", Form::kInt, r.blgp_legal ? with_absent(int_range(1, 7)) : std::vector<std::string>{""}, probe_ints});
    out.push_back({"neg", Form::kList, r.blgp_is_neg ? subsets(7) : std::vector<std::string>{""}, all_lists()});
    return out;
  }
  out.push_back({"neg_lo", Form::kList, subsets(r.neg_lo_legal), all_lists()});
  out.push_back({"neg_hi", Form::kList, subsets(r.neg_hi_legal), all_lists()});
  out.push_back(
      {"clamp", Form::kFlag, r.clamp ? std::vector<std::string>{"", "x"} : std::vector<std::string>{""}, {"", "x"}});
  return out;
}

std::string mod_text(ModSpec const& s, std::string const& v) {
  if (v.empty()) return {};
  if (s.form == Form::kFlag) return s.name;
  return s.name + ":" + v;
}

std::string mods_text(std::vector<ModSpec> const& specs, std::vector<std::string> const& values) {
  std::string out;
  for (size_t i = 0; i < specs.size(); ++i) {
    std::string const t = mod_text(specs[i], values[i]);
    if (!t.empty()) out += (out.empty() ? "" : " ") + t;
  }
  return out;
}

// Calls f for every combination of the given value lists.
void for_each_combination(std::vector<std::vector<std::string>> const& lists,
                          std::function<void(std::vector<std::string> const&)> const& f) {
  std::vector<size_t> idx(lists.size(), 0);
  std::vector<std::string> cur(lists.size());
  for (;;) {
    for (size_t i = 0; i < lists.size(); ++i) cur[i] = lists[i][idx[i]];
    f(cur);
    size_t i = 0;
    while (i < lists.size() && ++idx[i] == lists[i].size()) idx[i++] = 0;
    if (i == lists.size()) return;
  }
}

// --- constants --------------------------------------------------------------------------------

std::vector<std::string> constant_spellings() {
  std::vector<std::string> out;
  for (int v = -16; v <= 64; ++v) out.push_back(std::to_string(v));
  for (char const* s : {"0.5",
                        "-0.5",
                        "1.0",
                        "-1.0",
                        "2.0",
                        "-2.0",
                        "4.0",
                        "-4.0",
                        "0.15915494",
                        "0.15915494309189532",
                        "null",
                        "65",
                        "-17",
                        "1.5",
                        "0.1591549",
                        "-0.0",
                        "0x12345678",
                        "0.0",
                        "64.0",
                        "1e0",
                        "1.",
                        "0x40",
                        "010",
                        "0b11",
                        "-0x10",
                        "+1",
                        "--1",
                        "- 1.0",
                        "0xffffffff",
                        "0xffff",
                        "0xfff0",
                        "0xffffffffffffffff",
                        "0x3c00",
                        "0xbc00",
                        "0x3118",
                        "0x3f80",
                        "0x3e22",
                        "0x3f800000",
                        "0x3e22f983",
                        "0x40000000",
                        "0x3ff0000000000000",
                        "0x3fc45f306dc9c882",
                        "0.158203125",
                        "0.1592",
                        "1.401298464324817e-45",
                        "1e-45",
                        "4.9406564584124654e-324",
                        "5.960464477539063e-08",
                        "s0",
                        "s[0:7]",
                        "vcc",
                        "exec",
                        "m0",
                        "src_shared_base",
                        "src_shared_limit",
                        "src_private_base",
                        "src_private_limit",
                        "src_pops_exiting_wave_id",
                        "src_vccz",
                        "src_execz",
                        "src_scc",
                        "src_lds_direct",
                        "lds_direct",
                        "shared_base",
                        "shared_limit",
                        "private_base",
                        "private_limit",
                        "pops_exiting_wave_id",
                        "vccz",
                        "execz",
                        "ttmp[0:1]",
                        "flat_scratch",
                        "scc"})
    out.emplace_back(s);
  return out;
}

// --- the cases --------------------------------------------------------------------------------

void add(std::vector<TextCase>& out, std::string text, Expect e, std::string what) {
  out.push_back({std::move(text), e, std::move(what)});
}

// The modifiers that size operands (cbsz, blgp on gfx950 f8f6f4) among a combination's values.
isa::Modifiers sizing_mods(std::vector<ModSpec> const& specs, std::vector<std::string> const& values) {
  isa::Modifiers m;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (values[i].empty()) continue;
    if (specs[i].name == "cbsz") m.cbsz = std::stoi(values[i]);
    if (specs[i].name == "blgp") m.blgp = std::stoi(values[i]);
    for (int t = 0; t < 2; ++t) // gfx1250: the format names in their order
      if (specs[i].name == (t ? "matrix_b_fmt" : "matrix_a_fmt"))
        for (int code = 0; char const* name :
                           {"MATRIX_FMT_FP8", "MATRIX_FMT_BF8", "MATRIX_FMT_FP6", "MATRIX_FMT_BF6", "MATRIX_FMT_FP4"}) {
          if (values[i] == name || values[i] == std::to_string(code)) m.matrix_fmt[t] = code;
          ++code;
        }
  }
  return m;
}

void modifier_cases(Instruction const& row, int wave, Layout const& layout, std::vector<TextCase>& out) {
  auto const specs = modifier_specs(row, wave);
  Operands const base = operands(row, wave, layout);
  // Every catalog-legal combination, with the tuple widths it selects: llvm-mc must accept all.
  std::vector<std::vector<std::string>> legal;
  for (auto const& s : specs) legal.push_back(s.legal);
  for_each_combination(legal, [&](auto const& v) {
    // blgp and neg are the same bits: an instruction has one or the other.
    add(out, join(row, operands(row, wave, layout, sizing_mods(specs, v)), mods_text(specs, v)), Expect::kAccept,
        "modifiers");
  });
  // Each modifier over its whole range, the others absent: llvm-mc decides.
  for (size_t i = 0; i < specs.size(); ++i)
    for (auto const& v : specs[i].probe) {
      std::vector<std::string> values(specs.size());
      values[i] = v;
      add(out, join(row, base, mods_text(specs, values)), Expect::kAny, "modifier range");
    }
  // Modifiers of the other family and out of llvm-mc's order.
  for (char const* other : {"clamp", "op_sel:[0,0,1]", "index_key:1", "neg_lo:[1,0,0]", "cbsz:1", "abid:1", "blgp:1",
                            "neg:[1,0,0]", "op_sel_hi:[0,0,0]", "neg_hi:[0,0,1]"})
    add(out, join(row, base, other), Expect::kAny, "modifier presence");
  if (specs.size() >= 2) {
    // Two modifiers that both have values, in reverse order.
    std::vector<std::string> present;
    for (auto const& s : specs)
      for (auto const& v : s.legal)
        if (!v.empty()) {
          present.push_back(mod_text(s, v));
          break;
        }
    if (present.size() >= 2) {
      add(out, join(row, base, present[1] + " " + present[0]), Expect::kReject, "modifier order");
      add(out, join(row, base, present[0] + " " + present[0]), Expect::kReject, "modifier twice");
    }
  }
}

// gfx950 f8f6f4: every format code with every width A and B can have (8, 6, 4; llvm-mc: "wrong
// register tuple size for cbsz value N"), and every cbsz x blgp pair with its widths in each
// register-file layout.
void format_cases(Instruction const& row, int wave, std::vector<TextCase>& out) {
  if (!row.mod_rules().format_select) return;
  if (!row.mod_rules().mai) { // gfx1250: matrix_a_fmt, matrix_b_fmt with every width A and B can have
    Layout const base = layouts(row, wave).front();
    char const* const names[] = {"MATRIX_FMT_FP8", "MATRIX_FMT_BF8", "MATRIX_FMT_FP6", "MATRIX_FMT_BF6",
                                 "MATRIX_FMT_FP4"};
    for (int code = 0; code < 5; ++code)
      for (int t = 0; t < 2; ++t)
        for (int width : {8, 12, 16}) {
          isa::Modifiers m;
          m.matrix_fmt[t] = code;
          Operands o = operands(row, wave, base, m);
          (t ? o.b : o.a) = reg_text(t ? base.b : base.a, width);
          std::string const mod = code ? fmt::format("matrix_{}_fmt:{}", t ? 'b' : 'a', names[code]) : "";
          add(out, join(row, o, mod),
              width == isa::vgprs(row, wave, t ? isa::Operand::kB : isa::Operand::kA, m) ? Expect::kAccept
                                                                                         : Expect::kReject,
              "format width");
        }
    return;
  }
  auto const all = layouts(row, wave);
  Layout const& base = all.front();
  for (int code = 0; code < 8; ++code)
    for (int t = 0; t < 2; ++t)
      for (int width : {4, 6, 8}) {
        isa::Modifiers m;
        (t ? m.blgp : m.cbsz) = code;
        Operands o = operands(row, wave, base, m);
        isa::Operand const op = t ? isa::Operand::kB : isa::Operand::kA;
        (t ? o.b : o.a) = reg_text(t ? base.b : base.a, width);
        std::string const mod = code ? fmt::format("{}:{}", t ? "blgp" : "cbsz", code) : "";
        add(out, join(row, o, mod), width == isa::vgprs(row, wave, op, m) ? Expect::kAccept : Expect::kReject,
            "format width");
      }
  // AccVGPR A/B ending at a255 at the format's width: llvm-mc-22's assembler takes them, its
  // disassembler (reading 8 registers) refuses the fp6/fp4 ones.
  for (int code : {0, 2, 4})
    for (int t = 0; t < 2; ++t) {
      isa::Modifiers m;
      (t ? m.blgp : m.cbsz) = code;
      Layout l = all.front();
      int const width = isa::vgprs(row, wave, t ? isa::Operand::kB : isa::Operand::kA, m);
      (t ? l.b : l.a) = {'a', 256 - width};
      std::string const mod = code ? fmt::format("{}:{}", t ? "blgp" : "cbsz", code) : "";
      add(out, join(row, operands(row, wave, l, m), mod), Expect::kAccept, "format registers");
    }
  for (int cbsz = 0; cbsz < 8; ++cbsz)
    for (int blgp = 0; blgp < 8; ++blgp)
      for (Layout const& l : all) {
        if (l.a.file == 'v' && l.b.file == 'v' && l.d.file == 'v' && &l != &base) continue;
        isa::Modifiers m;
        m.cbsz = cbsz;
        m.blgp = blgp;
        std::string mods = cbsz ? fmt::format("cbsz:{}", cbsz) : "";
        if (blgp) mods += fmt::format("{}blgp:{}", mods.empty() ? "" : " ", blgp);
        add(out, join(row, operands(row, wave, l, m), mods), Expect::kAccept, "format registers");
      }
}

// The scale operands of the scaled MFMA: one VGPR each, nothing else (llvm-mc-22: "invalid operand
// for instruction"); the unscaled rows take none.
// gfx1250's scale operands: any scalar source but literals, a VGPR (pair) or SGPR (pair) per the
// scale width (llvm-mc-22 decides each).
std::vector<std::string> scalar_sources(int width) {
  std::vector<std::string> out;
  if (width == 1)
    for (char const* s : {"s0", "s105", "s106", "vcc_lo", "vcc_hi", "m0", "exec_lo", "exec_hi", "ttmp0", "ttmp15",
                          "vcc", "exec", "s[0:1]", "v[0:1]"})
      out.emplace_back(s);
  else
    for (char const* s : {"s[0:1]", "s[104:105]", "s[1:2]", "s[105:106]", "vcc", "exec", "ttmp[0:1]", "ttmp[14:15]",
                          "ttmp[1:2]", "vcc_lo", "m0", "s0", "v0", "v[1:2]", "v[254:255]", "v[255:256]"})
      out.emplace_back(s);
  for (char const* s : {"null",
                        "src_scc",
                        "src_shared_base",
                        "src_shared_limit",
                        "src_private_base",
                        "src_private_limit",
                        "src_flat_scratch_base_lo",
                        "src_flat_scratch_base_hi",
                        "src_vccz",
                        "src_execz",
                        "src_pops_exiting_wave_id",
                        "lds_direct",
                        "scc",
                        "shared_base",
                        "0",
                        "1",
                        "64",
                        "65",
                        "-16",
                        "-17",
                        "0.5",
                        "-4.0",
                        "1.0",
                        "0.15915494",
                        "0.15915494309189532",
                        "0x3f800000",
                        "0x3ff0000000000000",
                        "0x7f7f7f7f",
                        "127",
                        "a0",
                        "acc0"})
    out.emplace_back(s);
  return out;
}

void scale_cases(Instruction const& row, int wave, std::vector<TextCase>& out) {
  Operands const ok = operands(row, wave, layouts(row, wave).front());
  if (row.gen == Generation::kGfx1250) {
    if (!row.has_operand(isa::Operand::kScaleA)) {
      if (row.mod_rules().format_select) add(out, join(row, ok, "") + ", v24, v25", Expect::kReject, "scale operands");
      return;
    }
    for (int t = 0; t < 2; ++t)
      for (auto const& src : scalar_sources(codec::slot_width(row, wave, Slot::kScaleA))) {
        Operands o = ok;
        (t ? o.sb : o.sa) = src;
        add(out, join(row, o, ""), Expect::kAny, "scale operands");
      }
    add(out, fmt::format("{} {}, {}, {}, {}, {}", row.mnemonic, ok.d, ok.a, ok.b, ok.c, ok.sa), Expect::kReject,
        "scale operands");
    add(out, join(row, ok, ""), Expect::kAccept, "scale operands");
    return;
  }
  if (!row.has_operand(isa::Operand::kScaleA)) {
    if (row.mod_rules().format_select) add(out, join(row, ok, "") + ", v24, v25", Expect::kReject, "scale operands");
    return;
  }
  for (int t = 0; t < 2; ++t) {
    for (char const* bad : {"s24", "a24", "acc24", "1", "1.0", "-1", "0x1234", "v[24:25]", "v256", "s[24:25]"}) {
      Operands o = ok;
      (t ? o.sb : o.sa) = bad;
      add(out, join(row, o, ""), Expect::kReject, "scale operands");
    }
    for (char const* maybe : {"v[24:24]", "v[24]", "V24", "v 24", "null", "src_scc", "src_shared_base", "vcc_lo", "m0",
                              "exec_lo", "ttmp0", "lds_direct", "v0x18"}) {
      Operands o = ok;
      (t ? o.sb : o.sa) = maybe;
      add(out, join(row, o, ""), Expect::kAny, "scale operands");
    }
  }
  add(out, fmt::format("{} {}, {}, {}, {}, {}", row.mnemonic, ok.d, ok.a, ok.b, ok.c, ok.sa), Expect::kReject,
      "scale operands");
  add(out, join(row, ok, ""), Expect::kAccept, "scale operands");
  Operands o = ok;
  o.sb += ", v26";
  add(out, join(row, o, ""), Expect::kReject, "scale operands");
}

void register_cases(Instruction const& row, int wave, std::vector<TextCase>& out) {
  Widths const w = widths(row, wave);
  bool const cdna = !isa::is_rdna(row.gen);
  for (Layout const& l : layouts(row, wave))
    add(out, join(row, operands(row, wave, l), ""), Expect::kAccept, "registers");
  Layout const base = layouts(row, wave).front();
  Operands const ok = operands(row, wave, base);
  // Wrong tuple widths in each position.
  using Member = std::string Operands::*;
  std::array<std::pair<Member, int>, 4> const widths_of{
      {{&Operands::d, w.d}, {&Operands::a, w.a}, {&Operands::b, w.b}, {&Operands::c, w.c}}};
  auto const firsts = std::array{base.d.first, base.a.first, base.b.first, base.c.first};
  for (size_t i = 0; i < widths_of.size(); ++i) {
    auto [member, width] = widths_of[i];
    for (int wrong : {width - 1, width + 1, width * 2}) {
      if (wrong < 1 || wrong == width) continue;
      Operands o = ok;
      o.*member = reg_text({'v', firsts[i]}, wrong);
      add(out, join(row, o, ""), Expect::kReject, "width");
    }
    // Past the end of the register file, and SGPRs.
    Operands o = ok;
    o.*member = reg_text({'v', 256 - width + (cdna && width > 1 ? 2 : 1)}, width);
    add(out, join(row, o, ""), Expect::kReject, "range");
    o.*member = width == 1 ? "s2" : fmt::format("s[4:{}]", 4 + width - 1);
    add(out, join(row, o, ""), Expect::kReject, "register file");
    if (i != 3 || row.sparse()) {
      o.*member = "1.0";
      add(out, join(row, o, ""), Expect::kReject, "constant");
      for (char const* special : {"null", "src_scc", "src_shared_base"}) {
        o.*member = special;
        add(out, join(row, o, ""), Expect::kAny, "special source");
      }
    }
    if (!cdna || (i == 3 && row.sparse())) {
      o.*member = reg_text({'a', firsts[i]}, width);
      add(out, join(row, o, ""), Expect::kReject, "register file");
    }
    if (width > 1) {
      char const file = (i == 0 || (i == 3 && !row.sparse())) ? base.d.file : 'v';
      o.*member = reg_text({file, firsts[i] + 1}, width);
      add(out, join(row, o, ""), aligned_tuples(row) ? Expect::kReject : Expect::kAny, "alignment");
    }
  }
  if (cdna && !row.sparse()) {
    Operands o = ok;
    char const other = base.d.file == 'a' ? 'v' : 'a';
    o.c = reg_text({other, base.c.first}, w.c);
    add(out, join(row, o, ""), Expect::kReject, "register file"); // C and D in different files
    if (cd_in_agprs(row)) {                                       // and D in VGPRs
      o = ok;
      o.d = reg_text({'v', base.d.first}, w.d);
      add(out, join(row, o, ""), Expect::kReject, "register file");
      o = ok;
    }
    if (w.d > 4) { // llvm-mc-22 does not check it on the gfx950 f8f6f4 rows (encoding.md §5)
      Expect const overlap = row.mod_rules().format_select ? Expect::kAccept : Expect::kReject;
      o.c = reg_text({base.d.file, base.d.first + 2}, w.c);
      add(out, join(row, o, ""), overlap, "overlap");
      o.c = reg_text({base.d.file, base.d.first - 2 >= 0 ? base.d.first - 2 : base.d.first + w.d - 2}, w.c);
      add(out, join(row, o, ""), overlap, "overlap");
    }
  }
  // Reversed tuple, missing operand, junk after the instruction.
  Operands o = ok;
  if (w.d > 1) {
    o.d = fmt::format("v[{}:{}]", base.d.first + w.d - 1, base.d.first);
    add(out, join(row, o, ""), Expect::kReject, "syntax");
  }
  add(out, fmt::format("{} {}, {}, {}", row.mnemonic, ok.d, ok.a, ok.b), Expect::kReject, "syntax");
  add(out, join(row, ok, "junk"), Expect::kReject, "syntax");
}

void constant_cases(Instruction const& row, int wave, std::vector<TextCase>& out) {
  Layout const base = layouts(row, wave).front();
  Operands o = operands(row, wave, base);
  for (auto const& c : constant_spellings()) {
    o.c = c;
    add(out, join(row, o, ""), Expect::kAny, "constants");
  }
}

// Other spellings of accepted instructions (llvm-mc decides; the bytes must agree).
void spelling_cases(Instruction const& row, int wave, std::vector<TextCase>& out) {
  Widths const w = widths(row, wave);
  Layout const base = layouts(row, wave).front();
  Operands const o = operands(row, wave, base);
  std::string const canonical = join(row, o, "");
  std::string upper = std::string(row.mnemonic);
  for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  auto const tail = canonical.substr(row.mnemonic.size());
  add(out, upper + tail, Expect::kAny, "spelling");
  add(out, std::string(row.mnemonic) + "_e64" + tail, Expect::kAny, "spelling");
  add(out, std::string(row.mnemonic) + "_E64" + tail, Expect::kAny, "spelling");
  add(out, "wmma" + tail, Expect::kReject, "spelling");
  add(out, std::string(row.mnemonic).substr(2) + tail, Expect::kAny, "spelling");
  std::string_view rest = row.aliases;
  while (!rest.empty()) {
    size_t const sp = rest.find(' ');
    std::string alias(rest.substr(0, sp));
    if (alias.starts_with('~')) alias.erase(0, 1); // an assembler-only (trap) alias: still llvm-mc's
    add(out, alias + tail, Expect::kAccept, "alias");
    add(out, alias + "_e64" + tail, Expect::kAny, "alias");
    rest = sp == std::string_view::npos ? std::string_view{} : rest.substr(sp + 1);
  }
  // The scale operands after C, with the separator of the other operands (nothing on other rows).
  auto const scales = [&](std::string_view sep) {
    return o.sa.empty() ? std::string() : fmt::format("{}{}{}{}", sep, o.sa, sep, o.sb);
  };
  add(out, fmt::format("{}\t{},{},{},{}{}", row.mnemonic, o.d, o.a, o.b, o.c, scales(",")), Expect::kAny, "spelling");
  add(out, fmt::format("  {}   {} ,  {} , {} ,{}{}  ", row.mnemonic, o.d, o.a, o.b, o.c, scales(" , ")), Expect::kAny,
      "spelling");
  add(out, fmt::format("{} {} {} {} {}{}", row.mnemonic, o.d, o.a, o.b, o.c, scales(" ")), Expect::kAny, "spelling");
  add(out, fmt::format("{} {}, {}, {}, {}{},", row.mnemonic, o.d, o.a, o.b, o.c, scales(", ")), Expect::kAny,
      "spelling");
  add(out, fmt::format("{} {},, {}, {}, {}{}", row.mnemonic, o.d, o.a, o.b, o.c, scales(", ")), Expect::kAny,
      "spelling");
  add(out, canonical + " ; a comment", Expect::kAny, "spelling");
  add(out, canonical + " // a comment", Expect::kAny, "spelling");
  add(out, canonical + " # a comment", Expect::kAny, "spelling");
  auto const spaced = [&](Reg r, int width) {
    return width == 1 ? fmt::format("{}[{}]", r.file, r.first)
                      : fmt::format("{} [ {} : {} ]", r.file, r.first, r.first + width - 1);
  };
  // o with some operands spelled otherwise.
  auto const respelled = [&](auto&& change) {
    Operands x = o;
    change(x);
    return join(row, x, "");
  };
  add(out, respelled([&](Operands& x) {
        x.d = spaced(base.d, w.d), x.a = spaced(base.a, w.a), x.b = spaced(base.b, w.b), x.c = spaced(base.c, w.c);
        if (!x.sa.empty()) x.sa = spaced({'v', base.sa}, 1), x.sb = spaced({'v', base.sb}, 1);
      }),
      Expect::kAny, "spelling");
  add(out, respelled([&](Operands& x) { x.d = fmt::format("v[0x{:x}:{}]", base.d.first, base.d.first + w.d - 1); }),
      Expect::kAny, "spelling");
  add(out, respelled([&](Operands& x) { x.d = fmt::format("V[{}:{}]", base.d.first, base.d.first + w.d - 1); }),
      Expect::kAny, "spelling");
  add(out, respelled([&](Operands& x) { x.a = fmt::format("v[{}:{}]", base.a.first, base.a.first + w.a - 1); }),
      Expect::kAny, "spelling");
  add(out, respelled([&](Operands& x) { x.a = fmt::format("v0{}", base.a.first); }), Expect::kAny, "spelling");
  add(out, respelled([&](Operands& x) {
        x.d = fmt::format("acc[{}:{}]", base.d.first, base.d.first + w.d - 1);
        x.a = fmt::format("acc{}", base.a.first);
        if (!row.sparse()) x.c = fmt::format("acc[{}:{}]", base.c.first, base.c.first + w.c - 1);
      }),
      Expect::kAny, "spelling");
  // Lists and integers in other forms.
  for (auto const& s : modifier_specs(row, wave))
    for (auto const& v : s.legal) {
      if (v.empty() || s.form == Form::kFlag) continue;
      if (s.form == Form::kList) {
        std::string const a = v.substr(1, 1), b = v.substr(3, 1), c = v.substr(5, 1);
        for (std::string const& alt :
             {fmt::format("[{}, {}, {}]", a, b, c), fmt::format("[ {},{},{} ]", a, b, c), fmt::format("[{},{}]", a, b),
              fmt::format("[{}]", a), fmt::format("[{},{},{},0]", a, b, c), fmt::format("[0x{},{},0b{}]", a, b, c),
              fmt::format("[{},{},{}", a, b, c)})
          add(out, join(row, o, s.name + ":" + alt), Expect::kAny, "spelling");
        add(out, join(row, o, s.name + " : " + v), Expect::kAny, "spelling");
      } else {
        for (std::string const& alt :
             {"0x" + v, "0" + v, " " + v, "[" + v + "]", "(" + v + ")", "[" + v + ",0]", v + ".0", "+" + v})
          add(out, join(row, o, s.name + ":" + alt), Expect::kAny, "spelling");
      }
      add(out, join(row, o, std::string("Z") + s.name.substr(1) + ":" + v), Expect::kAny, "spelling");
      break; // one value per modifier is enough for spellings
    }
}

// gfx1250's scale prefixes on their own: every modifier combination, the operand sources, errors.
void prefix_cases(codec::ScalePrefix const& p, std::vector<TextCase>& out) {
  std::string const mn(p.row.mnemonic);
  std::string const sa = p.scale_width == 2 ? "v[2:3]" : "v1", sb = p.scale_width == 2 ? "s[4:5]" : "s5";
  auto const text = [&](std::string const& a, std::string const& b, std::string const& mods) {
    return fmt::format("{} {}, {}{}{}", mn, a, b, mods.empty() ? "" : " ", mods);
  };
  std::vector<ModSpec> specs;
  for (auto const& s :
       modifier_specs(*isa::find_instruction(Generation::kGfx1250, "v_wmma_scale_f32_32x16x128_f4"), 32))
    if (s.name.find("scale") != std::string::npos || s.name.find("reuse") != std::string::npos) specs.push_back(s);
  std::vector<std::vector<std::string>> legal;
  for (auto const& s : specs) legal.push_back(s.legal);
  for_each_combination(legal,
                       [&](auto const& v) { add(out, text(sa, sb, mods_text(specs, v)), Expect::kAccept, "prefix"); });
  for (size_t i = 0; i < specs.size(); ++i)
    for (auto const& v : specs[i].probe) {
      std::vector<std::string> values(specs.size());
      values[i] = v;
      add(out, text(sa, sb, mods_text(specs, values)), Expect::kAny, "prefix modifier range");
    }
  for (char const* other : {"neg_lo:[0,0,1]", "neg_hi:[0,0,1]", "clamp", "index_key:1", "matrix_a_fmt:1",
                            "op_sel:[1,0]", "matrix_b_reuse matrix_a_reuse", "matrix_a_reuse matrix_a_scale:1"})
    add(out, text(sa, sb, other), Expect::kAny, "prefix modifier presence");
  for (auto const& src : scalar_sources(p.scale_width)) {
    add(out, text(src, sb, ""), Expect::kAny, "prefix operands");
    add(out, text(sa, src, ""), Expect::kAny, "prefix operands");
  }
  add(out, fmt::format("{} {}", mn, sa), Expect::kReject, "prefix operands");
  add(out, fmt::format("{} {}, {}, v8", mn, sa, sb), Expect::kReject, "prefix operands");
  add(out, fmt::format("{} {}, {}, junk", mn, sa, sb), Expect::kReject, "prefix operands");
  for (std::string const& spelled : {fmt::format("{} {} {}", mn, sa, sb), fmt::format("{}_e64 {}, {}", mn, sa, sb),
                                     fmt::format("  {}\t{} ,{}  ; c", mn, sa, sb)})
    add(out, spelled, Expect::kAny, "prefix spelling");
}

// gfx950's v_mfma_ld_scale_b32 on its own (encoding.md §3.4): every op_sel x op_sel_hi of two
// elements, the lists in other lengths and forms, modifiers it does not take; each operand over every
// register, scalar source and constant spelling; every pair of a set of scalar sources and constants
// (the constant bus); other spellings. llvm-mc-22 decides all but the selects.
void mfma_prefix_cases(std::vector<TextCase>& out) {
  std::string const mn = "v_mfma_ld_scale_b32";
  auto const text = [&](std::string const& a, std::string const& b, std::string const& mods) {
    return fmt::format("{} {}, {}{}{}", mn, a, b, mods.empty() ? "" : " ", mods);
  };
  std::vector<std::string> op_sel = {""}, op_sel_hi = {""};
  for (int v = 0; v < 4; ++v) {
    op_sel.push_back(fmt::format("op_sel:[{},{}]", v & 1, v >> 1));
    op_sel_hi.push_back(fmt::format("op_sel_hi:[{},{}]", v & 1, v >> 1));
  }
  for (auto const& a : op_sel)
    for (auto const& b : op_sel_hi)
      add(out, text("v1", "v2", a + (a.empty() || b.empty() ? "" : " ") + b), Expect::kAccept, "ld_scale selects");
  for (char const* m : {"op_sel:[1]",
                        "op_sel_hi:[0]",
                        "op_sel_hi:[1]",
                        "op_sel:[1,1,1]",
                        "op_sel:[0,0,1]",
                        "op_sel_hi:[0,0,0]",
                        "op_sel_hi:[1,1,1]",
                        "op_sel_hi:[0,1,0]",
                        "op_sel:[0,1,1,1]",
                        "op_sel_hi:[1,1,1,1]",
                        "op_sel:[1,1,1,1,1]",
                        "op_sel:[2,0]",
                        "op_sel_hi:[0,-1]",
                        "op_sel:[]",
                        "op_sel:[1,0",
                        "op_sel_hi:[0,0] op_sel:[1,1]",
                        "op_sel:[1,0] op_sel:[1,0]",
                        "op_sel_hi:[0,0] op_sel_hi:[0,0]",
                        "op_sel : [1,0]",
                        "op_sel:[ 1 , 0 ]",
                        "op_sel:[0x1,0b1]",
                        "op_sel:1",
                        "op_sel",
                        "neg_lo:[1,0]",
                        "neg_hi:[0,1]",
                        "neg_lo:[0,0,1]",
                        "neg:[1,0]",
                        "clamp",
                        "cbsz:1",
                        "abid:1",
                        "blgp:1",
                        "index_key:1",
                        "matrix_a_reuse",
                        "op_sel:[1,0] clamp",
                        "op_sel:[1,0] cbsz:0"})
    add(out, text("v1", "v2", m), Expect::kAny, "ld_scale modifiers");
  // Each operand over registers, scalar sources and constants, the other a VGPR.
  std::vector<std::string> sources;
  for (int v : {0, 1, 127, 255, 256}) sources.push_back(fmt::format("v{}", v));
  for (char const* r : {"v[3]", "v[3:3]", "v[2:3]", "a0", "a255", "acc3", "a[0:1]", "s[7]", "s[7:7]", "s[6:7]",
                        "s[101:102]", "ttmp[3]", "ttmp[2:3]", "ttmp16"})
    sources.emplace_back(r);
  for (int r = 0; r <= 105; ++r) sources.push_back(fmt::format("s{}", r));
  for (int r = 0; r < 16; ++r) sources.push_back(fmt::format("ttmp{}", r));
  for (char const* n : {"flat_scratch_lo", "flat_scratch_hi", "xnack_mask_lo", "xnack_mask_hi", "flat_scratch",
                        "xnack_mask", "vcc_lo", "vcc_hi", "vcc", "m0", "exec_lo", "exec_hi", "exec", "tba_lo", "tma_lo",
                        "src_flat_scratch_base_lo", "src_flat_scratch_base_hi", "src_lds_direct"})
    sources.emplace_back(n);
  for (auto const& c : constant_spellings()) sources.push_back(c);
  for (auto const& src : sources) {
    add(out, text(src, "v2", ""), Expect::kAny, "ld_scale operands");
    add(out, text("v1", src, ""), Expect::kAny, "ld_scale operands");
  }
  add(out, text("s5", "1.0", "op_sel:[1,0] op_sel_hi:[0,1]"), Expect::kAny, "ld_scale operands");
  // The constant bus: every pair (the same source twice too).
  constexpr char const* kPair[] = {"s0",
                                   "s1",
                                   "s101",
                                   "ttmp0",
                                   "ttmp15",
                                   "vcc_lo",
                                   "vcc_hi",
                                   "m0",
                                   "exec_lo",
                                   "exec_hi",
                                   "flat_scratch_lo",
                                   "xnack_mask_hi",
                                   "src_scc",
                                   "src_vccz",
                                   "src_shared_base",
                                   "src_pops_exiting_wave_id",
                                   "scc",
                                   "1",
                                   "-1.0",
                                   "0.15915494",
                                   "v7"};
  for (char const* a : kPair)
    for (char const* b : kPair) add(out, text(a, b, ""), Expect::kAny, "ld_scale constant bus");
  // Other spellings, missing and extra operands.
  for (std::string const& spelled : std::vector<std::string>{
           fmt::format("{}_e64 v1, v2", mn),    fmt::format("{}_E64 s1, v2", mn),  "V_MFMA_LD_SCALE_B32 v1, v2",
           "V_mfma_ld_scale_b32 v1, v2",        fmt::format("{} V1, v2", mn),      fmt::format("{} S1, v2", mn),
           fmt::format("{} v1 v2", mn),         fmt::format("{} v1, v2,", mn),     fmt::format("{} v1,, v2", mn),
           fmt::format("  {}\tv1 ,  s2  ", mn), fmt::format("{} v1, v2 ; c", mn),  fmt::format("{} v1, v2 // c", mn),
           fmt::format("{} v1, v2 # c", mn),    fmt::format("{} v1", mn),          fmt::format("{}", mn),
           fmt::format("{} v1, v2, v3", mn),    fmt::format("{} v1, v2 junk", mn), fmt::format("{} -v1, v2", mn),
           fmt::format("{} |v1|, v2", mn),      fmt::format("{} v1, neg(v2)", mn), "mfma_ld_scale_b32 v1, v2",
           "v_mfma_ld_scale_b64 v1, v2"})
    add(out, spelled, Expect::kAny, "ld_scale spelling");
}

} // namespace

std::vector<TextCase> text_cases(Target target) {
  std::vector<TextCase> out;
  for (Instruction const& row : isa::catalog()) {
    if (row.gen != target.gen || !row.has_wave(target.wave)) continue;
    modifier_cases(row, target.wave, layouts(row, target.wave).front(), out);
    register_cases(row, target.wave, out);
    format_cases(row, target.wave, out);
    scale_cases(row, target.wave, out);
    if (!row.sparse()) constant_cases(row, target.wave, out);
    spelling_cases(row, target.wave, out);
  }
  // Instructions of other generations and unknown names.
  for (Instruction const& row : isa::catalog()) {
    if (row.gen == target.gen || !row.has_wave(64)) continue;
    Operands const o = operands(row, 64, layouts(row, 64).front());
    add(out, join(row, o, ""), Expect::kAny, "other generation");
  }
  for (codec::ScalePrefix const& p : codec::scale_prefixes())
    if (p.row.gen == target.gen && p.row.gen == Generation::kGfx1250) prefix_cases(p, out);
  add(out, "v_wmma_f32_16x16x16_f17 v[8:15], v[0:3], v[4:7], v[8:15]", Expect::kReject, "unknown");
  // A CDNA1/CDNA2 instruction: unknown elsewhere.
  bool const has_old_bf16 = isa::find_instruction(target.gen, "v_mfma_f32_32x32x2bf16") != nullptr;
  add(out, "v_mfma_f32_32x32x2bf16 v[0:31], v0, v1, v[0:31]", has_old_bf16 ? Expect::kAny : Expect::kReject, "unknown");
  // The scaled MFMA's prefix on its own: gfx950 only (llvm-mc-22: "instruction not supported on
  // this GPU" elsewhere).
  if (target.gen == Generation::kGfx950)
    mfma_prefix_cases(out);
  else
    for (char const* text : {"v_mfma_ld_scale_b32 v1, v2", "v_mfma_ld_scale_b32 s1, v2"})
      add(out, text, Expect::kAny, "ld_scale elsewhere");
  return out;
}

std::vector<codec::Bytes> sweep_words(Target target, std::vector<codec::Bytes> const& valid, uint32_t seed,
                                      size_t count) {
  std::mt19937 rng(seed);
  codec::EncodingFamily const& family = codec::family_of(target.gen);
  constexpr size_t kWord = codec::kWordBytes;
  auto const word_of = [](codec::Bytes const& b, size_t word) {
    uint64_t w = 0;
    for (size_t i = 0; i < kWord; ++i) w |= uint64_t{b[word * kWord + i]} << (8 * i);
    return w;
  };
  auto const set_word = [](codec::Bytes& b, size_t word, uint64_t w) {
    for (size_t i = 0; i < kWord; ++i) b[word * kWord + i] = static_cast<uint8_t>(w >> (8 * i));
  };
  auto const pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
  auto const bits = [&](int n) { return static_cast<uint32_t>(rng() & ((1u << n) - 1)); };
  // Two-word encodings (the scaled MFMA): their first words are prefixes, of this opcode.
  std::vector<codec::Bytes const*> two_words;
  for (auto const& v : valid)
    if (v.size() == 2 * kWord) two_words.push_back(&v);
  // The prefix word's fields: gfx950's prefix is a VOP3P word under VOP3P-MAI's encoding; gfx1250's
  // is a word of its own family.
  codec::EncodingFamily const& prefix_family = target.gen == Generation::kGfx1250 ? family : codec::vop3p_cdna();
  int op_bits = 0;
  for (auto const& bf : family.fields)
    if (bf.field == codec::Field::kOp) op_bits = bf.width;
  uint32_t const prefix_op =
      two_words.empty() ? ~0u
                        : codec::at(codec::unpack(prefix_family, word_of(*two_words.front(), 0)), codec::Field::kOp);
  uint32_t f8f6f4_op = ~0u; // gfx1250's f8f6f4 WMMA opcode
  for (Instruction const& row : isa::catalog())
    if (row.gen == target.gen && row.mod_rules().format_select && !row.mod_rules().mai) f8f6f4_op = row.opcode;
  std::vector<codec::Bytes> out;
  std::set<codec::Bytes> seen;
  while (out.size() < count) {
    codec::Bytes item = valid.empty() ? codec::Bytes(kWord, 0) : valid[pick(valid.size())];
    // The word to change: the last, or in a two-word item the prefix half of the time, read with
    // its own field table.
    size_t const at = item.size() > kWord && (rng() & 1) ? 0 : item.size() / kWord - 1;
    codec::EncodingFamily const& fam = item.size() > kWord && at == 0 ? prefix_family : family;
    uint64_t w = word_of(item, at);
    codec::FieldValues f = codec::unpack(fam, w);
    bool whole_item = false; // cases 8..10 change the item, not w
    switch (pick(two_words.empty() ? 8 : 11)) {
    case 0: // flip one to three bits anywhere in the modifier fields (D0[15:8], D1[31:27])
      for (int k = 1 + static_cast<int>(pick(3)); k > 0; --k) {
        int const bit = static_cast<int>(pick(13));
        w ^= bit < 8 ? uint64_t{1} << (8 + bit) : uint64_t{1} << (59 + bit - 8);
      }
      break;
    case 1: // one random field replaced
    case 2: {
      codec::BitField const& bf = fam.fields[pick(fam.fields.size())];
      if (bf.field == codec::Field::kEncoding) break;
      codec::at(f, bf.field) = bits(bf.width);
      w = codec::pack(fam, f);
      break;
    }
    case 3: // another opcode of the family
      codec::at(f, codec::Field::kOp) = bits(op_bits);
      w = codec::pack(fam, f);
      break;
    case 4: // every modifier field random
      for (auto const& bf : fam.fields)
        if (bf.lo >= 8 && bf.lo < 16) codec::at(f, bf.field) = bits(bf.width);
      codec::at(f, codec::Field::kOpSelHi01) = bits(2);
      codec::at(f, codec::Field::kNeg) = bits(3);
      codec::at(f, codec::Field::kAcc) = bits(2);
      codec::at(f, codec::Field::kBlgp) = bits(3);
      w = codec::pack(fam, f);
      break;
    case 5: // random registers near the ends of the register file
      for (codec::Field fld : {codec::Field::kVdst, codec::Field::kSrc0, codec::Field::kSrc1, codec::Field::kSrc2})
        if (rng() & 1) codec::at(f, fld) = fld == codec::Field::kVdst ? 224 + bits(5) : 256 + 224 + bits(5);
      w = codec::pack(fam, f);
      break;
    case 6: // a random word of the family
      w = (uint64_t{rng()} << 32) | rng();
      f = codec::unpack(fam, w);
      codec::at(f, codec::Field::kEncoding) = fam.encoding;
      w = codec::pack(fam, f);
      break;
    case 7: // anything at all
      w = (uint64_t{rng()} << 32) | rng();
      break;
    case 8: // a two-word item without its prefix (the MFMA word with ABID[0] alone), or a one-word
            // item behind a prefix (two instructions)
      if (item.size() > kWord) {
        item.erase(item.begin(), item.begin() + kWord);
      } else {
        codec::Bytes const& p = *two_words[pick(two_words.size())];
        item.insert(item.begin(), p.begin(), p.begin() + kWord);
      }
      whole_item = true;
      break;
    case 9: // the MFMA word's ABID (1 marks the scaled form)
    case 10: {
      size_t const last = item.size() / kWord - 1;
      codec::FieldValues g = codec::unpack(family, word_of(item, last));
      codec::at(g, codec::Field::kAbid) = bits(4);
      set_word(item, last, codec::pack(family, g));
      whole_item = true;
      break;
    }
    }
    if (!whole_item) set_word(item, at, w);
    // A source field of 255 makes llvm-mc read a 32-bit literal after the word (a 12-byte form the
    // assembler rejects for these instructions; printing one crashes llvm-mc-22 on gfx942 and, in
    // the scaled MFMA, on gfx950): left out. The source fields sit at the same bits in every
    // family. On gfx942 llvm-mc-22 also crashes printing SRC0/SRC1 of an MFMA word holding a
    // negative integer or a real inline constant (193..208, 240..248): left out as well.
    auto const crashes_gfx942 = [](uint32_t v) { return (v >= 193 && v <= 208) || (v >= 240 && v <= 248); };
    bool left_out = false;
    for (size_t k = 0; k < item.size() / kWord; ++k) {
      codec::FieldValues const g = codec::unpack(family, word_of(item, k));
      if (codec::at(g, codec::Field::kEncoding) != family.encoding) continue;
      left_out |= codec::at(g, codec::Field::kSrc0) == 255 || codec::at(g, codec::Field::kSrc1) == 255 ||
                  codec::at(g, codec::Field::kSrc2) == 255;
      left_out |=
          !isa::is_rdna(target.gen) && codec::at(g, codec::Field::kOp) != prefix_op &&
          (crashes_gfx942(codec::at(g, codec::Field::kSrc0)) || crashes_gfx942(codec::at(g, codec::Field::kSrc1)));
    }
    // gfx1250: llvm-mc-22 also crashes printing an f8f6f4 WMMA word (one word or scaled) whose A or
    // B is no VGPR under a sub-byte format (matrix_*_fmt 2..7): left out, not bisected each run.
    for (size_t k = 0; k < item.size() / kWord && target.gen == Generation::kGfx1250; ++k) {
      codec::FieldValues const g = codec::unpack(family, word_of(item, k));
      if (codec::at(g, codec::Field::kOp) != f8f6f4_op || codec::at(g, codec::Field::kEncoding) != family.encoding)
        continue;
      uint32_t const a_fmt = codec::at(g, codec::Field::kOpSel);
      uint32_t const b_fmt = codec::at(g, codec::Field::kOpSelHi2) << 2 | codec::at(g, codec::Field::kOpSelHi01);
      left_out |= (codec::at(g, codec::Field::kSrc0) < 256 && a_fmt >= 2) ||
                  (codec::at(g, codec::Field::kSrc1) < 256 && b_fmt >= 2);
    }
    if (!left_out && seen.insert(item).second) out.push_back(std::move(item));
  }
  return out;
}

} // namespace wavemma::test::codec_cases
