// The catalog against the tables of docs/reference/instructions.md (CALC, LLVM, clang-22 facts),
// read at test time: every row, every column.

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <tuple>
#include <span>

#include "support/markdown.hpp"
#include "wavemma/isa/arch.hpp"
#include "wavemma/isa/instruction.hpp"

namespace wavemma::isa {
namespace {

using test::markdown_table;

// The reference writes xf32 inputs as "f32" (the register holds an f32 word); iu8/iu4 operands are
// u8/u4 in a row, NEG choosing their signedness (expect_neg_signedness checks that part).
numeric::Format doc_type(std::string const& s, std::string const& mnemonic = "") {
  if (mnemonic.find("xf32") != std::string::npos && s == "f32") return numeric::Format::kXf32;
  static std::map<std::string, numeric::Format> const kMap = {
      {"f32", numeric::Format::kF32},
      {"f64", numeric::Format::kF64},
      {"f16", numeric::Format::kF16},
      {"bf16", numeric::Format::kBf16},
      {"iu8", numeric::Format::kU8},
      {"iu4", numeric::Format::kU4},
      {"i32", numeric::Format::kI32},
      {"i8 (signed)", numeric::Format::kI8},
      {"fp8 E4M3 (OCP)", numeric::Format::kFp8E4M3},
      {"bf8 E5M2 (OCP)", numeric::Format::kBf8E5M2},
      {"fp8 E4M3FNUZ", numeric::Format::kFp8E4M3Fnuz},
      {"bf8 E5M2FNUZ", numeric::Format::kBf8E5M2Fnuz},
      {"fp4 E2M1 (OCP MX)", numeric::Format::kFp4E2M1},
  };
  auto it = kMap.find(s);
  if (it == kMap.end()) ADD_FAILURE() << "unknown type in reference: " << s;
  return it == kMap.end() ? numeric::Format::kI32 : it->second;
}

// The reference's "iu8"/"iu4": NEG chooses the signedness of that operand, and the ISA's name says so.
void expect_neg_signedness(Instruction const& in, std::string const& a, std::string const& b) {
  EXPECT_EQ(in.sign_by_neg(Operand::kA), a.starts_with("iu"));
  EXPECT_EQ(in.sign_by_neg(Operand::kB), b.starts_with("iu"));
  EXPECT_FALSE(in.sign_by_neg(Operand::kC));
  if (a.starts_with("iu")) EXPECT_EQ(in.type_name(Operand::kA), a);
  if (b.starts_with("iu")) EXPECT_EQ(in.type_name(Operand::kB), b);
}

std::vector<int> split_ints(std::string const& s, char sep) {
  std::vector<int> out;
  std::stringstream ss(s);
  std::string part;
  while (std::getline(ss, part, sep)) out.push_back(std::stoi(part));
  return out;
}

struct Shape {
  int m, n, k;
};
Shape parse_shape(std::string const& s) { // "16×16×32"
  std::regex re(R"((\d+)\D+(\d+)\D+(\d+))");
  std::smatch m;
  EXPECT_TRUE(std::regex_search(s, m, re)) << s;
  return {std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3])};
}

using Table = std::vector<std::vector<std::string>>;
using Rows = std::span<Instruction const>; // the catalog, or a test's copy of it

// The row of a generation with this canonical mnemonic.
Instruction const* row_named(Rows rows, Generation gen, std::string const& mnemonic) {
  for (auto const& in : rows)
    if (in.gen == gen && in.mnemonic == mnemonic) return &in;
  return nullptr;
}

// The reference section and the catalog list the same instructions of (gen, kind).
void expect_same_instructions(Rows rows, Table const& doc, Generation gen, Kind kind) {
  std::set<std::string> in_doc, in_catalog;
  for (auto const& r : doc) in_doc.insert(r[0]);
  for (auto const& in : rows)
    if (in.gen == gen && in.kind == kind) in_catalog.emplace(in.mnemonic);
  for (auto const& m : in_catalog)
    EXPECT_TRUE(in_doc.contains(m)) << m << " (" << name(gen) << " " << name(kind) << ") is not in instructions.md";
  for (auto const& m : in_doc)
    EXPECT_TRUE(in_catalog.contains(m)) << m << " of instructions.md is not a " << name(gen) << " " << name(kind)
                                        << " row";
}

