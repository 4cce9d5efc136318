// Hardware test vectors (testdata/hw) through the numeric engines.
//
// kind "dot" (KMG, CDNA3/CDNA1), "dot2" and "dot2_operands" (rocjitsu DOT2) are checked per record;
// the WMMA "matrix" and "wmma_uniform" records are replayed through dot_tile on the mathematical
// matrices (the register layouts are the emulator's business).

#include "wavemma/numeric/engine.hpp"

#include "cdna12_oracle.hpp"
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

// How many gfx908 f16/bf16 records MMA-Sim's pairwise rule gets wrong (measured by the test below;
// docs/numerics.md §7 reports it).
constexpr int kCdna1PairwiseFailures = 671;

uint64_t hex(json const& j) { return std::stoull(j.get<std::string>(), nullptr, 16); }

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
    t.notes.push_back(r.at("id").get<std::string>() + " disputed: record " + r.at("d").get<std::string>() +
                      ", engine " + hex_str(got));
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
uint64_t tile_of_one(Model const& m, std::vector<uint64_t> const& a, std::vector<uint64_t> const& b, uint64_t c) {
  uint64_t d = 0;
  dot_tile(m, 1, 1, static_cast<int>(a.size()), a.data(), b.data(), &c, &d);
  return d;
}

// ---------------------------------------------------------------------------------------------
// KMG "dot" records.

// The engine each (architecture, instruction) uses: this table is the test's own statement of the
// models the catalog rows name (numerics.md §3.5 for gfx942; docs/numerics.md §4 for gfx908 and
// gfx90a). A record names its instruction and architecture; every record must find a model.
std::optional<Model> kmg_model(std::string const& arch, std::string const& instruction) {
  using F = Format;
  static std::map<std::pair<std::string, std::string>, Model> const models = {
      {{"gfx942", "v_mfma_f32_32x32x8_f16"}, {Engine::kCdna3FusedDot, F::kF16, F::kF16, F::kF32, 8}},
      {{"gfx942", "v_mfma_f32_16x16x16_f16"}, {Engine::kCdna3FusedDot, F::kF16, F::kF16, F::kF32, 8}},
      {{"gfx942", "v_mfma_f32_32x32x8_bf16"}, {Engine::kCdna3FusedDot, F::kBf16, F::kBf16, F::kF32, 8}},
      {{"gfx942", "v_mfma_f32_16x16x8_xf32"}, {Engine::kCdna3FusedDot, F::kXf32, F::kXf32, F::kF32, 4}},
      {{"gfx942", "v_mfma_f32_32x32x16_bf8_bf8"},
       {Engine::kCdna3Fp8Dot, F::kBf8E5M2Fnuz, F::kBf8E5M2Fnuz, F::kF32, 16}},
      {{"gfx942", "v_mfma_f32_32x32x16_fp8_bf8"},
       {Engine::kCdna3Fp8Dot, F::kFp8E4M3Fnuz, F::kBf8E5M2Fnuz, F::kF32, 16}},
      // gfx908 (CDNA1): fp32 is the SFMA chain; f16 blocks of 4, bf16 blocks of 2, exact.
      {{"gfx908", "v_mfma_f32_16x16x4f32"}, {Engine::kFmaChain, F::kF32, F::kF32, F::kF32, 1}},
      {{"gfx908", "v_mfma_f32_32x32x8f16"}, {Engine::kCdna1ExactDot, F::kF16, F::kF16, F::kF32, 4}},
      {{"gfx908", "v_mfma_f32_16x16x16f16"}, {Engine::kCdna1ExactDot, F::kF16, F::kF16, F::kF32, 4}},
      {{"gfx908", "v_mfma_f32_16x16x8bf16"}, {Engine::kCdna1ExactDot, F::kBf16, F::kBf16, F::kF32, 2}},
      // gfx90a (CDNA2): pairwise with flush; f16 and bf16_1k groups of 4, plain bf16 groups of 2.
      {{"gfx90a", "v_mfma_f32_32x32x8f16"}, {Engine::kCdna2PairwiseDot, F::kF16, F::kF16, F::kF32, 4}},
      {{"gfx90a", "v_mfma_f32_16x16x16f16"}, {Engine::kCdna2PairwiseDot, F::kF16, F::kF16, F::kF32, 4}},
      {{"gfx90a", "v_mfma_f32_32x32x8bf16_1k"}, {Engine::kCdna2PairwiseDot, F::kBf16, F::kBf16, F::kF32, 4}},
      {{"gfx90a", "v_mfma_f32_16x16x16bf16_1k"}, {Engine::kCdna2PairwiseDot, F::kBf16, F::kBf16, F::kF32, 4}},
      {{"gfx90a", "v_mfma_f32_16x16x8bf16"}, {Engine::kCdna2PairwiseDot, F::kBf16, F::kBf16, F::kF32, 2}},
  };
  auto it = models.find({arch, instruction});
  if (it == models.end()) return std::nullopt;
  return it->second;
}

