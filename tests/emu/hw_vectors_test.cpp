// The hardware's own answers through the emulator: every gfx942, gfx1100 and gfx1201 record of
// testdata/hw that describes an instruction of the catalog (matrix and uniform-vector records
// through the matrix path and, where the record fixes a register image, the register path too;
// register-level operand captures through the register path; the CDNA3 KMG dot products as one
// element of the instruction the record names). Counts are printed per file.

#include <gtest/gtest.h>

#include "wavemma/isa/arch.hpp"

#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>

#include "support/hw_records.hpp"
#include "support/reference_registers.hpp"
#include "wavemma/emu/emulator.hpp"
#include "wavemma/numeric/format.hpp"

namespace wavemma::emu {
namespace {

using nlohmann::json;

uint64_t hex(json const& v) { return std::stoull(v.get<std::string>(), nullptr, 16); }

isa::Generation gen_of(std::string const& arch) {
  return arch == "gfx942"    ? isa::Generation::kGfx94x
         : arch == "gfx1100" ? isa::Generation::kGfx11
                             : isa::Generation::kGfx12;
}

// The catalog row a record names (its arch's generation and its mnemonic).
isa::Instruction const* row_of(json const& r) {
  return isa::find_instruction(gen_of(r["arch"]), r["instruction"].get<std::string>());
}

isa::Modifiers modifiers_of(json const& m, isa::Instruction const& in) {
  isa::Generation const gen = in.gen;
  isa::Modifiers mods;
  for (int t = 0; t < 3; ++t) {
    if (m.contains("neg_lo")) mods.neg_lo[t] = m["neg_lo"][t].get<int>();
    if (m.contains("neg_hi")) mods.neg_hi[t] = m["neg_hi"][t].get<int>();
  }
  // op_sel[2] is the gfx11 C/D half. The other op_sel bits and op_sel_hi are not modifiers of
  // these instructions in LLVM (its decoder calls such encodings invalid), and the captures show
  // the hardware ignores them: they are left out here and the captured D must still come out.
  // CLAMP on the f16/bf16 WMMA is passed as captured (a reserved modifier: accepted, no effect; a
  // float clamp to [0, 1] would have made 83.0 1.0).
  if (gen == isa::Generation::kGfx11 && m.contains("op_sel")) mods.op_sel[2] = m["op_sel"][2].get<int>();
  if (m.contains("clamp") && (in.mod_rules().clamp || in.mod_rules().clamp_reserved))
    mods.clamp = m["clamp"].get<int>();
  if (m.contains("fp16_ovfl")) mods.fp16_ovfl = m["fp16_ovfl"].get<int>();
  if (m.contains("cbsz")) mods.cbsz = m["cbsz"].get<int>();
  if (m.contains("abid")) mods.abid = m["abid"].get<int>();
  if (m.contains("blgp")) mods.blgp = m["blgp"].get<int>();
  return mods;
}

Matrix matrix_of(json const& rows, std::vector<int> const* col_perm = nullptr,
                 std::vector<int> const* row_perm = nullptr) {
  int const r = static_cast<int>(rows.size()), c = static_cast<int>(rows[0].size());
  Matrix m(1, r, c);
  for (int i = 0; i < r; ++i)
    for (int j = 0; j < c; ++j)
      m.at(0, row_perm ? (*row_perm)[i] : i, col_perm ? (*col_perm)[j] : j) = hex(rows[size_t(i)][size_t(j)]);
  return m;
}

// Runs the register path on matrices: scatter, execute, gather.
Matrix via_registers(Issue const& is, Matrix const& a, Matrix const& b, Matrix const& c) {
  RegisterOperands ops;
  ops.a = to_registers(is, isa::Operand::kA, a);
  ops.b = to_registers(is, isa::Operand::kB, b);
  ops.c = to_registers(is, isa::Operand::kC, c);
  return from_registers(is, isa::Operand::kD, execute(is, ops));
}

// The lane-major path (the SIMT runtime's) on the registers the formulas of layouts.md give the
// operands, D read where they put it: a side that shares no layout code with the emulator.
Matrix via_formulas_and_lanes(Issue const& is, Matrix const& a, Matrix const& b, Matrix const& c) {
  emu::RegisterOperands const r = test::reference_operands(is, a, b, c);
  return test::reference_d(is, test::execute_lane_major(is, r, r.a.vgprs + r.b.vgprs + r.c.vgprs + 2));
}

struct Tally {
  int bits = 0, value = 0, nan = 0, disputed = 0, elements = 0, lane_path = 0;
  std::string text() const {
    return fmt::format("{} bits + {} value + {} nan passed, {} disputed (informational); {} D elements", bits, value,
                       nan, disputed, elements);
  }
};

// d_check semantics of testdata/hw/README.md.
void check_element(std::string const& kind, json const& want, uint64_t got, numeric::Format f, std::string const& id,
                   Tally& t, int element) {
  if (kind == "bits") {
    ASSERT_EQ(got, hex(want)) << id << " element " << element << ": got " << numeric::format_value(f, got)
                              << ", hardware " << numeric::format_value(f, hex(want));
  } else if (kind == "value") {
    ASSERT_EQ(numeric::to_double(f, got), numeric::to_double(f, hex(want))) << id;
  } else if (kind == "nan") {
    ASSERT_TRUE(numeric::decode(f, got).is_nan()) << id << ": " << numeric::format_value(f, got);
  }
  (void)t;
}

void count(std::string const& kind, Tally& t) {
  if (kind == "bits")
    ++t.bits;
  else if (kind == "value")
    ++t.value;
  else if (kind == "nan")
    ++t.nan;
  else
    ++t.disputed;
}

TEST(HardwareVectors, RdnaMatrixAndUniformRecords) {
  for (std::string const file : {"gfx1100_wmma_rocjitsu.jsonl", "gfx1201_wmma_rocjitsu.jsonl"}) {
    Tally t;
    for (json const& r : test::hw_records(file)) {
      std::string const id = r["id"];
      auto const* in = row_of(r);
      ASSERT_NE(in, nullptr) << id;
      std::vector<int> perm;
      if (r.contains("documented_k_of_source_k")) perm = r["documented_k_of_source_k"].get<std::vector<int>>();
      std::vector<int> const* p = perm.empty() ? nullptr : &perm;
      Matrix a, b, c, want;
      if (r["kind"] == "matrix") {
        a = matrix_of(r["A"], p);
        b = matrix_of(r["B"], nullptr, p);
        c = matrix_of(r["C"]);
        want = matrix_of(r["D"]);
      } else {
        ASSERT_EQ(r["kind"], "wmma_uniform") << id;
        a = Matrix(1, 16, 16), b = Matrix(1, 16, 16), c = Matrix(1, 16, 16), want = Matrix(1, 16, 16);
        for (int x = 0; x < 16; ++x)
          for (int k = 0; k < 16; ++k) {
            int const dk = p ? perm[size_t(k)] : k;
            a.at(0, x, dk) = hex(r["a_row"][size_t(k)]);
            b.at(0, dk, x) = hex(r["b_col"][size_t(k)]);
          }
        for (auto& v : c.bits) v = hex(r["c"]);
        for (auto& v : want.bits) v = hex(r["d"]);
      }
      for (int wave : r["wave_sizes"].get<std::vector<int>>()) {
        Issue is{in, wave, modifiers_of(r["modifiers"], *in)};
        std::vector<Issue> issues{is};
        if (r.contains("equivalent_modifiers"))
          for (auto const& em : r["equivalent_modifiers"]) {
            Issue alt = is;
            alt.mods.op_sel[2] = em["op_sel"][2].get<int>();
            issues.push_back(alt);
          }
        for (auto const& x : issues) {
          Matrix const d = execute(x, a, b, c);
          Matrix const dr = via_registers(x, a, b, c);
          ASSERT_EQ(d, dr) << id << ": register path differs from the matrix path";
          ASSERT_EQ(via_formulas_and_lanes(x, a, b, c), d) << id << ": the lane path on the formulas' places differs";
          numeric::Format const f = numeric_model(x).out;
          for (size_t e = 0; e < d.bits.size(); ++e)
            check_element(r["d_check"], json(fmt::format("{:#x}", want.bits[e])), d.bits[e], f, id, t,
                          static_cast<int>(e));
          t.elements += static_cast<int>(d.bits.size());
        }
      }
      count(r["d_check"], t);
    }
    std::cout << "[hw] " << file << ": " << t.text() << "\n";
    EXPECT_GT(t.bits, 40);
  }
}

TEST(HardwareVectors, RdnaRegisterImageCaptures) {
  for (std::string const file : {"gfx1100_wmma_operands_rocjitsu.jsonl", "gfx1201_wmma_operands_rocjitsu.jsonl"}) {
    Tally t;
    for (json const& r : test::hw_records(file)) {
      std::string const id = r["id"];
      auto const* in = row_of(r);
      ASSERT_NE(in, nullptr) << id;
      for (int wave : r["wave_sizes"].get<std::vector<int>>()) {
        Issue const is{in, wave, modifiers_of(r["modifiers"], *in)};
        RegisterOperands ops;
        ops.a = Registers(isa::vgprs(*in, wave, isa::Operand::kA), wave, static_cast<uint32_t>(hex(r["a_vgpr_word"])));
        ops.b = Registers(isa::vgprs(*in, wave, isa::Operand::kB), wave, static_cast<uint32_t>(hex(r["b_vgpr_word"])));
        auto const& src2 = r["operands"]["src2"];
        if (src2.contains("inline_constant"))
          ops.c_inline = src2["inline_constant"].get<int>();
        else
          ops.c =
              Registers(isa::vgprs(*in, wave, isa::Operand::kC), wave, static_cast<uint32_t>(hex(r["c_vgpr_word"])));
        int const dv = isa::vgprs(*in, wave, isa::Operand::kD);
        ops.d_prior = Registers(dv, wave, static_cast<uint32_t>(hex(r["d_initial_word"])));
        EXPECT_EQ(dv, r["d_vgprs_written"][std::to_string(wave)].get<int>()) << id;
        Registers const d = execute(is, ops);
        uint32_t const want = static_cast<uint32_t>(hex(r["d_word"]));
        if (!ops.c_inline) {
          // The lane path on the same words: each D element where the formulas put it, with the
          // captured word's bits there (a lane-major D has no prior contents to keep).
          Matrix const dl =
              test::reference_d(is, test::execute_lane_major(is, ops, ops.a.vgprs + ops.b.vgprs + ops.c.vgprs + 2));
          for (int i = 0; i < dl.rows; ++i)
            for (int j = 0; j < dl.cols; ++j) {
              auto const p = test::reference(*in, wave, isa::Operand::kD, {0, i, j}, is.mods).front();
              Registers const word(1, 1, want);
              ASSERT_EQ(dl.at(0, i, j), test::get_bits(word, {0, 0, p.bit_lo, p.bit_hi}))
                  << id << " wave" << wave << " lane path D[" << i << "][" << j << "]";
            }
          ++t.lane_path;
        }
        for (size_t w = 0; w < d.words.size(); ++w)
          ASSERT_EQ(d.words[w], want) << id << " wave" << wave << " VGPR " << w / size_t(wave) << " lane "
                                      << w % size_t(wave)
                                      << fmt::format(": got {:#010x}, hardware {:#010x}", d.words[w], want);
        t.elements += static_cast<int>(d.words.size());
      }
      count(r["d_check"], t);
    }
    std::cout << "[hw] " << file << ": " << t.text() << " (register words); " << t.lane_path
              << " record/wave pairs also through the lane path on the formulas' places\n";
    EXPECT_GT(t.lane_path, 0);
    EXPECT_EQ(t.bits, 440);
  }
}

// KMG's CDNA1, CDNA2 and CDNA3 dot records as MFMA elements, each on the generation of the
// architecture it was captured on.
TEST(HardwareVectors, KmgDotRecordsAsMfmaElements) {
  for (std::string const file : {"cdna1_mfma_kmg.jsonl", "cdna2_mfma_kmg.jsonl", "cdna3_mfma_kmg.jsonl"}) {
    Tally t;
    auto const records = test::hw_records(file);
    for (json const& r : records) {
      std::string const id = r["id"];
      isa::Arch const* arch = isa::find_arch(r["arch"].get<std::string>());
      ASSERT_NE(arch, nullptr) << id;
      auto const* in = isa::find_instruction(arch->gen, r["instruction"].get<std::string>());
      ASSERT_NE(in, nullptr) << id << ": " << r["instruction"];
      Issue const is{in, 64, modifiers_of(r["modifiers"], *in)};
      int const k = r["k"];
      ASSERT_EQ(k, in->k) << id;
      // Row 3 of A and column 5 of B carry the vector; every other element is zero.
      Matrix a(in->blocks, in->m, in->k), b(in->blocks, in->k, in->n), c(in->blocks, in->m, in->n);
      for (int l = 0; l < k; ++l) {
        a.at(0, 3, l) = hex(r["a"][size_t(l)]);
        b.at(0, l, 5) = hex(r["b"][size_t(l)]);
      }
      c.at(0, 3, 5) = hex(r["c"]);
      Matrix const d = execute(is, a, b, c);
      Matrix const dr = via_registers(is, a, b, c);
      ASSERT_EQ(d, dr) << id;
      ASSERT_EQ(via_formulas_and_lanes(is, a, b, c), d) << id << ": the lane path on the formulas' places differs";
      std::string const kind = r["d_check"];
      auto const f = numeric::parse_format(r["d_format"].get<std::string>());
      ASSERT_TRUE(f) << id;
      if (kind != "disputed") check_element(kind, r["d"].is_null() ? json("0x0") : r["d"], d.at(0, 3, 5), *f, id, t, 0);
      count(kind, t);
      ++t.elements;
    }
    std::cout << "[hw] " << file << ": " << t.text() << "\n";
    EXPECT_EQ(t.bits + t.value + t.nan + t.disputed, static_cast<int>(records.size())) << file;
    EXPECT_GT(records.size(), 0u) << file;
  }
}

} // namespace
} // namespace wavemma::emu