// Checks the common columns of one reference row against the catalog.
Instruction const* check_common(Rows rows, Generation gen, std::vector<std::string> const& row, Shape shape, int blocks,
                                std::string const& a, std::string const& b, std::string const& cd, long ops,
                                int cycles) {
  Instruction const* in = row_named(rows, gen, row[0]);
  if (!in) return nullptr; // reported by expect_same_instructions
  SCOPED_TRACE(row[0]);
  EXPECT_EQ(in->opcode, std::stoi(row[1], nullptr, 16));
  EXPECT_EQ(in->m, shape.m);
  EXPECT_EQ(in->n, shape.n);
  EXPECT_EQ(in->k, shape.k);
  EXPECT_EQ(in->blocks, blocks);
  EXPECT_EQ(in->a, doc_type(a, row[0]));
  EXPECT_EQ(in->b, doc_type(b, row[0]));
  EXPECT_EQ(in->cd, doc_type(cd));
  expect_neg_signedness(*in, a, b);
  EXPECT_EQ(in->ops(), ops);
  EXPECT_EQ(in->cycles, cycles);
  return in;
}

void check_vgprs(Instruction const& in, int wave, std::string const& cell, bool sparse) {
  auto const v = split_ints(cell, '/');
  SCOPED_TRACE(std::string(in.mnemonic) + " wave" + std::to_string(wave));
  ASSERT_EQ(v.size(), sparse ? 4u : (is_rdna(in.gen) ? 3u : 4u));
  EXPECT_EQ(vgprs(in, wave, Operand::kA), v[0]);
  EXPECT_EQ(vgprs(in, wave, Operand::kB), v[1]);
  EXPECT_EQ(vgprs(in, wave, Operand::kC), v[2]);
  EXPECT_EQ(vgprs(in, wave, Operand::kD), sparse || !is_rdna(in.gen) ? v[2 + !sparse] : v[2]);
  if (sparse) EXPECT_EQ(vgprs(in, wave, Operand::kIndex), v[3]);
}

// "index_key 0–1 (w32), 0–3 (w64)" -> {2, 4}; "index_key: none (w32), 0–1 (w64)" -> {1, 2}
std::pair<int, int> index_key_sets(std::string const& cell) {
  std::regex range(R"((none|0–(\d))\s*\((w32|w64|w32 and w64)\))");
  int w32 = 0, w64 = 0;
  for (std::sregex_iterator it(cell.begin(), cell.end(), range), end; it != end; ++it) {
    int const sets = (*it)[1] == "none" ? 1 : std::stoi((*it)[2]) + 1;
    std::string const which = (*it)[3];
    if (which != "w64") w32 = sets;
    if (which != "w32") w64 = sets;
  }
  return {w32, w64};
}

// Where a table of instructions.md §3 keeps the common facts: B and C/D follow A, cycles follow
// ops; -1: not in this table (one block; no wave32).
struct Columns {
  int blocks, a, vgprs_w32, vgprs_w64, ops;
};

// One table: the same instructions as the catalog's (gen, kind), and for each line the common
// columns and `more`, the columns of the kind. It takes the rows to check, so that a test can
// check a copy of the catalog with a row added.
template <class More>
void check_table(Rows rows, Table const& doc, Generation gen, Kind kind, Columns c, More more) {
  expect_same_instructions(rows, doc, gen, kind);
  bool const sparse = is_sparse(kind);
  for (auto const& r : doc) {
    auto const at = [&](int col) { return r[static_cast<size_t>(col)]; };
    auto const* in = check_common(rows, gen, r, parse_shape(r[2]), c.blocks < 0 ? 1 : std::stoi(at(c.blocks)), at(c.a),
                                  at(c.a + 1), at(c.a + 2), std::stol(at(c.ops)), std::stoi(at(c.ops + 1)));
    if (!in) continue;
    if (c.vgprs_w32 >= 0) check_vgprs(*in, 32, at(c.vgprs_w32), sparse);
    check_vgprs(*in, 64, at(c.vgprs_w64), sparse);
    more(*in, r);
  }
}

constexpr Columns kRdnaColumns{-1, 3, 6, 7, 8};

