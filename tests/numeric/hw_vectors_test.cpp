// Hardware test vectors (testdata/hw) through the numeric engines.
//
// kind "dot" (KMG, CDNA3/CDNA1), "dot2" and "dot2_operands" (rocjitsu DOT2) are checked per record;
// the WMMA "matrix" and "wmma_uniform" records are replayed through dot_tile on the mathematical
// matrices (the register layouts are the emulator's business).

#include "wavemma/numeric/engine.hpp"

#include "support/hw_records.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace wavemma::numeric {
namespace {

using nlohmann::json;

uint64_t hex(json const& j) {
  return std::stoull(j.get<std::string>(), nullptr, 16);
}

std::string hex_str(uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}

// Tally of one file, printed so that it shows in `ctest -V`.
struct Tally {
  std::map<std::string, int> passed; // by d_check
  int failed = 0;
  int disputed = 0;
  int skipped = 0;
  std::vector<std::string> notes;

  void report(std::string const& file) const {
    std::ostringstream os;
    os << "[hw] " << file << ":";
    char const* sep = " ";
    for (auto const& [check, n] : passed) {
      os << sep << n << " " << check;
      sep = " + ";
    }
    os << " passed";
    if (failed != 0) os << ", " << failed << " FAILED";
    if (disputed != 0) os << ", " << disputed << " disputed";
    if (skipped != 0) os << ", " << skipped << " skipped";
    std::cout << os.str() << "\n";
    for (auto const& n : notes) std::cout << "[hw]   " << n << "\n";
    ::testing::Test::RecordProperty(file, os.str());
  }
};

// Compares per the record's d_check; returns false when a checked record disagrees.
bool check_d(json const& r, uint64_t got, Tally& t) {
  std::string const check = r.at("d_check");
  bool ok = false;
  if (check == "bits") {
    ok = got == hex(r.at("d"));
  } else if (check == "value") { // numeric value, either zero sign
    ok = to_double(Format::kF32, got) == to_double(Format::kF32, hex(r.at("d")));
  } else if (check == "nan") {
    ok = std::isnan(to_double(Format::kF32, got));
  } else if (check == "disputed") {
    ++t.disputed;
    t.notes.push_back(r.at("id").get<std::string>() + " disputed: record " +
                      r.at("d").get<std::string>() + ", engine " + hex_str(got));
    return true;
  }
  if (ok) {
    ++t.passed[check];
  } else {
    ++t.failed;
  }
  return ok;
}

// The same element through the batched path (a 1x1 tile, so the vectorised kernels see it too).
uint64_t tile_of_one(Model const& m, std::vector<uint64_t> const& a, std::vector<uint64_t> const& b,
                     uint64_t c) {
  uint64_t d = 0;
  dot_tile(m, 1, 1, static_cast<int>(a.size()), a.data(), b.data(), &c, &d);
  return d;
}

// ---------------------------------------------------------------------------------------------
// KMG "dot" records.

// The engine each instruction uses (numerics.md §3.5): this table is the test's own statement.
std::optional<Model> kmg_model(std::string const& instruction) {
  static std::map<std::string, Model> const models = {
      {"v_mfma_f32_32x32x8_f16",
       {Engine::kCdna3FusedDot, Format::kF16, Format::kF16, Format::kF32, 8}},
      {"v_mfma_f32_16x16x16_f16",
       {Engine::kCdna3FusedDot, Format::kF16, Format::kF16, Format::kF32, 8}},
      {"v_mfma_f32_32x32x8_bf16",
       {Engine::kCdna3FusedDot, Format::kBf16, Format::kBf16, Format::kF32, 8}},
      {"v_mfma_f32_16x16x8_xf32",
       {Engine::kCdna3FusedDot, Format::kXf32, Format::kXf32, Format::kF32, 4}},
      {"v_mfma_f32_32x32x16_bf8_bf8",
       {Engine::kCdna3Fp8Dot, Format::kBf8E5M2Fnuz, Format::kBf8E5M2Fnuz, Format::kF32, 16}},
      {"v_mfma_f32_32x32x16_fp8_bf8",
       {Engine::kCdna3Fp8Dot, Format::kFp8E4M3Fnuz, Format::kBf8E5M2Fnuz, Format::kF32, 16}},
      // gfx908 fp32 MFMA: the SFMA chain (the CDNA3 f32 model).
      {"v_mfma_f32_16x16x4f32", {Engine::kFmaChain, Format::kF32, Format::kF32, Format::kF32, 1}},
  };
  auto it = models.find(instruction);
  if (it == models.end()) return std::nullopt;
  return it->second;
}

void run_kmg_file(std::string const& file, bool all_must_have_model) {
  Tally t;
  std::map<std::string, int> skipped_by_instruction;
  for (json const& r : test::hw_records(file)) {
    ASSERT_EQ(r.at("kind"), "dot");
    std::optional<Model> const m = kmg_model(r.at("instruction"));
    if (!m) {
      EXPECT_FALSE(all_must_have_model) << "no model for " << r.at("instruction");
      ++t.skipped;
      ++skipped_by_instruction[r.at("instruction")];
      continue;
    }
    std::vector<uint64_t> a;
    std::vector<uint64_t> b;
    for (auto const& x : r.at("a")) a.push_back(hex(x));
    for (auto const& x : r.at("b")) b.push_back(hex(x));
    ASSERT_EQ(static_cast<int>(a.size()), r.at("k").get<int>());
    uint64_t const got = dot(*m, a, b, hex(r.at("c")));
    EXPECT_EQ(tile_of_one(*m, a, b, hex(r.at("c"))), got)
        << r.at("id") << ": dot_tile differs from dot";
    EXPECT_TRUE(check_d(r, got, t))
        << r.at("id") << " " << r.at("family") << " " << r.value("description", "") << ": expected "
        << r.at("d") << " got " << hex_str(got);
  }
  for (auto const& [instruction, n] : skipped_by_instruction) {
    t.notes.push_back("skipped " + std::to_string(n) + " " + instruction +
                      " (another architecture's model, not part of the CDNA3 engines)");
  }
  t.report(file);
  EXPECT_EQ(t.failed, 0);
  int passed = 0;
  for (auto const& [check, n] : t.passed) passed += n;
  EXPECT_EQ(passed + t.failed + t.disputed + t.skipped, static_cast<int>(test::hw_records(file).size())) << file << ": every record accounted for";
}

TEST(HwVectors, Cdna3KmgDotRecords) {
  run_kmg_file("cdna3_mfma_kmg.jsonl", true);
}

// Only the fp32 (SFMA) vectors are CDNA3's model; the gfx908 f16/bf16 block models differ.
TEST(HwVectors, Cdna1KmgFp32RecordsPassTheFmaChain) {
  run_kmg_file("cdna1_mfma_kmg.jsonl", false);
}

TEST(HwVectors, Cdna2KmgRecordsAreAnotherArchitecture) {
  Tally t;
  for (json const& r : test::hw_records("cdna2_mfma_kmg.jsonl")) {
    EXPECT_FALSE(
        kmg_model(r.at("instruction")).has_value()); // gfx90a: no fp32 vectors in this file
    ++t.skipped;
  }
  t.notes.push_back("gfx90a pairwise/flush block models are not CDNA3 engines; nothing to run");
  t.report("cdna2_mfma_kmg.jsonl");
  EXPECT_EQ(t.skipped, 61);
}

// ---------------------------------------------------------------------------------------------
// rocjitsu DOT2 records.

Model dot2_model(json const& r) {
  std::string const arch = r.at("arch");
  std::string const ins = r.at("instruction");
  Format const f = ins == "v_dot2_f32_bf16" ? Format::kBf16 : Format::kF16;
  EXPECT_TRUE(ins == "v_dot2_f32_bf16" || ins == "v_dot2_f32_f16") << ins;
  Engine const e = arch == "gfx1100" ? Engine::kRdna3Dot2 : Engine::kRdna4Dot4;
  return {e, f, f, Format::kF32, 2};
}

uint16_t half_of(uint32_t word, int hi) {
  return static_cast<uint16_t>(hi != 0 ? word >> 16 : word & 0xFFFF);
}

// The two 16-bit elements a VOP3P packed source delivers to the lo and hi lanes of the operation.
std::vector<uint64_t> packed_source(json const& src, Format f, json const& mods, int index) {
  uint32_t const word = src.contains("vgpr")
                            ? static_cast<uint32_t>(hex(src.at("vgpr")))
                            : inline_constant_packed(f, src.at("inline_constant").get<int>());
  uint16_t lo = half_of(word, mods.at("op_sel")[index].get<int>());
  uint16_t hi = half_of(word, mods.at("op_sel_hi")[index].get<int>());
  if (mods.at("neg_lo")[index].get<int>() != 0) lo ^= 0x8000;
  if (mods.at("neg_hi")[index].get<int>() != 0) hi ^= 0x8000;
  return {lo, hi};
}

void run_dot2_file(std::string const& file, int expected_records) {
  Tally t;
  int n = 0;
  for (json const& r : test::hw_records(file)) {
    ++n;
    Model const m = dot2_model(r);
    std::vector<uint64_t> a;
    std::vector<uint64_t> b;
    uint64_t c = 0;
    std::string const kind = r.at("kind");
    if (kind == "dot2") {
      for (auto const& x : r.at("a")) a.push_back(hex(x));
      for (auto const& x : r.at("b")) b.push_back(hex(x));
      c = hex(r.at("c"));
      // The records' a/b are the halves of src0/src1 under the default op_sel_hi = 1.
      EXPECT_EQ(a, packed_source(json{{"vgpr", r.at("src0")}}, m.a, r.at("modifiers"), 0));
      EXPECT_EQ(b, packed_source(json{{"vgpr", r.at("src1")}}, m.b, r.at("modifiers"), 1));
    } else {
      ASSERT_EQ(kind, "dot2_operands");
      a = packed_source(r.at("src0"), m.a, r.at("modifiers"), 0);
      b = packed_source(r.at("src1"), m.b, r.at("modifiers"), 1);
      c = inline_constant_32(
          r.at("src2").at("inline_constant").get<int>()); // f32 C: the 32-bit value
    }
    uint64_t const got = dot(m, a, b, c);
    EXPECT_EQ(tile_of_one(m, a, b, c), got) << r.at("id") << ": dot_tile differs from dot";
    EXPECT_TRUE(check_d(r, got, t))
        << r.at("id") << ": expected " << r.at("d") << " got " << hex_str(got);
  }
  t.report(file);
  EXPECT_EQ(n, expected_records);
  EXPECT_EQ(t.failed, 0);
}

TEST(HwVectors, Gfx1100Dot2RecordsThroughRdna3Dot2) {
  run_dot2_file("gfx1100_dot2_rocjitsu.jsonl", 151);
}
TEST(HwVectors, Gfx1201Dot2RecordsThroughRdna4Dot4Group2) {
  run_dot2_file("gfx1201_dot2_rocjitsu.jsonl", 169);
}

// ---------------------------------------------------------------------------------------------
// rocjitsu WMMA matrices, replayed through dot_tile (16x16x16, documented K order).

Model wmma_model(json const& r) {
  std::string const ins = r.at("instruction");
  Format const in = ins.ends_with("_bf16") ? Format::kBf16 : Format::kF16;
  Format out = Format::kF32;
  if (ins.starts_with("v_wmma_f16_")) out = Format::kF16;
  if (ins.starts_with("v_wmma_bf16_")) out = Format::kBf16;
  bool const gfx11 = r.at("arch") == "gfx1100";
  Model m{gfx11 ? Engine::kRdna3Dot2 : Engine::kRdna4Dot4, in, in, out, gfx11 ? 2 : 4};
  m.fp16_ovfl = r.at("modifiers").value("fp16_ovfl", 0) != 0;
  return m;
}

struct Tile {
  std::vector<uint64_t> a, bt, c, d; // 16x16 each, A row-major, B transposed
};

Tile wmma_tile(json const& r) {
  Tile t;
  t.a.assign(256, 0);
  t.bt.assign(256, 0);
  t.c.assign(256, 0);
  t.d.assign(256, 0);
  std::vector<int> doc_k(16);
  for (int k = 0; k < 16; ++k) doc_k[static_cast<size_t>(k)] = k;
  if (r.contains("documented_k_of_source_k"))
    doc_k = r.at("documented_k_of_source_k").get<std::vector<int>>();
  auto at = [](int row, int col) { return static_cast<size_t>(row * 16 + col); };
  for (int i = 0; i < 16; ++i) {
    for (int k = 0; k < 16; ++k) {
      int const dk = doc_k[static_cast<size_t>(k)];
      if (r.at("kind") == "matrix") {
        t.a[at(i, dk)] = hex(r.at("A")[i][k]);
        t.bt[at(i, dk)] = hex(r.at("B")[k][i]); // Bt[j][K] = B[K][j] with j = i
      } else {
        t.a[at(i, dk)] = hex(r.at("a_row")[k]);
        t.bt[at(i, dk)] = hex(r.at("b_col")[k]);
      }
    }
    for (int j = 0; j < 16; ++j) {
      bool const uniform = r.at("kind") == "wmma_uniform";
      t.c[at(i, j)] = hex(uniform ? r.at("c") : r.at("C")[i][j]);
      t.d[at(i, j)] = hex(uniform ? r.at("d") : r.at("D")[i][j]);
    }
  }
  return t;
}

void run_wmma_file(std::string const& file) {
  Tally t;
  int elements = 0;
  for (json const& r : test::hw_records(file)) {
    if (r.at("kind") != "matrix" && r.at("kind") != "wmma_uniform") continue;
    Model const m = wmma_model(r);
    Tile const tile = wmma_tile(r);
    std::vector<uint64_t> d(256);
    dot_tile(m, 16, 16, 16, tile.a.data(), tile.bt.data(), tile.c.data(), d.data());
    int mismatches = 0;
    for (size_t e = 0; e < 256; ++e) {
      uint64_t const ref = dot(m, std::span(tile.a).subspan(e / 16 * 16, 16),
                               std::span(tile.bt).subspan(e % 16 * 16, 16), tile.c[e]);
      EXPECT_EQ(d[e], ref) << r.at("id") << " element " << e << ": dot_tile differs from dot";
      if (d[e] != tile.d[e]) ++mismatches;
    }
    elements += 256;
    EXPECT_EQ(mismatches, 0) << r.at("id") << ": " << mismatches << " of 256 elements differ";
    if (mismatches == 0) {
      ++t.passed["bits"];
    } else {
      ++t.failed;
    }
  }
  t.notes.push_back(std::to_string(elements) +
                    " D elements replayed through dot_tile (bonus check; the emulator "
                    "layer owns these records)");
  t.report(file);
  EXPECT_EQ(t.failed, 0);
  EXPECT_EQ(t.passed["bits"] + t.failed, static_cast<int>(test::hw_records(file).size())) << file << ": every record replayed";
}

TEST(HwVectors, Gfx1100WmmaMatricesThroughDotTile) {
  run_wmma_file("gfx1100_wmma_rocjitsu.jsonl");
}
TEST(HwVectors, Gfx1201WmmaMatricesThroughDotTile) {
  run_wmma_file("gfx1201_wmma_rocjitsu.jsonl");
}

} // namespace
} // namespace wavemma::numeric