struct DotRecord {
  std::vector<uint64_t> a, b;
  uint64_t c;
};
DotRecord dot_record(json const& r) {
  DotRecord d{{}, {}, hex(r.at("c"))};
  for (auto const& x : r.at("a")) d.a.push_back(hex(x));
  for (auto const& x : r.at("b")) d.b.push_back(hex(x));
  EXPECT_EQ(static_cast<int>(d.a.size()), r.at("k").get<int>()) << r.at("id");
  return d;
}

void run_kmg_file(std::string const& file) {
  Tally t;
  std::map<std::string, int> by_engine;
  auto const records = test::hw_records(file);
  for (json const& r : records) {
    ASSERT_EQ(r.at("kind"), "dot");
    std::optional<Model> const m = kmg_model(r.at("arch"), r.at("instruction"));
    ASSERT_TRUE(m.has_value()) << "no model for " << r.at("arch") << " " << r.at("instruction");
    DotRecord const v = dot_record(r);
    uint64_t const got = dot(*m, v.a, v.b, v.c);
    EXPECT_EQ(tile_of_one(*m, v.a, v.b, v.c), got) << r.at("id") << ": dot_tile differs from dot";
    EXPECT_TRUE(check_d(r, got, t)) << r.at("id") << " " << r.at("family") << " " << r.value("description", "")
                                    << ": expected " << r.at("d") << " got " << hex_str(got);
    ++by_engine[std::string(engine_name(m->engine)) + " group " + std::to_string(m->group)];
  }
  for (auto const& [engine, n] : by_engine) t.notes.push_back(std::to_string(n) + " through " + engine);
  t.report(file);
  EXPECT_EQ(t.failed, 0);
  int passed = 0;
  for (auto const& [check, n] : t.passed) passed += n;
  EXPECT_EQ(passed + t.failed + t.disputed, static_cast<int>(records.size())) << file << ": every record accounted for";
}

TEST(HwVectors, Cdna3KmgDotRecords) { run_kmg_file("cdna3_mfma_kmg.jsonl"); }
TEST(HwVectors, Cdna1KmgDotRecordsThroughTheExactBlockEngine) { run_kmg_file("cdna1_mfma_kmg.jsonl"); }
TEST(HwVectors, Cdna2KmgDotRecordsThroughThePairwiseEngine) { run_kmg_file("cdna2_mfma_kmg.jsonl"); }

// The records of a file whose instruction takes `engine`, checked against a rule of the test's
// own: how many the rule gets right and which it gets wrong.
struct RuleScore {
  int checked = 0, failed = 0;
  std::map<std::string, int> failed_by_family;
  std::string first_failure;
};
template <class Rule>
RuleScore score_rule(std::string const& file, Engine engine, Rule rule) {
  RuleScore s;
  for (json const& r : test::hw_records(file)) {
    std::optional<Model> const m = kmg_model(r.at("arch"), r.at("instruction"));
    if (!m || m->engine != engine) continue;
    DotRecord const v = dot_record(r);
    uint64_t const got = rule(*m, v);
    Tally scratch;
    ++s.checked;
    if (!check_d(r, got, scratch)) {
      ++s.failed;
      ++s.failed_by_family[r.at("family")];
      if (s.first_failure.empty())
        s.first_failure = r.at("id").get<std::string>() + " (" + r.value("description", "") + "): hardware " +
                          r.at("d").get<std::string>() + ", rule " + hex_str(got);
    }
  }
  return s;
}

oracle::Half half_of_format(Format f) { return f == Format::kBf16 ? oracle::Half::kBf16 : oracle::Half::kF16; }

// The sources disagree on CDNA1 (reference/cdna-generations.md): KMG rounds each block once, from
// the exact sum (kCdna1ExactDot, which passes every record above); MMA-Sim models CDNA1 as CDNA2's
// pairwise rule without the flush. The gfx908 vectors decide: the pairwise rule, run here from the
// test's own host-float oracle, fails these records.
TEST(HwVectors, Cdna1VectorsRejectThePairwiseRuleOfMmaSim) {
  RuleScore const s =
      score_rule("cdna1_mfma_kmg.jsonl", Engine::kCdna1ExactDot, [](Model const& m, DotRecord const& v) {
        return oracle::pairwise_rule(half_of_format(m.a), half_of_format(m.b), v.a, v.b, static_cast<uint32_t>(v.c),
                                     m.group, /*flush=*/false);
      });
  std::cout << "[hw] cdna1_mfma_kmg.jsonl, MMA-Sim's pairwise rule (no flush): " << s.failed << " of " << s.checked
            << " f16/bf16 records fail\n";
  for (auto const& [family, n] : s.failed_by_family) std::cout << "[hw]   " << n << " " << family << "\n";
  std::cout << "[hw]   first: " << s.first_failure << "\n";
  EXPECT_EQ(s.checked, 769);
  EXPECT_EQ(s.failed, kCdna1PairwiseFailures);
  // The same rule with CDNA2's flush is no better.
  RuleScore const flushed =
      score_rule("cdna1_mfma_kmg.jsonl", Engine::kCdna1ExactDot, [](Model const& m, DotRecord const& v) {
        return oracle::pairwise_rule(half_of_format(m.a), half_of_format(m.b), v.a, v.b, static_cast<uint32_t>(v.c),
                                     m.group, /*flush=*/true);
      });
  std::cout << "[hw] cdna1_mfma_kmg.jsonl, the pairwise rule with CDNA2's flush: " << flushed.failed << " of "
            << flushed.checked << " fail\n";
  EXPECT_GT(flushed.failed, 0);
}