void check_wmma(Rows rows, Table const& doc, Generation gen) {
  check_table(rows, doc, gen, Kind::kWmma, kRdnaColumns, [](Instruction const& in, auto const& r) {
    EXPECT_EQ(in.mod_rules().clamp, r[10].find("clamp") != std::string::npos) << r[0];
    EXPECT_EQ((in.mod_rules().op_sel_defined & 4) != 0, r[10].find("op_sel[2]") != std::string::npos) << r[0];
  });
}

void check_swmmac(Rows rows, Table const& doc, Generation gen) {
  check_table(rows, doc, gen, Kind::kSwmmac, kRdnaColumns, [](Instruction const& in, auto const& r) {
    auto const [w32, w64] = index_key_sets(r[10]);
    EXPECT_EQ(index_sets(in, 32), w32) << r[0];
    EXPECT_EQ(index_sets(in, 64), w64) << r[0];
  });
}

void check_mfma(Rows rows, Table const& doc, Generation gen) {
  check_table(rows, doc, gen, Kind::kMfma, {3, 4, -1, 7, 8}, [](Instruction const& in, auto const& r) {
    EXPECT_EQ(in.valu_coexec, std::stoi(r[10])) << r[0];
    EXPECT_EQ(in.mod_rules().broadcast_effect, r[11] == "yes") << r[0];
    EXPECT_EQ(in.mod_rules().format_select, r[11].starts_with("format")) << r[0];
    if (r[12].starts_with("neg"))
      EXPECT_TRUE(in.mod_rules().blgp_is_neg) << r[0];
    else
      EXPECT_EQ(in.mod_rules().blgp_effect, r[12] == "yes") << r[0];
  });
}

void check_smfmac(Rows rows, Table const& doc, Generation gen) {
  check_table(rows, doc, gen, Kind::kSmfmac, {-1, 3, -1, 6, 7}, [](Instruction const& in, auto const& r) {
    EXPECT_EQ(in.valu_coexec, std::stoi(r[9])) << r[0];
    EXPECT_EQ(index_sets(in, 64), std::stoi(r[10])) << r[0]; // "4 (8 bits each)"
  });
}

// gfx1250 (§3.10-3.12): one column layout for WMMA, SWMMAC and the gfx12 forms, wave32 only; C and
// D apart (bf16f32); VGPRs A/B/C/D (SWMMAC: A/B/C=D/index).
void check_gfx1250(Rows rows, Table const& doc, Kind kind, bool gfx12_forms) {
  std::set<std::string> in_doc, in_catalog;
  for (auto const& r : doc) in_doc.insert(r[0]);
  for (auto const& in : rows)
    if (in.gen == Generation::kGfx1250 && in.gfx12_form() == gfx12_forms && (gfx12_forms || in.kind == kind))
      in_catalog.emplace(in.mnemonic);
  EXPECT_EQ(in_doc, in_catalog) << "gfx1250 rows and instructions.md differ";
  for (auto const& r : doc) {
    Instruction const* in = row_named(rows, Generation::kGfx1250, r[0]);
    if (!in) continue;
    SCOPED_TRACE(r[0]);
    Shape const shape = parse_shape(r[2]);
    EXPECT_EQ(in->opcode, std::stoi(r[1], nullptr, 16));
    EXPECT_EQ(in->m, shape.m);
    EXPECT_EQ(in->n, shape.n);
    EXPECT_EQ(in->k, shape.k);
    EXPECT_EQ(in->a, doc_type(r[3]));
    EXPECT_EQ(in->b, doc_type(r[4]));
    EXPECT_EQ(in->cd, doc_type(r[5]));
    expect_neg_signedness(*in, r[3], r[4]);
    EXPECT_EQ(in->type_of(Operand::kD), doc_type(r[6].substr(0, r[6].find(" ("))));
    auto const v = split_ints(r[7], '/');
    ASSERT_EQ(v.size(), 4u);
    EXPECT_EQ(vgprs(*in, 32, Operand::kA), v[0]);
    EXPECT_EQ(vgprs(*in, 32, Operand::kB), v[1]);
    EXPECT_EQ(vgprs(*in, 32, Operand::kC), v[2]);
    if (in->sparse())
      EXPECT_EQ(vgprs(*in, 32, Operand::kIndex), v[3]);
    else
      EXPECT_EQ(vgprs(*in, 32, Operand::kD), v[3]);
    EXPECT_EQ(in->ops(), std::stol(r[8]));
    EXPECT_EQ(in->cycles, std::stoi(r[9]));
    EXPECT_FALSE(in->has_wave(64));
    auto const& m = in->mod_rules();
    EXPECT_EQ(m.clamp, r[10].find("clamp") != std::string::npos);
    EXPECT_EQ(m.reuse, r[10].find("reuse") != std::string::npos && r[10].find("no reuse") == std::string::npos);
    EXPECT_EQ(m.format_select, r[10].find("matrix_a_fmt") != std::string::npos);
    EXPECT_EQ(m.wmma_scaled, r[10].find("scale_fmt") != std::string::npos);
    EXPECT_EQ(m.index_key, r[10].find("index_key") != std::string::npos);
    EXPECT_EQ(m.c_inline, r[10].find("C inline const") != std::string::npos);
    EXPECT_EQ((m.neg_lo_legal & 0b011) != 0, r[10].find("neg_lo[0:") != std::string::npos);
  }
}

