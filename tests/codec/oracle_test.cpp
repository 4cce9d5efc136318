// The codec against llvm-mc-22, run at test time (reference/encoding.md §7): for every instruction
// of every target, the same bytes, the same text and the same rejections; and a decoder sweep
// over words around the valid encodings.

#include "cases.hpp"
#include "llvm_mc.hpp"
#include "wavemma/codec/codec.hpp"
#include "wavemma/codec/fields.hpp"

#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <set>

namespace wavemma::codec {
namespace {

using test::llvm_mc::McTarget;
using Expect = test::codec_cases::Expect;
using Status = test::llvm_mc::Disassembled::Status;

// Collects disagreements; reports the first ones in full and the rest as a count.
class Mismatches {
public:
  explicit Mismatches(std::string what) : what_(std::move(what)) {}
  void add(std::string msg) {
    if (shown_.size() < kShown) shown_.push_back(std::move(msg));
    ++count_;
  }
  ~Mismatches() {
    if (count_ == 0) return;
    std::string all;
    for (auto const& m : shown_) all += "\n  " + m;
    ADD_FAILURE() << count_ << " " << what_ << " disagreement(s) with llvm-mc-22:" << all
                  << (count_ > kShown ? fmt::format("\n  ... and {} more", count_ - kShown) : "");
  }

private:
  static constexpr size_t kShown = 25;
  std::string what_;
  std::vector<std::string> shown_;
  size_t count_ = 0;
};

std::string bytes_text(std::vector<uint8_t> const& b) { return format_bytes(b); }

// Items of two words (the scaled MFMA's 16 bytes).
size_t two_word_items(std::vector<Bytes> const& items) {
  return static_cast<size_t>(
      std::count_if(items.begin(), items.end(), [](Bytes const& w) { return w.size() > kWordBytes; }));
}

std::string mnemonic_of(std::string const& text) { return text.substr(0, text.find(' ')); }

class Oracle : public ::testing::TestWithParam<McTarget> {
protected:
  void SetUp() override {
    ASSERT_TRUE(test::llvm_mc::available()) << "llvm-mc-22 is the oracle of these tests: install llvm-22";
  }
};

TEST_P(Oracle, AssemblerAndDisassemblerAgree) {
  McTarget const& t = GetParam();
  Target const target = t.target();
  auto const cases = test::codec_cases::text_cases(target);
  std::vector<std::string> texts;
  for (auto const& c : cases) texts.push_back(c.text);
  auto const llvm = test::llvm_mc::assemble(t, texts);

  Mismatches bad("assembler");
  std::map<std::string, int> rejected_by_group;
  size_t encodings = 0, rejections = 0, prefixes_alone = 0;
  std::vector<Bytes> words;
  std::vector<std::string> expected_text, asymmetric;
  std::vector<bool> no_way_back; // decodes_back() says llvm-mc's disassembler refuses it
  std::set<std::string> seen;
  for (size_t i = 0; i < cases.size(); ++i) {
    auto const& c = cases[i];
    auto const& L = llvm[i];
    std::string const where = fmt::format("[{}] {}", c.what, c.text);
    if (c.expect == Expect::kAccept && !L.ok)
      bad.add(fmt::format("{}: the catalog says legal, llvm-mc rejects: {}", where, L.error));
    if (c.expect == Expect::kReject && L.ok)
      bad.add(fmt::format("{}: expected a rejection, llvm-mc accepts: {}", where, L.text));
    auto const mine = parse(c.text, target);
    if (!L.ok) {
      if (mine)
        bad.add(fmt::format("{}: llvm-mc rejects ({}), wavemma accepts: {}", where, L.error, print(*mine)));
      else {
        ++rejections;
        ++rejected_by_group[c.what];
      }
      continue;
    }
    if (!mine) {
      bad.add(fmt::format("{}: llvm-mc accepts ({}), wavemma rejects: {}", where, L.text, mine.error().message));
      continue;
    }
    auto const bytes = encode(*mine);
    if (!bytes) {
      bad.add(fmt::format("{}: parsed but not encoded: {}", where, bytes.error().message));
      continue;
    }
    std::string const printed = print(*mine);
    if (bytes_text(*bytes) != bytes_text(L.bytes))
      bad.add(fmt::format("{}: bytes {} (llvm-mc {})", where, bytes_text(*bytes), bytes_text(L.bytes)));
    if (printed != L.text) bad.add(fmt::format("{}: prints '{}' (llvm-mc '{}')", where, printed, L.text));
    // Round trip: text -> bytes -> instruction -> text -> instruction -> bytes.
    auto const decoded = decode(*bytes, target);
    auto const reparsed = parse(printed, target);
    if (decoded && !(*decoded == *mine) && decodes_back(*mine))
      bad.add(fmt::format("{}: decode(encode(x)) != x", where));
    if (print_reparses(*mine)) {
      if (!reparsed || !(*reparsed == *mine)) bad.add(fmt::format("{}: parse(print(x)) != x", where));
      if (reparsed && bytes_text(encode(*reparsed).value()) != bytes_text(*bytes))
        bad.add(fmt::format("{}: re-encoding differs", where));
    } else {
      if (reparsed) bad.add(fmt::format("{}: print_reparses says no, but '{}' parses", where, printed));
      asymmetric.push_back(printed); // llvm-mc must reject its own text too: checked below
    }
    ++encodings;
    prefixes_alone += scale_prefix(*mine->row) != nullptr;
    if (seen.insert(bytes_text(L.bytes)).second) {
      words.push_back(L.bytes);
      expected_text.push_back(L.text);
      no_way_back.push_back(!decodes_back(*mine));
    }
  }

  // Texts llvm-mc prints but does not read back: its assembler must reject them as wavemma's does.
  auto const asym = test::llvm_mc::assemble(t, asymmetric.empty() ? std::vector<std::string>{} : asymmetric);
  for (size_t i = 0; i < asym.size(); ++i)
    if (asym[i].ok) bad.add(fmt::format("'{}': llvm-mc reads its own text back, wavemma does not", asymmetric[i]));

  // Every distinct encoding llvm-mc produced, back through both disassemblers.
  auto const dis = test::llvm_mc::disassemble(t, words);
  std::set<std::string> ours;
  for (auto const* row : instructions(target.gen)) ours.insert(std::string(row->mnemonic));
  Mismatches bad_dis("disassembler");
  size_t disassemblies = 0, not_disassembled = 0;
  for (size_t i = 0; i < words.size(); ++i) {
    std::string const where = fmt::format("{} ({})", bytes_text(words[i]), expected_text[i]);
    auto const mine = disassemble(words[i], target);
    if (dis[i].status == Status::kInvalid) { // llvm-mc's disassembler rejects what its assembler made
      if (mine)
        bad_dis.add(fmt::format("{}: llvm-mc: invalid instruction encoding; wavemma: {}", where, *mine));
      else
        ++not_disassembled;
      continue;
    }
    if (dis[i].status != Status::kDecoded) {
      bad_dis.add(fmt::format("{}: llvm-mc output not mapped", where));
      continue;
    }
    // llvm-mc decodes another instruction first (the scaled MFMA's prefix on its own, when the MFMA
    // word after it is one its disassembler refuses): the codec must say "not a matrix
    // instruction".
    if (!ours.count(mnemonic_of(dis[i].text))) {
      if (mine || mine.error().kind != ErrorKind::kNotMatrix)
        bad_dis.add(fmt::format("{}: llvm-mc decodes '{}' first; wavemma: {}", where, dis[i].text,
                                mine ? *mine : mine.error().message));
      else
        ++not_disassembled;
      continue;
    }
    // A scaled form llvm-mc-22 assembles but does not decode (a special C, a scale it cannot read
    // back): it decodes the prefix alone, and wavemma must do the same or refuse the bytes
    // (src_lds_direct as a scale: llvm-mc-22 reads a literal after it; wavemma refuses the bytes.)
    if (dis[i].text != expected_text[i] && no_way_back[i] && (!mine || *mine == dis[i].text)) {
      ++not_disassembled;
      continue;
    }
    if (dis[i].text != expected_text[i])
      bad_dis.add(fmt::format("{}: llvm-mc disassembles to '{}'", where, dis[i].text));
    if (!mine)
      bad_dis.add(fmt::format("{}: wavemma: {}", where, mine.error().message));
    else if (*mine != dis[i].text)
      bad_dis.add(fmt::format("{}: wavemma prints '{}', llvm-mc '{}'", where, *mine, dis[i].text));
    else
      ++disassemblies;
  }
  std::string groups;
  for (auto const& [g, n] : rejected_by_group) groups += fmt::format("{}{} {}", groups.empty() ? "" : ", ", n, g);
  size_t const two_word = two_word_items(words);
  std::cout << fmt::format("[codec] {}: {} encodings ({} distinct{}{}), {} disassemblies agree with "
                           "llvm-mc-22 ({} encodings neither "
                           "disassembler decodes); {} rejections agree ({}); {} printed texts "
                           "neither assembler reads back\n",
                           t.label(), encodings, words.size(),
                           two_word ? fmt::format(", {} of 16 bytes", two_word) : "",
                           prefixes_alone ? fmt::format("; {} of a scale prefix alone", prefixes_alone) : "",
                           disassemblies, not_disassembled, rejections, groups, asymmetric.size());
  EXPECT_GT(encodings, 0u);
}

// What the sweeps agreed on, by kind.
struct SweepCounts {
  size_t valid = 0, scaled = 0, prefix_alone = 0, invalid = 0, operand = 0, other = 0, asymmetric = 0, crashed = 0,
         unmapped = 0, first_unmapped = 0;
};

// Words llvm-mc decodes as one of our instructions must decode to the same text -- when llvm-mc's
// own assembler takes that text back. llvm-mc's disassembler also prints what its assembler
// rejects (SGPRs with an "Invalid register" comment, v[250:257], misaligned or overlapping tuples,
// null as A): wavemma rejects those. Words of other opcodes or encodings llvm-mc decodes as other
// instructions or reports invalid: wavemma says "not a matrix instruction".
SweepCounts compare_decoding(McTarget const& t, std::vector<Bytes> const& words, Mismatches& bad) {
  Target const target = t.target();
  auto const dis = test::llvm_mc::disassemble(t, words);

  std::set<std::string> ours;
  for (auto const* row : instructions(target.gen)) ours.insert(std::string(row->mnemonic));
  auto const mnemonic = mnemonic_of;
  // Clean: no /*Invalid...*/ comment and one or two whole words (not a literal form).
  auto const whole_words = [](std::vector<uint8_t> const& b) {
    return b.size() == kWordBytes || b.size() == kMaxInstructionBytes;
  };

  // llvm-mc's clean texts of our instructions, back through its assembler.
  std::vector<std::string> to_assemble;
  std::map<std::string, size_t> assembled_index;
  for (auto const& d : dis)
    if (d.status == Status::kDecoded && ours.count(mnemonic(d.text)) && d.text.find("/*") == std::string::npos &&
        whole_words(d.bytes) && !assembled_index.count(d.text)) {
      assembled_index[d.text] = to_assemble.size();
      to_assemble.push_back(d.text);
    }
  auto const reassembled = test::llvm_mc::assemble(t, to_assemble);

  SweepCounts n;
  for (size_t i = 0; i < words.size(); ++i) {
    auto const& d = dis[i];
    auto const mine = decode(words[i], target);
    std::string const where = bytes_text(words[i]);
    if (d.status == Status::kCrashed) {
      if (n.crashed++ < 3) std::cout << "[codec] llvm-mc-22 crashes on " << where << "\n";
      continue;
    }
    if (d.status == Status::kUnmapped) {
      ++n.unmapped;
      continue;
    }
    bool const llvm_ours = d.status == Status::kDecoded && ours.count(mnemonic(d.text));
    if (!mine && mine.error().kind == ErrorKind::kNotMatrix) {
      if (llvm_ours)
        bad.add(fmt::format("{}: wavemma: {}; llvm-mc: {}", where, mine.error().message, d.text));
      else
        ++n.other;
      continue;
    }
    if (d.status == Status::kInvalid) {
      if (mine)
        bad.add(fmt::format("{}: llvm-mc: invalid instruction encoding; wavemma: {}", where, print(*mine)));
      else
        ++n.invalid;
      continue;
    }
    if (!llvm_ours) {
      bad.add(fmt::format("{}: llvm-mc: {}; wavemma: {}", where, d.text, mine ? print(*mine) : mine.error().message));
      continue;
    }
    // llvm-mc printed one of our instructions. Is it what its assembler accepts?
    bool clean = d.text.find("/*") == std::string::npos && whole_words(d.bytes);
    test::llvm_mc::Assembled const* again = nullptr;
    if (clean) {
      again = &reassembled[assembled_index.at(d.text)];
      clean = again->ok;
    }
    if (!clean && mine && !print_reparses(*mine) && print(*mine) == d.text) {
      ++n.asymmetric; // llvm-mc prints a text its assembler rejects; wavemma prints the same
      continue;
    }
    if (!clean) {
      if (mine)
        bad.add(fmt::format("{}: llvm-mc prints '{}' which its assembler rejects{}; wavemma accepts: {}", where, d.text,
                            again ? " (" + again->error + ")" : "", print(*mine)));
      else
        ++n.operand;
      continue;
    }
    if (!mine) {
      bad.add(fmt::format("{}: llvm-mc: {}; wavemma: {}", where, d.text, mine.error().message));
      continue;
    }
    std::string const text = print(*mine);
    auto const bytes = encode(*mine);
    if (text != d.text)
      bad.add(fmt::format("{}: wavemma prints '{}', llvm-mc '{}'", where, text, d.text));
    else if (!bytes || bytes_text(*bytes) != bytes_text(again->bytes))
      bad.add(fmt::format("{}: wavemma re-encodes {}, llvm-mc {}", where,
                          bytes ? bytes_text(*bytes) : bytes.error().message, bytes_text(again->bytes)));
    else {
      ++n.valid;
      n.scaled += bytes->size() > kWordBytes;
      n.prefix_alone += scale_prefix(*mine->row) != nullptr;
    }
  }
  while (n.first_unmapped < dis.size() && dis[n.first_unmapped].status != Status::kUnmapped) ++n.first_unmapped;
  return n;
}

TEST_P(Oracle, DecoderSweepAgrees) {
  McTarget const& t = GetParam();
  Target const target = t.target();
  char const* env_words = std::getenv("WAVEMMA_SWEEP_WORDS");
  char const* env_seed = std::getenv("WAVEMMA_SWEEP_SEED");
  size_t const count = env_words ? std::stoul(env_words) : 20000;
  uint32_t const seed = env_seed ? static_cast<uint32_t>(std::stoul(env_seed))
                                 : 0x5eed0000u + static_cast<uint32_t>(t.wave) + static_cast<uint32_t>(target.gen) * 7;

  std::vector<Bytes> valid;
  for (auto const& c : test::codec_cases::text_cases(target))
    if (c.expect == Expect::kAccept)
      if (auto b = assemble(c.text, target)) valid.push_back(*b);
  ASSERT_FALSE(valid.empty());
  auto words = test::codec_cases::sweep_words(target, valid, seed, count);
  Mismatches bad("decoder");
  SweepCounts const n = compare_decoding(t, words, bad);
  size_t const two_word = two_word_items(words);
  std::cout << fmt::format("[codec] {} decoder sweep: {} words{}, agree on {} valid{}, {} invalid "
                           "encodings, {} operands llvm-mc's "
                           "assembler rejects, {} not matrix instructions, {} printed alike but "
                           "not read back ({} unmapped, {} crash llvm-mc)\n",
                           t.label(), words.size(), two_word ? fmt::format(" ({} of 16 bytes)", two_word) : "", n.valid,
                           n.scaled || n.prefix_alone
                               ? fmt::format(" ({} scaled forms, {} scale prefixes alone)", n.scaled, n.prefix_alone)
                               : "",
                           n.invalid, n.operand, n.other, n.asymmetric, n.unmapped, n.crashed);
  EXPECT_GT(n.valid, 0u);
  EXPECT_GT(n.invalid + n.operand, 0u);
  size_t const first_unmapped = n.first_unmapped;
  EXPECT_LT(n.unmapped + n.crashed, words.size() / 100)
      << "too many words the harness could not map back; the first is #" << first_unmapped << " "
      << (first_unmapped < words.size() ? bytes_text(words[first_unmapped]) : "") << ", after "
      << (first_unmapped > 0 && first_unmapped <= words.size() ? bytes_text(words[first_unmapped - 1]) : "");
}

// gfx950's v_mfma_ld_scale_b32 on its own, field by field (encoding.md §3.4): every value of SRC0
// and of SRC1 (the other a VGPR), alone and before an unscaled f8f6f4 MFMA word; every combination of
// the modifier bits (NEG_HI, OP_SEL, OP_SEL_HI, CLAMP, NEG); every VDST and every SRC2; every pair of
// a set of source codes (the constant bus). llvm-mc-22 judges each word as in the sweep above.
TEST(OracleMfmaPrefix, EveryFieldDecodesAsLlvmMcDoes) {
  ASSERT_TRUE(test::llvm_mc::available());
  McTarget const t{"gfx950", 64};
  EncodingFamily const& family = vop3p_cdna();
  auto const word = [&](std::initializer_list<std::pair<Field, uint32_t>> fields) {
    FieldValues f{};
    at(f, Field::kEncoding) = family.encoding;
    at(f, Field::kOp) = 0x2c;
    at(f, Field::kSrc0) = 256 + 1;
    at(f, Field::kSrc1) = 256 + 2;
    at(f, Field::kOpSelHi01) = 3;
    at(f, Field::kOpSelHi2) = 1;
    for (auto const& [field, v] : fields) at(f, field) = v;
    uint64_t const w = pack(family, f);
    Bytes out;
    for (int i = 0; i < kWordBytes; ++i) out.push_back(static_cast<uint8_t>(w >> (8 * i)));
    return out;
  };
  // v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23]: ABID 0, so not the scaled form
  Bytes const mfma = {0x00, 0x00, 0xad, 0xd3, 0x04, 0x19, 0x52, 0x04};
  std::vector<Bytes> words;
  for (uint32_t v = 0; v < 512; ++v)
    for (Field src : {Field::kSrc0, Field::kSrc1}) {
      words.push_back(word({{src, v}}));
      if (v == 255) continue; // a literal: it would read the MFMA word
      Bytes two = words.back();
      two.insert(two.end(), mfma.begin(), mfma.end());
      words.push_back(two);
    }
  for (uint32_t m = 0; m < (1u << 13); ++m)
    words.push_back(word({{Field::kNegHi, m & 7},
                          {Field::kOpSel, m >> 3 & 7},
                          {Field::kOpSelHi2, m >> 6 & 1},
                          {Field::kClamp, m >> 7 & 1},
                          {Field::kOpSelHi01, m >> 8 & 3},
                          {Field::kNeg, m >> 10 & 7}}));
  for (uint32_t v = 1; v < 256; ++v) words.push_back(word({{Field::kVdst, v}}));
  for (uint32_t v = 0; v < 512; ++v) words.push_back(word({{Field::kSrc2, v}}));
  constexpr uint32_t kCodes[] = {0,   1,   101, 102, 103, 104, 105, 106, 107, 108, 123, 124, 125, 126, 127, 128,
                                 192, 193, 208, 209, 230, 231, 235, 239, 240, 248, 251, 253, 254, 256, 257, 511};
  for (uint32_t a : kCodes)
    for (uint32_t b : kCodes) words.push_back(word({{Field::kSrc0, a}, {Field::kSrc1, b}}));

  Mismatches bad("v_mfma_ld_scale_b32 decoder");
  SweepCounts const n = compare_decoding(t, words, bad);
  std::cout << fmt::format("[codec] gfx950 v_mfma_ld_scale_b32 field sweep: {} items ({} of 16 bytes), agree on {} "
                           "valid ({} the prefix alone), {} invalid encodings, {} operands llvm-mc's assembler "
                           "rejects, {} other ({} unmapped, {} crash llvm-mc)\n",
                           words.size(), two_word_items(words), n.valid, n.prefix_alone, n.invalid, n.operand, n.other,
                           n.unmapped, n.crashed);
  EXPECT_GT(n.prefix_alone, 3000u);
  EXPECT_GT(n.invalid, 8000u);
  EXPECT_GT(n.operand, 500u);
  EXPECT_EQ(n.unmapped + n.crashed, 0u);
}

// CDNA1/CDNA2 spellings llvm-mc-22 also takes on gfx942 (reference/encoding.md §4.3), with the
// canonical row each one names. The catalog's `aliases` column must hold every one llvm-mc
// accepts; the ones it lacks are listed below and the test fails when that list goes stale.
TEST(OracleAliases, LegacyMfmaNamesAgree) {
  ASSERT_TRUE(test::llvm_mc::available());
  struct Legacy {
    char const* name;
    char const* canonical;
  };
  // clang-format off
  constexpr Legacy kLegacy[] = {
    {"v_mfma_f32_32x32x1f32",      "v_mfma_f32_32x32x1_2b_f32"},  {"v_mfma_f32_16x16x1f32",     "v_mfma_f32_16x16x1_4b_f32"},
    {"v_mfma_f32_4x4x1f32",        "v_mfma_f32_4x4x1_16b_f32"},   {"v_mfma_f32_32x32x2f32",     "v_mfma_f32_32x32x2_f32"},
    {"v_mfma_f32_16x16x4f32",      "v_mfma_f32_16x16x4_f32"},     {"v_mfma_f32_32x32x4f16",     "v_mfma_f32_32x32x4_2b_f16"},
    {"v_mfma_f32_16x16x4f16",      "v_mfma_f32_16x16x4_4b_f16"},  {"v_mfma_f32_4x4x4f16",       "v_mfma_f32_4x4x4_16b_f16"},
    {"v_mfma_f32_32x32x8f16",      "v_mfma_f32_32x32x8_f16"},     {"v_mfma_f32_16x16x16f16",    "v_mfma_f32_16x16x16_f16"},
    {"v_mfma_i32_32x32x4i8",       "v_mfma_i32_32x32x4_2b_i8"},   {"v_mfma_i32_16x16x4i8",      "v_mfma_i32_16x16x4_4b_i8"},
    {"v_mfma_i32_4x4x4i8",         "v_mfma_i32_4x4x4_16b_i8"},    {"v_mfma_f64_16x16x4f64",     "v_mfma_f64_16x16x4_f64"},
    {"v_mfma_f64_4x4x4f64",        "v_mfma_f64_4x4x4_4b_f64"},    {"v_mfma_f32_16x16x8xf32",    "v_mfma_f32_16x16x8_xf32"},
    {"v_mfma_f32_32x32x4xf32",     "v_mfma_f32_32x32x4_xf32"},
    {"v_mfma_f32_32x32x4bf16_1k",  "v_mfma_f32_32x32x4_2b_bf16"}, {"v_mfma_f32_16x16x4bf16_1k", "v_mfma_f32_16x16x4_4b_bf16"},
    {"v_mfma_f32_4x4x4bf16_1k",    "v_mfma_f32_4x4x4_16b_bf16"},  {"v_mfma_f32_32x32x8bf16_1k", "v_mfma_f32_32x32x8_bf16"},
    {"v_mfma_f32_16x16x16bf16_1k", "v_mfma_f32_16x16x16_bf16"},
    {"v_mfma_f32_32x32x4bf16",     "v_mfma_f32_32x32x4_2b_bf16"}, {"v_mfma_f32_16x16x4bf16",    "v_mfma_f32_16x16x4_4b_bf16"},
    {"v_mfma_f32_4x4x4bf16",       "v_mfma_f32_4x4x4_16b_bf16"},  {"v_mfma_f32_32x32x8bf16",    "v_mfma_f32_32x32x8_bf16"},
    {"v_mfma_f32_16x16x16bf16",    "v_mfma_f32_16x16x16_bf16"},
    {"v_mfma_i32_32x32x8i8",       "v_mfma_i32_32x32x16_i8"},     {"v_mfma_i32_16x16x16i8",     "v_mfma_i32_16x16x32_i8"},
    {"v_mfma_f32_16x16x8bf16",     "v_mfma_f32_16x16x16_bf16"},
  };
  // llvm-mc-22 takes these (its gfx940 names without _1k), the catalog rows do not list them yet.
  std::set<std::string> const kCatalogLacks = {};
  // clang-format on
  McTarget const t{"gfx942", 64};
  std::vector<std::string> texts, canonical;
  for (auto const& l : kLegacy) {
    auto const* row = isa::find_instruction(isa::Generation::kGfx94x, l.canonical);
    ASSERT_NE(row, nullptr) << l.canonical;
    MachineInstruction mi;
    mi.row = row;
    mi.wave = 64;
    mi.vdst = Operand::vgpr(0);
    mi.src0 = Operand::vgpr(64);
    mi.src1 = Operand::vgpr(96);
    mi.src2 = Operand::vgpr(0);
    std::string const text = print(mi);
    canonical.push_back(text);
    texts.push_back(std::string(l.name) + text.substr(row->mnemonic.size()));
  }
  auto const llvm = test::llvm_mc::assemble(t, texts);
  size_t agree = 0;
  for (size_t i = 0; i < texts.size(); ++i) {
    auto const mine = parse(texts[i], t.target());
    bool const gap = kCatalogLacks.count(kLegacy[i].name) > 0;
    if (gap) {
      EXPECT_TRUE(llvm[i].ok && !mine) << texts[i] << ": listed as a catalog gap, but llvm-mc "
                                       << (llvm[i].ok ? "accepts" : "rejects") << " and wavemma "
                                       << (mine ? "accepts (remove it from kCatalogLacks)" : "rejects");
      continue;
    }
    EXPECT_EQ(llvm[i].ok, mine.ok()) << texts[i] << ": llvm-mc " << (llvm[i].ok ? llvm[i].text : llvm[i].error)
                                     << "; wavemma " << (mine ? print(*mine) : mine.error().message);
    if (llvm[i].ok && mine) {
      EXPECT_EQ(print(*mine), llvm[i].text);
      EXPECT_EQ(llvm[i].text, canonical[i]);
      ++agree;
    }
  }
  std::cout << fmt::format("[codec] gfx942 legacy MFMA names: {} aliases agree with llvm-mc-22, {} catalog gaps\n",
                           agree, kCatalogLacks.size());
}

std::string target_name(::testing::TestParamInfo<McTarget> const& info) {
  return fmt::format("{}_wave{}", info.param.cpu, info.param.wave);
}

INSTANTIATE_TEST_SUITE_P(Llvm, Oracle, ::testing::ValuesIn(test::llvm_mc::targets()), target_name);

} // namespace
} // namespace wavemma::codec
