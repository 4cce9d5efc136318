// The hardware's own answers through the GPU: every record of testdata/hw run by wavemma::cuda —
// the gfx1100/gfx1201 WMMA matrix, uniform and register-image records and the CDNA1/2/3 KMG dot
// records as products of one instruction (cuda::chain), the gfx1100/gfx1201 DOT2 records as dot
// products (cuda::dot_batch). An independent oracle: what AMD's hardware returned. Counts are
// printed per file. Without a GPU every test is skipped with the reason.

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "support/hw_records.hpp"
#include "wavemma/cuda/chain.hpp"
#include "wavemma/isa/arch.hpp"
#include "wavemma/numeric/format.hpp"

namespace wavemma::cuda {
namespace {

#define REQUIRE_GPU()                                                                                                  \
  do {                                                                                                                 \
    std::string why;                                                                                                   \
    if (!available(&why)) GTEST_SKIP() << "no GPU to run wavemma::cuda on: " << why;                                   \
  } while (0)

using emu::Issue;
using emu::Matrix;
using nlohmann::json;
using numeric::Format;

uint64_t hex(json const& v) { return std::stoull(v.get<std::string>(), nullptr, 16); }

isa::Generation gen_of(std::string const& arch) {
  return arch == "gfx942"    ? isa::Generation::kGfx94x
         : arch == "gfx1100" ? isa::Generation::kGfx11
                             : isa::Generation::kGfx12;
}

// The modifiers of a record as tests/emu/hw_vectors_test.cpp reads them.
isa::Modifiers modifiers_of(json const& m, isa::Instruction const& in) {
  isa::Modifiers mods;
  for (int t = 0; t < 3; ++t) {
    if (m.contains("neg_lo")) mods.neg_lo[t] = m["neg_lo"][t].get<int>();
    if (m.contains("neg_hi")) mods.neg_hi[t] = m["neg_hi"][t].get<int>();
  }
  if (in.gen == isa::Generation::kGfx11 && m.contains("op_sel")) mods.op_sel[2] = m["op_sel"][2].get<int>();
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

struct Tally {
  int bits = 0, value = 0, nan = 0, disputed = 0, refused = 0;
  long elements = 0;
  std::string text() const {
    return fmt::format("{} bits + {} value + {} nan records reproduced, {} disputed (not checked), {} refused; {} "
                       "D elements compared",
                       bits, value, nan, disputed, refused, elements);
  }
  void count(std::string const& kind) {
    if (kind == "bits")
      ++bits;
    else if (kind == "value")
      ++value;
    else if (kind == "nan")
      ++nan;
    else
      ++disputed;
  }
};

// d_check semantics of testdata/hw/README.md.
::testing::AssertionResult check(std::string const& kind, uint64_t want, uint64_t got, Format f) {
  bool ok = true;
  if (kind == "bits") ok = got == want;
  if (kind == "value") ok = numeric::to_double(f, got) == numeric::to_double(f, want);
  if (kind == "nan") ok = numeric::decode(f, got).is_nan();
  if (ok) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "GPU " << numeric::format_value(f, got) << ", hardware "
                                       << numeric::format_value(f, want) << " (" << kind << ")";
}

// One instruction as a product: D = the GPU's chain over one tile.
Matrix gpu_product(Issue const& is, Matrix const& a, Matrix const& b, Matrix const& c) {
  auto const& in = *is.instruction;
  Matrix d(1, in.m, in.n);
  emu::Product const p{in.m, in.n, in.k, a.bits.data(), nullptr, b.bits.data(), c.bits.data()};
  chain_from_host(is, p, d.bits.data());
  return d;
}

TEST(CudaHardwareVectors, RdnaMatrixAndUniformRecords) {
  REQUIRE_GPU();
  for (std::string const file : {"gfx1100_wmma_rocjitsu.jsonl", "gfx1201_wmma_rocjitsu.jsonl"}) {
    Tally t;
    for (json const& r : test::hw_records(file)) {
      std::string const id = r["id"];
      auto const* in = isa::find_instruction(gen_of(r["arch"]), r["instruction"].get<std::string>());
      ASSERT_NE(in, nullptr) << id;
      std::vector<int> perm;
      if (r.contains("documented_k_of_source_k")) perm = r["documented_k_of_source_k"].get<std::vector<int>>();
      std::vector<int> const* p = perm.empty() ? nullptr : &perm;
      Matrix a, b, c, want;
      if (r["kind"] == "matrix") {
        a = matrix_of(r["A"], p), b = matrix_of(r["B"], nullptr, p), c = matrix_of(r["C"]), want = matrix_of(r["D"]);
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
        Issue const is{in, wave, modifiers_of(r["modifiers"], *in)};
        Matrix const d = gpu_product(is, a, b, c);
        Format const f = emu::numeric_model(is).out;
        for (size_t e = 0; e < d.bits.size(); ++e)
          if (auto const ok = check(r["d_check"], want.bits[e], d.bits[e], f); !ok) {
            ADD_FAILURE() << id << " wave" << wave << " element " << e << ": " << ok.message();
            break; // the first element of this record that differs
          }
        t.elements += static_cast<long>(d.bits.size());
      }
      t.count(r["d_check"]);
    }
    std::cout << "[hw gpu] " << file << ": " << t.text() << "\n";
    EXPECT_GT(t.bits, 40);
  }
}

TEST(CudaHardwareVectors, RdnaRegisterImageCaptures) {
  REQUIRE_GPU();
  for (std::string const file : {"gfx1100_wmma_operands_rocjitsu.jsonl", "gfx1201_wmma_operands_rocjitsu.jsonl"}) {
    Tally t;
    for (json const& r : test::hw_records(file)) {
      std::string const id = r["id"];
      auto const* in = isa::find_instruction(gen_of(r["arch"]), r["instruction"].get<std::string>());
      ASSERT_NE(in, nullptr) << id;
      for (int wave : r["wave_sizes"].get<std::vector<int>>()) {
        Issue const is{in, wave, modifiers_of(r["modifiers"], *in)};
        auto const words = [&](isa::Operand op, char const* key) {
          return emu::Registers(isa::vgprs(*in, wave, op), wave, static_cast<uint32_t>(hex(r[key])));
        };
        Matrix const a = emu::from_registers(is, isa::Operand::kA, words(isa::Operand::kA, "a_vgpr_word"));
        Matrix const b = emu::from_registers(is, isa::Operand::kB, words(isa::Operand::kB, "b_vgpr_word"));
        Format const f = emu::numeric_model(is).out;
        Matrix c;
        auto const& src2 = r["operands"]["src2"];
        if (src2.contains("inline_constant")) { // C = the constant in every element (emu's inline_c)
          int const code = src2["inline_constant"].get<int>();
          c = Matrix(1, in->m, in->n);
          uint64_t const v =
              f == Format::kF32 ? numeric::inline_constant_32(code) : numeric::inline_constant_16(f, code);
          for (auto& x : c.bits) x = v;
        } else {
          c = emu::from_registers(is, isa::Operand::kC, words(isa::Operand::kC, "c_vgpr_word"));
        }
        int const dv = isa::vgprs(*in, wave, isa::Operand::kD);
        Matrix const want = emu::from_registers(is, isa::Operand::kD,
                                                emu::Registers(dv, wave, static_cast<uint32_t>(hex(r["d_word"]))));
        Matrix const d = gpu_product(is, a, b, c);
        for (size_t e = 0; e < d.bits.size(); ++e)
          if (auto const ok = check(r["d_check"], want.bits[e], d.bits[e], f); !ok) {
            ADD_FAILURE() << id << " wave" << wave << " element " << e << ": " << ok.message();
            break; // the first element of this record that differs
          }
        t.elements += static_cast<long>(d.bits.size());
      }
      t.count(r["d_check"]);
    }
    std::cout << "[hw gpu] " << file << ": " << t.text() << "\n";
    EXPECT_EQ(t.bits, 440);
  }
}

// KMG's CDNA1, CDNA2 and CDNA3 dot records as one element (row 3, column 5) of the instruction
// they name, on the generation of the architecture they were captured on.
TEST(CudaHardwareVectors, KmgDotRecordsAsMfmaElements) {
  REQUIRE_GPU();
  for (std::string const file : {"cdna1_mfma_kmg.jsonl", "cdna2_mfma_kmg.jsonl", "cdna3_mfma_kmg.jsonl"}) {
    Tally t;
    auto const records = test::hw_records(file);
    for (json const& r : records) {
      std::string const id = r["id"];
      isa::Arch const* arch = isa::find_arch(r["arch"].get<std::string>());
      ASSERT_NE(arch, nullptr) << id;
      auto const* in = isa::find_instruction(arch->gen, r["instruction"].get<std::string>());
      ASSERT_NE(in, nullptr) << id;
      Issue const is{in, 64, modifiers_of(r["modifiers"], *in)};
      int const k = r["k"];
      ASSERT_EQ(k, in->k) << id;
      Matrix a(1, in->m, in->k), b(1, in->k, in->n), c(1, in->m, in->n);
      for (int l = 0; l < k; ++l) {
        a.at(0, 3, l) = hex(r["a"][size_t(l)]);
        b.at(0, l, 5) = hex(r["b"][size_t(l)]);
      }
      c.at(0, 3, 5) = hex(r["c"]);
      std::string const kind = r["d_check"];
      auto const f = numeric::parse_format(r["d_format"].get<std::string>());
      ASSERT_TRUE(f) << id;
      Matrix const d = gpu_product(is, a, b, c);
      if (kind != "disputed") EXPECT_TRUE(check(kind, r["d"].is_null() ? 0 : hex(r["d"]), d.at(0, 3, 5), *f)) << id;
      t.count(kind);
      ++t.elements;
    }
    std::cout << "[hw gpu] " << file << ": " << t.text() << "\n";
    EXPECT_EQ(t.bits + t.value + t.nan + t.disputed, static_cast<int>(records.size())) << file;
  }
}

// The two 16-bit elements a VOP3P packed source delivers to the lo and hi lanes of the operation
// (as tests/numeric/hw_vectors_test.cpp reads them).
std::vector<uint64_t> packed_source(json const& src, Format f, json const& mods, int index) {
  uint32_t const word = src.contains("vgpr") ? static_cast<uint32_t>(hex(src.at("vgpr")))
                                             : numeric::inline_constant_packed(f, src.at("inline_constant").get<int>());
  auto const half = [](uint32_t w, int hi) { return static_cast<uint16_t>(hi != 0 ? w >> 16 : w & 0xFFFF); };
  uint16_t lo = half(word, mods.at("op_sel")[index].get<int>());
  uint16_t hi = half(word, mods.at("op_sel_hi")[index].get<int>());
  if (mods.at("neg_lo")[index].get<int>() != 0) lo ^= 0x8000;
  if (mods.at("neg_hi")[index].get<int>() != 0) hi ^= 0x8000;
  return {lo, hi};
}

TEST(CudaHardwareVectors, Dot2RecordsAsDotProducts) {
  REQUIRE_GPU();
  for (std::string const file : {"gfx1100_dot2_rocjitsu.jsonl", "gfx1201_dot2_rocjitsu.jsonl"}) {
    Tally t;
    auto const records = test::hw_records(file);
    for (json const& r : records) {
      std::string const ins = r.at("instruction");
      Format const f = ins == "v_dot2_f32_bf16" ? Format::kBf16 : Format::kF16;
      numeric::Model const m{r.at("arch") == "gfx1100" ? numeric::Engine::kRdna3Dot2 : numeric::Engine::kRdna4Dot4, f,
                             f, Format::kF32, 2};
      std::vector<uint64_t> a, b;
      uint64_t c = 0;
      if (r.at("kind") == "dot2") {
        for (auto const& x : r.at("a")) a.push_back(hex(x));
        for (auto const& x : r.at("b")) b.push_back(hex(x));
        c = hex(r.at("c"));
      } else {
        a = packed_source(r.at("src0"), f, r.at("modifiers"), 0);
        b = packed_source(r.at("src1"), f, r.at("modifiers"), 1);
        c = numeric::inline_constant_32(r.at("src2").at("inline_constant").get<int>());
      }
      uint64_t d = 0;
      dot_batch(m, 2, 1, a.data(), b.data(), &c, &d);
      std::string const kind = r.at("d_check");
      if (kind != "disputed") EXPECT_TRUE(check(kind, hex(r.at("d")), d, Format::kF32)) << r.at("id");
      t.count(kind);
      ++t.elements;
    }
    std::cout << "[hw gpu] " << file << ": " << t.text() << "\n";
    EXPECT_EQ(t.bits + t.value + t.nan + t.disputed, static_cast<int>(records.size())) << file;
  }
}

} // namespace
} // namespace wavemma::cuda