// An opcode is one instruction per generation, except that a scaled form is its unscaled one behind
// a scale prefix (instructions.md §3.8 notes, §3.10): one per scale block.
void check_unique(Rows rows) {
  std::set<std::tuple<Generation, int, int>> opcodes;
  std::set<std::pair<Generation, std::string_view>> names;
  for (auto const& in : rows) {
    EXPECT_TRUE(opcodes.emplace(in.gen, in.opcode, in.scale_block()).second) << in.mnemonic;
    EXPECT_TRUE(names.emplace(in.gen, in.mnemonic).second) << in.mnemonic;
  }
}

void check_models(Rows rows) {
  for (auto const& in : rows) {
    auto const& m = in.numeric();
    EXPECT_EQ(m.id, in.model) << in.mnemonic;
    EXPECT_FALSE(m.sources.empty());
    // Integer engines for integer types, float engines for float types.
    EXPECT_EQ(m.engine == numeric::Engine::kIntegerDot, is_integer(in.a)) << in.mnemonic;
    // What numerics.md §0 says is not characterised must not claim more than ASSUME.
    if (in.sparse() && is_float(in.a)) EXPECT_EQ(m.evidence, Evidence::kAssume) << in.mnemonic;
  }
}

Table section(std::string const& heading) { return markdown_table("instructions.md", heading); }