// The host-float oracle of the pairwise rule agrees with the hardware on every gfx90a record, and
// the exact-block rule of CDNA1 does not: the two generations really differ.
TEST(HwVectors, Cdna2VectorsPassTheOracleAndRejectTheExactRule) {
  RuleScore const pairwise =
      score_rule("cdna2_mfma_kmg.jsonl", Engine::kCdna2PairwiseDot, [](Model const& m, DotRecord const& v) {
        return oracle::pairwise_rule(half_of_format(m.a), half_of_format(m.b), v.a, v.b, static_cast<uint32_t>(v.c),
                                     m.group, /*flush=*/true);
      });
  EXPECT_EQ(pairwise.checked, 61);
  EXPECT_EQ(pairwise.failed, 0) << pairwise.first_failure;
  RuleScore const exact =
      score_rule("cdna2_mfma_kmg.jsonl", Engine::kCdna2PairwiseDot, [](Model m, DotRecord const& v) {
        m.engine = Engine::kCdna1ExactDot;
        return dot(m, v.a, v.b, v.c);
      });
  std::cout << "[hw] cdna2_mfma_kmg.jsonl, CDNA1's exact-block rule: " << exact.failed << " of " << exact.checked
            << " records fail; first: " << exact.first_failure << "\n";
  EXPECT_GT(exact.failed, 0);
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

uint16_t half_of(uint32_t word, int hi) { return static_cast<uint16_t>(hi != 0 ? word >> 16 : word & 0xFFFF); }

// The two 16-bit elements a VOP3P packed source delivers to the lo and hi lanes of the operation.
std::vector<uint64_t> packed_source(json const& src, Format f, json const& mods, int index) {
  uint32_t const word = src.contains("vgpr") ? static_cast<uint32_t>(hex(src.at("vgpr")))
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
      c = inline_constant_32(r.at("src2").at("inline_constant").get<int>()); // f32 C: the 32-bit value
    }
    uint64_t const got = dot(m, a, b, c);
    EXPECT_EQ(tile_of_one(m, a, b, c), got) << r.at("id") << ": dot_tile differs from dot";
    EXPECT_TRUE(check_d(r, got, t)) << r.at("id") << ": expected " << r.at("d") << " got " << hex_str(got);
  }
  t.report(file);
  EXPECT_EQ(n, expected_records);
  EXPECT_EQ(t.failed, 0);
}

TEST(HwVectors, Gfx1100Dot2RecordsThroughRdna3Dot2) { run_dot2_file("gfx1100_dot2_rocjitsu.jsonl", 151); }
TEST(HwVectors, Gfx1201Dot2RecordsThroughRdna4Dot4Group2) { run_dot2_file("gfx1201_dot2_rocjitsu.jsonl", 169); }

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
  if (r.contains("documented_k_of_source_k")) doc_k = r.at("documented_k_of_source_k").get<std::vector<int>>();
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
      uint64_t const ref =
          dot(m, std::span(tile.a).subspan(e / 16 * 16, 16), std::span(tile.bt).subspan(e % 16 * 16, 16), tile.c[e]);
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
  t.notes.push_back(std::to_string(elements) + " D elements replayed through dot_tile (bonus check; the emulator "
                                               "layer owns these records)");
  t.report(file);
  EXPECT_EQ(t.failed, 0);
  EXPECT_EQ(t.passed["bits"] + t.failed, static_cast<int>(test::hw_records(file).size()))
      << file << ": every record replayed";
}

TEST(HwVectors, Gfx1100WmmaMatricesThroughDotTile) { run_wmma_file("gfx1100_wmma_rocjitsu.jsonl"); }
TEST(HwVectors, Gfx1201WmmaMatricesThroughDotTile) { run_wmma_file("gfx1201_wmma_rocjitsu.jsonl"); }

} // namespace
} // namespace wavemma::numeric