TEST(Catalog, Gfx11MatchesReference) { check_wmma(catalog(), section("### 3.1 gfx11 WMMA"), Generation::kGfx11); }
TEST(Catalog, Gfx12WmmaMatchesReference) { check_wmma(catalog(), section("### 3.2 gfx12 WMMA"), Generation::kGfx12); }
TEST(Catalog, Gfx12SwmmacMatchesReference) {
  check_swmmac(catalog(), section("### 3.3 gfx12 SWMMAC"), Generation::kGfx12);
}
TEST(Catalog, Gfx942MfmaMatchesReference) {
  check_mfma(catalog(), section("### 3.4 gfx942 MFMA"), Generation::kGfx94x);
}
TEST(Catalog, Gfx942SmfmacMatchesReference) {
  check_smfmac(catalog(), section("### 3.5 gfx942 SMFMAC"), Generation::kGfx94x);
}
TEST(Catalog, Gfx908MfmaMatchesReference) {
  check_mfma(catalog(), section("### 3.6 gfx908 MFMA"), Generation::kGfx908);
}
TEST(Catalog, Gfx90aMfmaMatchesReference) {
  check_mfma(catalog(), section("### 3.7 gfx90a MFMA"), Generation::kGfx90a);
}
TEST(Catalog, Gfx950MfmaMatchesReference) {
  check_mfma(catalog(), section("### 3.8 gfx950 MFMA"), Generation::kGfx950);
}
TEST(Catalog, Gfx950SmfmacMatchesReference) {
  check_smfmac(catalog(), section("### 3.9 gfx950 SMFMAC"), Generation::kGfx950);
}
TEST(Catalog, Gfx1250WmmaMatchesReference) {
  check_gfx1250(catalog(), section("### 3.10 gfx1250 WMMA"), Kind::kWmma, false);
}
TEST(Catalog, Gfx1250SwmmacMatchesReference) {
  check_gfx1250(catalog(), section("### 3.11 gfx1250 SWMMAC"), Kind::kSwmmac, false);
}
TEST(Catalog, Gfx1250Gfx12FormsMatchReference) {
  check_gfx1250(catalog(), section("### 3.12 gfx1250 legacy RDNA4 forms"), Kind::kWmma, true);
  // The same instructions as gfx12's, with gfx12's opcodes and wave32 widths.
  for (auto const* in : instructions_of(Generation::kGfx1250)) {
    if (!in->gfx12_form()) continue;
    auto const* g12 = find_instruction(Generation::kGfx12, in->mnemonic);
    ASSERT_NE(g12, nullptr) << in->mnemonic;
    EXPECT_EQ(in->opcode, g12->opcode);
    for (Operand op : {Operand::kA, Operand::kB, Operand::kC})
      EXPECT_EQ(vgprs(*in, 32, op), vgprs(*g12, 32, op)) << in->mnemonic;
    EXPECT_TRUE(in->builtin_stem.empty()) << in->mnemonic; // clang-22 cannot select them on gfx1250
  }
}
// gfx1250 f8f6f4: A's and B's widths follow matrix_a_fmt/matrix_b_fmt as llvm-mc-22 requires
// (16 VGPRs for FP8/BF8, 12 for FP6/BF6, 8 for FP4; reference/gfx1250.md §2.1) [DOC].
TEST(Catalog, Gfx1250FormatWidths) {
  auto const* in = find_instruction(Generation::kGfx1250, "v_wmma_f32_16x16x128_f8f6f4");
  ASSERT_NE(in, nullptr);
  constexpr int kWidth[] = {16, 16, 12, 12, 8};
  for (int f = 0; f < 5; ++f) {
    Modifiers m;
    m.matrix_fmt = {f, 4 - f};
    EXPECT_EQ(vgprs(*in, 32, Operand::kA, m), kWidth[f]) << f;
    EXPECT_EQ(vgprs(*in, 32, Operand::kB, m), kWidth[4 - f]) << f;
  }
  // Cycles: 4 passes when either is fp8/bf8, else 2 (LLVM's gfx1250 model) [DOC].
  Modifiers fp6_fp4;
  fp6_fp4.matrix_fmt = {2, 4};
  EXPECT_EQ(in->cycles_of(fp6_fp4), 8);
  Modifiers fp8_fp4;
  fp8_fp4.matrix_fmt = {0, 4};
  EXPECT_EQ(in->cycles_of(fp8_fp4), 16);
  EXPECT_EQ(find_instruction(Generation::kGfx1250, "v_wmma_scale16_f32_32x16x128_f4")->scale_block(), 16);
  EXPECT_EQ(find_instruction(Generation::kGfx1250, "v_wmma_scale_f32_32x16x128_f4")->scale_block(), 32);
}
// RDNA iu8/iu4: NEG[0] makes A signed, NEG[1] B (reference/instructions.md: the builtins' a_sign and
// b_sign); the ISA names the operand iu8/iu4 whatever NEG says; the other forms keep their type.
TEST(Catalog, NegChoosesTheSignednessOfIntegerOperands) {
  using numeric::Format;
  auto const* iu8 = find_instruction(Generation::kGfx12, "v_wmma_i32_16x16x16_iu8");
  auto const* iu4 = find_instruction(Generation::kGfx11, "v_wmma_i32_16x16x16_iu4");
  auto const* i8 = find_instruction(Generation::kGfx94x, "v_mfma_i32_16x16x32_i8");
  ASSERT_TRUE(iu8 && iu4 && i8);
  Modifiers signed_a;
  signed_a.neg_lo = {true, false, false};
  EXPECT_EQ(iu8->type_of(Operand::kA), Format::kU8);
  EXPECT_EQ(iu8->type_of(Operand::kA, signed_a), Format::kI8);
  EXPECT_EQ(iu8->type_of(Operand::kB, signed_a), Format::kU8);
  EXPECT_EQ(iu8->type_of(Operand::kC, signed_a), Format::kI32);
  EXPECT_EQ(iu4->type_of(Operand::kA, signed_a), Format::kI4);
  EXPECT_EQ(iu8->type_name(Operand::kA, signed_a), "iu8");
  EXPECT_EQ(iu4->type_name(Operand::kB), "iu4");
  EXPECT_EQ(iu8->type_name(Operand::kC), "i32");
  EXPECT_FALSE(i8->sign_by_neg(Operand::kA));
  EXPECT_EQ(i8->type_name(Operand::kA), "i8");
  EXPECT_EQ(i8->type_of(Operand::kA), Format::kI8);
}

TEST(Catalog, OpcodesAndNamesAreUniquePerGeneration) { check_unique(catalog()); }
TEST(Catalog, EveryRowNamesAModelWithEvidence) { check_models(catalog()); }

// Adding an instruction is a row and a line of instructions.md: the checks above take a copy of
// the catalog with a hypothetical gfx12 WMMA added, and pass once the reference has its line.
TEST(Catalog, AHypotheticalRowNeedsNoTestEdit) {
  std::vector<Instruction> rows(catalog().begin(), catalog().end());
  Instruction extra = *find_instruction(Generation::kGfx12, "v_wmma_f32_16x16x16_f16");
  extra.mnemonic = "v_wmma_f32_16x16x16_f16_hypothetical";
  extra.opcode = 0x4f; // free in gfx12
  rows.push_back(extra);
  Table doc = section("### 3.2 gfx12 WMMA");
  Table const without = doc;
  auto line = *std::find_if(doc.begin(), doc.end(), [](auto const& r) { return r[0] == "v_wmma_f32_16x16x16_f16"; });
  line[0] = extra.mnemonic;
  line[1] = "0x4f";
  doc.push_back(line);
  check_wmma(rows, doc, Generation::kGfx12);
  check_unique(rows);
  check_models(rows);
  // The checks see the row: without its line of the reference, or with a wrong cell, they fail.
  EXPECT_NONFATAL_FAILURE(check_wmma(rows, without, Generation::kGfx12), "is not in instructions.md");
  doc.back()[9] = "99";
  EXPECT_NONFATAL_FAILURE(check_wmma(rows, doc, Generation::kGfx12), "v_wmma_f32_16x16x16_f16_hypothetical");
  rows.back().opcode = 0x40;
  EXPECT_NONFATAL_FAILURE(check_unique(rows), "v_wmma_f32_16x16x16_f16_hypothetical");
}

TEST(Catalog, AliasesFindTheCanonicalRow) {
  auto const* in = find_instruction(Generation::kGfx94x, "v_mfma_f32_32x32x1f32");
  ASSERT_NE(in, nullptr);
  EXPECT_EQ(in->mnemonic, "v_mfma_f32_32x32x1_2b_f32");
  in = find_instruction(Generation::kGfx94x, "mfma_f32_16x16x16bf16_1k");
  ASSERT_NE(in, nullptr);
  EXPECT_EQ(in->mnemonic, "v_mfma_f32_16x16x16_bf16");
  EXPECT_EQ(find_instruction(Generation::kGfx11, "v_wmma_f32_16x16x16_fp8_fp8"), nullptr);
  EXPECT_EQ(find_instruction(Generation::kGfx94x, "v_mfma_i32_32x32x8i8"), nullptr); // gfx908/gfx90a only
  ASSERT_NE(find_instruction(Generation::kGfx908, "v_mfma_i32_32x32x8i8"), nullptr);
  EXPECT_EQ(find_instruction(Generation::kGfx908, "v_mfma_f32_32x32x4bf16_1k"), nullptr); // from gfx90a on
  EXPECT_EQ(find_instruction(Generation::kGfx908, "v_mfma_f64_16x16x4f64"), nullptr);
  EXPECT_EQ(find_instruction(Generation::kGfx950, "v_mfma_f32_16x16x8_xf32"), nullptr);   // gone on gfx950
  EXPECT_EQ(find_instruction(Generation::kGfx90a, "v_smfmac_f32_16x16x32_f16"), nullptr); // from gfx940 on
  // The CDNA2 trap name: only the assembler takes it (as llvm-mc-22 does).
  EXPECT_EQ(find_instruction(Generation::kGfx94x, "v_mfma_f32_32x32x4bf16"), nullptr);
  in = find_instruction(Generation::kGfx94x, "v_mfma_f32_32x32x4bf16", AliasUse::kAssembler);
  ASSERT_NE(in, nullptr);
  EXPECT_EQ(in->mnemonic, "v_mfma_f32_32x32x4_2b_bf16");
}

TEST(Arch, RecordsAndAliases) {
  ASSERT_NE(find_arch("gfx1201"), nullptr);
  EXPECT_EQ(find_arch("rdna4")->name, "gfx1201");
  EXPECT_EQ(find_arch("CDNA3")->name, "gfx942");
  EXPECT_EQ(find_arch("cdna1")->name, "gfx908");
  EXPECT_EQ(find_arch("cdna2")->name, "gfx90a");
  EXPECT_EQ(find_arch("cdna4")->name, "gfx950");
  EXPECT_EQ(find_arch("cdna5")->name, "gfx1250");
  EXPECT_EQ(find_arch("gfx1251")->gen, Generation::kGfx1250);
  EXPECT_EQ(find_arch("gfx1250")->wave_sizes(), std::vector<int>{32}); // wave32 only [DOC: llvm-mc-22]
  EXPECT_FALSE(find_arch("gfx1251")->has_wave(64));
  EXPECT_EQ(flagship_gpu("gfx1250"), nullptr); // AMD has published no per-CU figures
  EXPECT_EQ(find_arch("gfx906"), nullptr);
  for (auto const* name : {"gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201",
                           "gfx908", "gfx90a", "gfx940", "gfx941", "gfx942", "gfx950"})
    EXPECT_NE(find_arch(name), nullptr) << name;
  EXPECT_EQ(find_arch("gfx942")->default_wave(), 64);
  EXPECT_FALSE(find_arch("gfx942")->has_wave(32));
  EXPECT_EQ(find_arch("gfx1100")->default_wave(), 32);
  EXPECT_FALSE(find_arch("gfx940")->clang22_target);
}

// Each generation's family alias means its default architecture, which is one of its own.
TEST(Arch, EveryGenerationHasAnAliasAndADefault) {
  for (auto const& g : generations()) {
    SCOPED_TRACE(std::string(g.name));
    std::string alias(g.family);
    std::transform(alias.begin(), alias.end(), alias.begin(), [](unsigned char c) { return std::tolower(c); });
    ASSERT_NE(find_arch(alias), nullptr);
    EXPECT_EQ(find_arch(alias), &default_arch(g.gen));
    EXPECT_EQ(default_arch(g.gen).gen, g.gen);
    EXPECT_EQ(&info(g.gen), &g);
    EXPECT_EQ(name(g.gen), g.name);
    EXPECT_NE(known_arch_names().find(alias), std::string::npos);
  }
  for (auto const& a : architectures()) EXPECT_NO_THROW(info(a.gen)) << a.name;
}

// Requirements as clang's builtin table writes them ("a,b": all; "a|b": any), on facts clang-22
// gives (tests/isa/arch_amd_test checks every architecture's features against clang itself).
TEST(Arch, FeatureRequirementsReadAsClangWritesThem) {
  Arch const& gfx950 = *find_arch("gfx950");
  Arch const& gfx1201 = *find_arch("gfx1201");
  EXPECT_TRUE(has_features(gfx950, 64, ""));
  EXPECT_TRUE(has_features(gfx950, 64, "mai-insts,fp8-insts,permlane32-swap"));
  EXPECT_FALSE(has_features(gfx950, 64, "gfx12-insts,permlane16-swap"));
  EXPECT_TRUE(has_features(gfx950, 64, "gfx12-insts|permlane16-swap"));
  EXPECT_FALSE(has_features(*find_arch("gfx942"), 64, "gfx12-insts|permlane16-swap"));
  EXPECT_TRUE(has_features(*find_arch("gfx1250"), 32, "gfx12-insts,wavefrontsize32,permlane16-swap"));
  EXPECT_TRUE(has_features(gfx1201, 32, "gfx12-insts,wavefrontsize32"));
  EXPECT_FALSE(has_features(gfx1201, 64, "gfx12-insts,wavefrontsize32"));
  EXPECT_TRUE(has_feature(gfx1201, 64, Feature::kWavefrontsize64));
  EXPECT_FALSE(has_feature(gfx950, 32, Feature::kWavefrontsize32)); // CDNA has no wave32
  EXPECT_THROW((void)has_features(gfx950, 64, "mai-inst"), std::logic_error);
  EXPECT_THROW((void)has_features(gfx950, 64, "dpp,mai-insts|fp8-insts"), std::logic_error);
  for (int i = 0; i < kFeatureCount; ++i) EXPECT_EQ(find_feature(name(Feature(i))), Feature(i)) << name(Feature(i));
  EXPECT_EQ(default_arch().name, "gfx1201");
}

// A model id without a row is an error, never another model.
TEST(Catalog, AnUnknownNumericModelIsAnError) {
  EXPECT_THROW(numeric_model_row(static_cast<NumericModelId>(255)), std::invalid_argument);
  for (auto const& m : numeric_models()) EXPECT_EQ(&numeric_model_row(m.id), &m);
}

// Peak figures computed from the catalog equal AMD's published peak matrix throughput.
TEST(Arch, PeakFiguresReproduceVendorNumbers) {
  auto peak_tflops = [](char const* gpu, Generation gen, char const* mnemonic) {
    auto const* g = find_gpu(gpu);
    auto const* in = find_instruction(gen, mnemonic);
    auto const* a = find_arch(g->arch);
    return static_cast<double>(in->ops()) / in->cycles * a->matrix_units_per_cu * g->compute_units * g->peak_clock_mhz *
           1e6 / 1e12;
  };
  EXPECT_NEAR(peak_tflops("mi300x", Generation::kGfx94x, "v_mfma_f32_32x32x8_f16"), 1307.4, 0.1);
  // AMD's product pages: MI100 184.6 TFLOPS f16 (46.1 f32 matrix), MI210 181.0 f16 (45.3 f64 matrix),
  // MI250X 383.0 f16 (95.7 f64 matrix), MI350X 2.3 PFLOPS f16 dense, MI355X 2.5 (2516.6) dense.
  EXPECT_NEAR(peak_tflops("mi100", Generation::kGfx908, "v_mfma_f32_32x32x8f16"), 184.6, 0.1);
  EXPECT_NEAR(peak_tflops("mi100", Generation::kGfx908, "v_mfma_f32_32x32x2f32"), 46.1, 0.1);
  EXPECT_NEAR(peak_tflops("mi210", Generation::kGfx90a, "v_mfma_f32_32x32x8f16"), 181.0, 0.1);
  EXPECT_NEAR(peak_tflops("mi210", Generation::kGfx90a, "v_mfma_f64_16x16x4f64"), 45.3, 0.1);
  EXPECT_NEAR(peak_tflops("mi250x", Generation::kGfx90a, "v_mfma_f32_32x32x8f16"), 383.0, 0.1);
  EXPECT_NEAR(peak_tflops("mi250x", Generation::kGfx90a, "v_mfma_f64_16x16x4f64"), 95.7, 0.1);
  EXPECT_NEAR(peak_tflops("mi350x", Generation::kGfx950, "v_mfma_f32_32x32x16_f16"), 2306.9, 0.1);
  EXPECT_NEAR(peak_tflops("mi355x", Generation::kGfx950, "v_mfma_f32_32x32x16_f16"), 2516.6, 0.1);
  EXPECT_NEAR(peak_tflops("mi355x", Generation::kGfx950, "v_mfma_f32_16x16x32_bf16"), 2516.6, 0.1);
  EXPECT_NEAR(peak_tflops("mi300a", Generation::kGfx94x, "v_mfma_f32_32x32x8_f16"), 980.6, 0.1);
  EXPECT_NEAR(peak_tflops("rx7900xtx", Generation::kGfx11, "v_wmma_f32_16x16x16_f16"), 122.8, 0.2);
  EXPECT_NEAR(peak_tflops("rx9070xt", Generation::kGfx12, "v_wmma_f32_16x16x16_f16"), 194.6, 0.1);
  EXPECT_NEAR(peak_tflops("r9700", Generation::kGfx12, "v_wmma_f32_16x16x16_f16"), 191.0, 0.5);
}

} // namespace
} // namespace wavemma::isa
