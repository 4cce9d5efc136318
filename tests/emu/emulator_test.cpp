// Properties of the emulator that need no hardware: both data paths agree, integer instructions
// equal exact integer arithmetic, exactly representable problems give exact results, asymmetric
// one-hot inputs land where D = A*B + C puts them, and every modifier changes what it should and
// nothing else. Expectations are computed here from the definitions (numerics.md, layouts.md).

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <map>
#include <random>

#include "support/layout_reference.hpp"
#include "support/reference_registers.hpp"
#include "wavemma/emu/emulator.hpp"
#include "wavemma/numeric/format.hpp"

namespace wavemma::emu {
namespace {

using isa::Operand;
using numeric::Format;

std::mt19937_64& rng() {
  static std::mt19937_64 r(20261130);
  return r;
}

int ebits(numeric::Format t) { return numeric::storage_bits(t); }

struct Operands {
  Matrix a, b, c, index;
  ScaleMatrices scales; // scaled forms only
};

bool scaled(isa::Instruction const& in) { return in.has_operand(Operand::kScaleA); }
ScaleMatrices const* scales_of(Issue const& is, Operands const& o) {
  return scaled(*is.instruction) ? &o.scales : nullptr;
}

// Random operands for an instruction: raw bits (NaNs, infinities, subnormals included), or with
// `small` integers -3..3 in the operand formats (exact everywhere, sums exact in every output
// format); for sparse forms a valid index (idx0 < idx1 in every group). Drawn from the shared
// stream unless a test brings its own.
// f8f6f4: A and B in the formats `mods` selects; the scales random bytes (small: 2^-3..2^3).
Operands random_operands(isa::Instruction const& in, bool small = false, std::mt19937_64& r = rng(),
                         isa::Modifiers const& mods = {}) {
  int const kc = in.sparse() ? in.k / 2 : in.k;
  Operands o{Matrix(in.blocks, in.m, kc),
             Matrix(in.blocks, in.k, in.n),
             Matrix(in.blocks, in.m, in.n),
             Matrix(1, in.m, kc),
             {}};
  auto const model = numeric_model({&in, in.default_wave(), mods});
  if (scaled(in)) {
    int const kb = in.k / in.numeric().group;
    o.scales = {Matrix(1, in.m, kb), Matrix(1, kb, in.n)};
    for (auto* m : {&o.scales.a, &o.scales.b})
      for (auto& v : m->bits) v = small ? 124 + r() % 7 : r() & 0xff;
  }
  auto fill = [&](Matrix& m, numeric::Format t, numeric::Format f) {
    for (auto& v : m.bits) {
      int const x = static_cast<int>(r() % 7) - 3;
      if (!small)
        v = ebits(t) == 64 ? r() : r() & ((1ull << ebits(t)) - 1);
      else if (numeric::is_integer(t))
        v = static_cast<uint64_t>(x) & (ebits(t) == 32 ? 0xffffffffull : (1ull << ebits(t)) - 1);
      else
        v = numeric::from_double(f, x);
    }
  };
  fill(o.a, in.type_of(Operand::kA, mods), model.a);
  fill(o.b, in.type_of(Operand::kB, mods), model.b);
  fill(o.c, in.cd, model.out);
  for (int i = 0; i < in.m; ++i)
    for (int g = 0; g < kc / 2; ++g) {
      int const x = static_cast<int>(r() % 4), y = static_cast<int>(r() % 3);
      int const other = y + (y >= x); // a second, different position
      o.index.at(0, i, 2 * g) = static_cast<uint64_t>(std::min(x, other));
      o.index.at(0, i, 2 * g + 1) = static_cast<uint64_t>(std::max(x, other));
    }
  return o;
}

Matrix run(Issue const& is, Operands const& o) {
  return execute(is, o.a, o.b, o.c, is.instruction->sparse() ? &o.index : nullptr, scales_of(is, o));
}

Matrix run_registers(Issue const& is, Operands const& o) {
  RegisterOperands r;
  r.a = to_registers(is, Operand::kA, o.a);
  r.b = to_registers(is, Operand::kB, o.b);
  r.c = to_registers(is, Operand::kC, o.c);
  if (is.instruction->sparse()) r.index = to_registers(is, Operand::kIndex, o.index);
  if (scaled(*is.instruction)) {
    r.scale_a = to_registers(is, Operand::kScaleA, o.scales.a);
    r.scale_b = to_registers(is, Operand::kScaleB, o.scales.b);
  }
  return from_registers(is, Operand::kD, execute(is, r));
}

std::string name_of(Issue const& is) {
  return fmt::format("{} {} w{}", isa::name(is.instruction->gen), is.instruction->mnemonic, is.wave);
}

// Every modifier setting worth trying on an instruction: data movers and value modifiers.
std::vector<isa::Modifiers> settings(isa::Instruction const& in, int wave) {
  std::vector<isa::Modifiers> out;
  for (auto op : {Operand::kA, Operand::kB, Operand::kC, Operand::kIndex, Operand::kScaleA, Operand::kScaleB})
    if (in.has_operand(op))
      for (auto const& m : test::modifier_variants(in, wave, op)) out.push_back(m);
  auto const& r = in.mod_rules();
  for (int bit = 0; bit < 3; ++bit) {
    isa::Modifiers m;
    if (r.neg_lo_defined & (1 << bit)) m.neg_lo[size_t(bit)] = true, out.push_back(m);
    m = {};
    if (r.neg_hi_defined & (1 << bit)) m.neg_hi[size_t(bit)] = true, out.push_back(m);
    m = {};
    if (r.blgp_is_neg) m.blgp = 1 << bit, out.push_back(m);
  }
  if (r.clamp) {
    isa::Modifiers m;
    m.clamp = true;
    out.push_back(m);
  }
  if (in.cd == numeric::Format::kF16) {
    isa::Modifiers m;
    m.fp16_ovfl = true;
    out.push_back(m);
  }
  return out;
}

TEST(Emulator, RegisterPathEqualsMatrixPath) {
  int runs = 0;
  for (auto const& in : isa::catalog())
    for (int wave : in.wave_sizes())
      for (auto const& mods : settings(in, wave)) {
        Issue const is{&in, wave, mods};
        Operands const o = random_operands(in, false, rng(), mods);
        ASSERT_EQ(run(is, o), run_registers(is, o)) << name_of(is);
        ++runs;
      }
  std::cout << "[emu] " << runs << " instruction/wave/modifier settings: register path == matrix path\n";
}

// The issues whose modifiers move no data: the defaults and, where NEG means signedness, signed A
// and B.
std::vector<Issue> plain_issues(isa::Instruction const& in, int wave) {
  std::vector<Issue> out{{&in, wave, {}}};
  if (in.mod_rules().neg_is_signedness) {
    isa::Modifiers m;
    m.neg_lo = {true, true, false};
    out.push_back({&in, wave, m});
  }
  if (in.mod_rules().format_select) // every pair of A and B formats (fp8, bf8, fp6, bf6, fp4)
    for (int fa = 0; fa <= 4; ++fa)
      for (int fb = 0; fb <= 4; ++fb) {
        isa::Modifiers m;
        if (in.mod_rules().mai) {
          m.cbsz = fa;
          m.blgp = fb;
        } else {
          m.matrix_fmt = {fa, fb}; // gfx1250: matrix_a_fmt, matrix_b_fmt
        }
        if (fa || fb) out.push_back({&in, wave, m});
      }
  return out;
}

// The register path with its other sides: operands placed, and D read, by the formulas of
// layouts.md instead of the catalog. On random bits it must equal the matrix path (which knows no
// layout); on small integers it must give the exact product (which knows no engine).
TEST(Emulator, RegisterPathMeetsTheFormulasAndExactArithmetic) {
  std::mt19937_64 gen(7);
  int runs = 0;
  for (auto const& in : isa::catalog())
    for (int wave : in.wave_sizes())
      for (Issue const& is : plain_issues(in, wave)) {
        Operands const o = random_operands(in, false, gen);
        Matrix const d =
            test::reference_d(is, execute(is, test::reference_operands(is, o.a, o.b, o.c, o.index, o.scales)));
        ASSERT_EQ(d, run(is, o)) << name_of(is) << ": the formulas' registers against the matrix path";
        auto const x = test::small_operands(is, gen);
        Matrix const dx =
            test::reference_d(is, execute(is, test::reference_operands(is, x.a, x.b, x.c, x.index, x.scales)));
        ASSERT_EQ(test::values_of(is, dx), test::exact_product(is, x)) << name_of(is) << ": small integers";
        ++runs;
      }
  std::cout
      << "[emu] " << runs
      << " instruction/wave/signedness settings: register path on the formulas' places == matrix path, == exact\n";
}

// Integer instructions against exact integer arithmetic (int64), including the extremes of every
// input type and sums just past the int32 limits, with and without CLAMP.
TEST(Emulator, IntegerInstructionsAreExact) {
  for (auto const& in : isa::catalog()) {
    if (!numeric::is_integer(in.a)) continue;
    bool const rdna = isa::is_rdna(in.gen);
    for (int wave : in.wave_sizes())
      for (int signs = 0; signs < (rdna ? 4 : 1); ++signs)
        for (bool clamp : {false, true}) {
          if (clamp && !in.mod_rules().clamp) continue;
          isa::Modifiers mods;
          mods.neg_lo[0] = rdna ? (signs & 1) : false;
          mods.neg_lo[1] = rdna ? (signs & 2) : false;
          mods.clamp = clamp;
          Issue const is{&in, wave, mods};
          bool const sa = !rdna || mods.neg_lo[0], sb = !rdna || mods.neg_lo[1];
          int const e = ebits(in.a);
          for (int trial = 0; trial < 3; ++trial) {
            Operands o = random_operands(in);
            // Trial 1: every input at its extreme; trial 2: C at the int32 limits.
            if (trial == 1) {
              uint64_t const hi_a = sa ? (1ull << (e - 1)) : (1ull << e) - 1,
                             hi_b = sb ? (1ull << (e - 1)) : (1ull << e) - 1;
              for (auto& v : o.a.bits) v = hi_a; // most negative if signed, largest if unsigned
              for (auto& v : o.b.bits) v = hi_b;
            }
            if (trial == 2)
              for (size_t x = 0; x < o.c.bits.size(); ++x) o.c.bits[x] = x % 2 ? 0x7fffffffu : 0x80000000u;
            Matrix const d = run(is, o);
            auto value = [&](uint64_t v, bool s) {
              return s ? (static_cast<int64_t>(v << (64 - e)) >> (64 - e)) : static_cast<int64_t>(v);
            };
            int const kc = in.sparse() ? in.k / 2 : in.k;
            for (int b = 0; b < in.blocks; ++b)
              for (int i = 0; i < in.m; ++i)
                for (int j = 0; j < in.n; ++j) {
                  int64_t sum = static_cast<int32_t>(o.c.at(b, i, j));
                  for (int t = 0; t < kc; ++t) {
                    int const k = in.sparse() ? 4 * (t / 2) + static_cast<int>(o.index.at(0, i, t)) : t;
                    sum += value(o.a.at(b, i, t), sa) * value(o.b.at(b, k, j), sb);
                  }
                  int64_t want = clamp ? std::clamp<int64_t>(sum, INT32_MIN, INT32_MAX)
                                       : static_cast<int32_t>(static_cast<uint32_t>(sum));
                  ASSERT_EQ(static_cast<int32_t>(d.at(b, i, j)), want)
                      << name_of(is) << " signs " << signs << " clamp " << clamp;
                }
          }
        }
  }
}

// Small integers are exact in every input format and their sums in every output format: every
// float instruction must return the exact result. gfx11 is the exception the hardware makes: its
// DOT2 adds a one's-complement unit for every term whose sign differs from the accumulator's
// (numerics.md §4.2: 1 + (-1) + 1 gives 1 - 2^-24), so there the inputs are kept non-negative.
TEST(Emulator, ExactlyRepresentableProblemsGiveExactResults) {
  for (auto const& in : isa::catalog()) {
    if (!numeric::is_float(in.a)) continue;
    for (int wave : in.wave_sizes()) {
      Issue const is{&in, wave, {}};
      auto const model = numeric_model(is);
      Operands o = random_operands(in, true);
      if (in.gen == isa::Generation::kGfx11) {
        for (auto& v : o.a.bits) v &= 0x7fff;
        for (auto& v : o.b.bits) v &= 0x7fff;
        for (auto& v : o.c.bits) v &= model.out == numeric::Format::kF32 ? 0x7fffffffu : 0x7fffu;
      }
      Matrix const d = run(is, o);
      auto const want = test::exact_product(is, {o.a, o.b, o.c, o.index, o.scales});
      auto const got = test::values_of(is, d);
      for (size_t e = 0; e < want.size(); ++e)
        ASSERT_EQ(got[e], want[e]) << name_of(is) << " D[" << e / size_t(in.n) % size_t(in.m) << "]["
                                   << e % size_t(in.n) << "]";
    }
  }
}

// Asymmetric one-hot: A = e_{i0,k0}, B with all-distinct entries, C = 0. Then D row i0 must equal
// row k0 of B and every other row must be zero -- a transposition or a K permutation shows.
TEST(Emulator, OneHotInputsLandWhereTheProductPutsThem) {
  for (auto const& in : isa::catalog()) {
    if (in.sparse()) continue;
    for (int wave : in.wave_sizes()) {
      Issue const is{&in, wave, {}};
      auto const model = numeric_model(is);
      auto num = [&](numeric::Format f, int x) {
        return numeric::is_integer(in.a) ? static_cast<uint64_t>(x) & ((1ull << ebits(in.a)) - 1)
                                         : numeric::from_double(f, x);
      };
      // Distinct values where the format allows: 1..8 are exact in every fp8/bf8, 1..7 in uint4.
      // fp4 (E2M1) holds 1..4 exactly (gfx1250's f4 rows are fp4 by default).
      int const max_b = numeric::is_integer(in.a) ? (ebits(in.a) == 4 ? 7 : 100)
                        : ebits(in.a) == 8        ? 8
                        : ebits(in.a) == 4        ? 4
                                                  : 100;
      for (int trial = 0; trial < 4; ++trial) {
        int const b0 = static_cast<int>(rng()() % in.blocks), i0 = static_cast<int>(rng()() % in.m),
                  k0 = static_cast<int>(rng()() % in.k);
        Matrix a(in.blocks, in.m, in.k), b(in.blocks, in.k, in.n), c(in.blocks, in.m, in.n);
        for (auto& v : c.bits) v = num(model.out, 0);
        for (auto& v : a.bits) v = num(model.a, 0);
        a.at(b0, i0, k0) = num(model.a, 1);
        for (int bb = 0; bb < in.blocks; ++bb)
          for (int k = 0; k < in.k; ++k)
            for (int j = 0; j < in.n; ++j) b.at(bb, k, j) = num(model.b, 1 + (k * in.n + j) % max_b);
        ScaleMatrices ones; // the scaled forms at scale 1 (E8M0 127)
        if (scaled(in)) {
          ones = {Matrix(1, in.m, in.k / in.scale_block()), Matrix(1, in.k / in.scale_block(), in.n)};
          for (auto* m : {&ones.a, &ones.b}) std::fill(m->bits.begin(), m->bits.end(), 127);
        }
        Matrix const d = execute(is, a, b, c, nullptr, scaled(in) ? &ones : nullptr);
        for (int bb = 0; bb < in.blocks; ++bb)
          for (int i = 0; i < in.m; ++i)
            for (int j = 0; j < in.n; ++j) {
              // D in its own type (gfx1250 bf16f32: an f32 C, a bf16 D)
              numeric::Format const fd = in.type_of(Operand::kD) == in.cd ? model.out : numeric::Format::kBf16;
              double const got = numeric::is_integer(in.a) ? static_cast<int32_t>(d.at(bb, i, j))
                                                           : numeric::to_double(fd, d.at(bb, i, j));
              double const want = (bb == b0 && i == i0) ? 1 + (k0 * in.n + j) % max_b : 0;
              ASSERT_EQ(got, want) << name_of(is) << " one-hot A[" << b0 << "][" << i0 << "][" << k0 << "] -> D[" << bb
                                   << "][" << i << "][" << j << "]";
            }
      }
    }
  }
}

// --- modifiers: each equals its definition applied to the operands by hand ---------------------

uint64_t sign_bit(numeric::Format t) { return 1ull << (ebits(t) - 1); }

TEST(Modifiers, NegHalvesNegateExactlyTheirElements) {
  for (auto const& in : isa::catalog()) {
    auto const& r = in.mod_rules();
    if (!isa::is_rdna(in.gen) || !numeric::is_float(in.a)) continue;
    for (int wave : in.wave_sizes()) {
      Operands const o = random_operands(in);
      for (int op = 0; op < 3; ++op)
        for (bool high : {false, true}) {
          isa::Modifiers mods;
          uint8_t const defined = high ? r.neg_hi_defined : r.neg_lo_defined;
          if (!(defined & (1 << op))) continue;
          (high ? mods.neg_hi : mods.neg_lo)[size_t(op)] = true;
          Issue const is{&in, wave, mods};
          Operands x = o;
          if (op == 2) {
            for (auto& v : x.c.bits) v = high ? v & ~sign_bit(in.cd) : v ^ sign_bit(in.cd); // neg_hi[2] = |C|
          } else {
            Operand const which = op == 0 ? Operand::kA : Operand::kB;
            Matrix& m = op == 0 ? x.a : x.b;
            for (int b = 0; b < m.blocks; ++b)
              for (int i = 0; i < m.rows; ++i)
                for (int j = 0; j < m.cols; ++j) {
                  // The element's half of its VGPR, from the reference layout formulas.
                  bool const in_high = test::reference(in, wave, which, {b, i, j}, {}).front().bit_lo >= 16;
                  if (in_high == high) m.at(b, i, j) ^= sign_bit(op == 0 ? in.a : in.b);
                }
          }
          ASSERT_EQ(run(is, o), run({&in, wave, {}}, x))
              << name_of(is) << (high ? " neg_hi[" : " neg_lo[") << op << "]";
        }
    }
  }
}

TEST(Modifiers, Cdna3BroadcastsMoveExactlyTheDocumentedData) {
  for (auto const& in : isa::catalog()) {
    auto const& r = in.mod_rules();
    if (in.kind != isa::Kind::kMfma) continue;
    Operands const o = random_operands(in);
    // CBSZ/ABID: block b reads A of block 2^cbsz * floor(b / 2^cbsz) + abid (layouts.md §5.3).
    if (r.broadcast_effect)
      for (int cbsz = 1; (1 << cbsz) <= in.blocks; ++cbsz)
        for (int abid = 0; abid < (1 << cbsz); ++abid) {
          isa::Modifiers mods;
          mods.cbsz = cbsz, mods.abid = abid;
          Operands x = o;
          for (int b = 0; b < in.blocks; ++b) {
            int const src = (1 << cbsz) * (b / (1 << cbsz)) + abid;
            for (int i = 0; i < in.m; ++i)
              for (int k = 0; k < in.k; ++k) x.a.at(b, i, k) = o.a.at(src, i, k);
          }
          ASSERT_EQ(run({&in, 64, mods}, o), run({&in, 64, {}}, x))
              << in.mnemonic << " cbsz " << cbsz << " abid " << abid;
        }
    // BLGP: lane L reads B from register lane pi(L) (layouts.md §5.4).
    if (r.blgp_effect)
      for (int blgp = 1; blgp < 8; ++blgp) {
        std::map<std::tuple<int, int, int>, isa::Coord> at; // default place -> element
        for (int b = 0; b < in.blocks; ++b)
          for (int k = 0; k < in.k; ++k)
            for (int j = 0; j < in.n; ++j) {
              auto const p = test::reference(in, 64, Operand::kB, {b, k, j}, {}).front();
              at[{p.vgpr, p.lane, p.bit_lo}] = {b, k, j};
            }
        Operands x = o;
        for (int b = 0; b < in.blocks; ++b)
          for (int k = 0; k < in.k; ++k)
            for (int j = 0; j < in.n; ++j) {
              auto const p = test::reference(in, 64, Operand::kB, {b, k, j}, {}).front();
              auto const src = at.at({p.vgpr, test::blgp_lane(p.lane, blgp), p.bit_lo});
              x.b.at(b, k, j) = o.b.at(src.block, src.row, src.col);
            }
        isa::Modifiers mods;
        mods.blgp = blgp;
        ASSERT_EQ(run({&in, 64, mods}, o), run({&in, 64, {}}, x)) << in.mnemonic << " blgp " << blgp;
      }
    // f64: the BLGP bits negate A, B, C.
    if (r.blgp_is_neg)
      for (int neg = 1; neg < 8; ++neg) {
        Operands x = o;
        if (neg & 1)
          for (auto& v : x.a.bits) v ^= sign_bit(in.a);
        if (neg & 2)
          for (auto& v : x.b.bits) v ^= sign_bit(in.b);
        if (neg & 4)
          for (auto& v : x.c.bits) v ^= sign_bit(in.cd);
        isa::Modifiers mods;
        mods.blgp = neg;
        ASSERT_EQ(run({&in, 64, mods}, o), run({&in, 64, {}}, x)) << in.mnemonic << " neg " << neg;
      }
  }
}

// RDNA3 16-bit outputs: OPSEL[2] reads C from and writes D to bits [31:16]; bits [15:0] keep the
// prior D. SWMMAC index_key / SMFMAC abid read another index set of the same VGPR.
TEST(Modifiers, PlacementModifiersMoveOnlyRegisterPlaces) {
  for (auto const& in : isa::catalog()) {
    for (int wave : in.wave_sizes()) {
      if (in.mod_rules().op_sel_defined & 4) {
        Operands const o = random_operands(in);
        isa::Modifiers hi;
        hi.op_sel[2] = true;
        Issue const lo_is{&in, wave, {}}, hi_is{&in, wave, hi};
        RegisterOperands r;
        r.a = to_registers(lo_is, Operand::kA, o.a);
        r.b = to_registers(lo_is, Operand::kB, o.b);
        // C in the high halves, garbage in the low halves; D's prior contents distinct.
        Registers c(isa::vgprs(in, wave, Operand::kC), wave);
        for (auto& w : c.words) w = static_cast<uint32_t>(rng()());
        r.c = to_registers(hi_is, Operand::kC, o.c, c);
        r.d_prior = Registers(c.vgprs, wave, 0x56781234);
        Registers const d = execute(hi_is, r);
        Matrix const want = run(lo_is, o);
        ASSERT_EQ(from_registers(hi_is, Operand::kD, d), want) << in.mnemonic << " w" << wave;
        for (uint32_t w : d.words) ASSERT_EQ(w & 0xffff, 0x1234u) << "low halves must keep the prior D";
      }
      if (in.sparse()) {
        for (int set = 1; set < isa::index_sets(in, wave); ++set) {
          isa::Modifiers m;
          if (in.kind == isa::Kind::kSwmmac)
            m.index_key = set;
          else
            m.abid = set;
          Operands const o = random_operands(in);
          // The index in the chosen set, other sets filled with a different valid pattern.
          Issue const is{&in, wave, m};
          Registers other = to_registers({&in, wave, {}}, Operand::kIndex, random_operands(in).index);
          RegisterOperands r;
          r.a = to_registers(is, Operand::kA, o.a);
          r.b = to_registers(is, Operand::kB, o.b);
          r.c = to_registers(is, Operand::kC, o.c);
          r.index = to_registers(is, Operand::kIndex, o.index, other);
          ASSERT_EQ(from_registers(is, Operand::kD, execute(is, r)), run({&in, wave, {}}, o))
              << in.mnemonic << " w" << wave << " set " << set;
        }
      }
    }
  }
}

// CLAMP changes only the elements whose exact sum leaves the int32 range; FP16_OVFL only the f16
// elements that overflowed.
TEST(Modifiers, ClampAndFp16OverflowTouchOnlyOverflowingElements) {
  for (auto const& in : isa::catalog())
    for (int wave : in.wave_sizes()) {
      if (in.mod_rules().clamp) {
        Operands o = random_operands(in);
        for (size_t x = 0; x < o.c.bits.size(); ++x) o.c.bits[x] = x % 3 ? 0x7fffff00u : 0x80000100u;
        isa::Modifiers m;
        m.clamp = true;
        Matrix const plain = run({&in, wave, {}}, o), clamped = run({&in, wave, m}, o);
        int changed = 0;
        for (size_t e = 0; e < plain.bits.size(); ++e) {
          if (plain.bits[e] == clamped.bits[e]) continue;
          ++changed;
          ASSERT_TRUE(clamped.bits[e] == 0x7fffffffu || clamped.bits[e] == 0x80000000u) << in.mnemonic;
        }
        EXPECT_GT(changed, 0) << in.mnemonic;
      }
      if (in.cd == numeric::Format::kF16) {
        Operands o = random_operands(in, true);
        // Positive products (every A and B element 16.0: f16 0x4c00, OCP fp8 0x58, bf8 0x4c) so that
        // 65504 + each step overflows, whatever the random stream (which depends on the catalog's size) gave.
        auto const sixteen = [](numeric::Format t) {
          return t == numeric::Format::kFp8E4M3 ? 0x58u : t == numeric::Format::kBf8E5M2 ? 0x4cu : 0x4c00u;
        };
        std::fill(o.a.bits.begin(), o.a.bits.end(), sixteen(in.a));
        std::fill(o.b.bits.begin(), o.b.bits.end(), sixteen(in.b));
        for (size_t x = 0; x < o.c.bits.size(); x += 3) o.c.bits[x] = 0x7bff; // 65504: the sum overflows
        isa::Modifiers m;
        m.fp16_ovfl = true;
        Matrix const plain = run({&in, wave, {}}, o), sat = run({&in, wave, m}, o);
        int changed = 0;
        for (size_t e = 0; e < plain.bits.size(); ++e)
          if (plain.bits[e] != sat.bits[e]) {
            // Saturation happens at every step, so later steps may move a saturated partial sum.
            ++changed;
            ASSERT_EQ(plain.bits[e] & 0x7fff, 0x7c00u) << in.mnemonic << ": only infinities may change";
            ASSERT_LE(sat.bits[e] & 0x7fff, 0x7bffu) << in.mnemonic << ": saturated results are finite";
          }
        EXPECT_GT(changed, 0) << in.mnemonic;
      }
    }
}

// --- sparse A ----------------------------------------------------------------------------------

TEST(Sparse, CompressExpandRoundTripAndRejection) {
  for (auto const& in : isa::catalog()) {
    if (!in.sparse()) continue;
    Operands const o = random_operands(in);
    CompressedA const packed{o.a, o.index};
    Matrix const dense = expand_2to4(in, packed);
    auto const back = compress_2to4(in, dense);
    ASSERT_TRUE(std::holds_alternative<CompressedA>(back)) << std::get<std::string>(back);
    // Stored zeros may move, values and their positions may not.
    Matrix const again = expand_2to4(in, std::get<CompressedA>(back));
    // Non-zero values keep their positions; zeros (either sign) may be stored at other positions.
    auto const fa = numeric_model({&in, 64, {}}).a;
    auto zero = [&](uint64_t v) { return numeric::decode(fa, v).is_zero(); };
    for (size_t e = 0; e < dense.bits.size(); ++e)
      if (zero(dense.bits[e]))
        ASSERT_TRUE(zero(again.bits[e])) << in.mnemonic << " element " << e;
      else
        ASSERT_EQ(again.bits[e], dense.bits[e]) << in.mnemonic << " element " << e;
    Matrix bad = dense;
    for (int t = 0; t < 4; ++t) bad.at(0, 2, 4 + t) = numeric::from_double(numeric_model({&in, 64, {}}).a, 1);
    if (numeric::is_integer(in.a))
      for (int t = 0; t < 4; ++t) bad.at(0, 2, 4 + t) = 1;
    auto const rejected = compress_2to4(in, bad);
    ASSERT_TRUE(std::holds_alternative<std::string>(rejected)) << in.mnemonic;
    EXPECT_NE(std::get<std::string>(rejected).find("row 2"), std::string::npos);
  }
}

// Each row runs the engine and group its numeric model names, as a model wavemma::numeric supports.
TEST(Emulator, EveryRowRunsTheEngineItNames) {
  for (auto const& in : isa::catalog()) {
    auto const m = numeric_model({&in, in.default_wave(), {}});
    EXPECT_EQ(m.engine, in.numeric().engine) << in.mnemonic;
    EXPECT_EQ(m.group, in.numeric().group) << in.mnemonic;
    EXPECT_FALSE(numeric::check_model(m).has_value()) << in.mnemonic << ": " << numeric::check_model(m).value_or("");
  }
}

TEST(Emulator, BadIssuesAndShapesAreRejected) {
  auto const* mfma = isa::find_instruction(isa::Generation::kGfx94x, "v_mfma_f32_16x16x16_f16");
  auto const* wmma = isa::find_instruction(isa::Generation::kGfx12, "v_wmma_f32_16x16x16_f16");
  Operands const o = random_operands(*mfma);
  EXPECT_THROW(run({mfma, 32, {}}, o), std::invalid_argument);
  isa::Modifiers bad;
  bad.clamp = true;
  EXPECT_THROW(run({mfma, 64, bad}, o), std::invalid_argument);
  isa::Modifiers opsel;
  opsel.op_sel[2] = true; // gfx12 has no op_sel
  EXPECT_THROW(execute({wmma, 32, opsel}, o.a, o.b, o.c), std::invalid_argument);
  Matrix wrong(1, 16, 8);
  EXPECT_THROW(execute({mfma, 64, {}}, wrong, o.b, o.c), std::invalid_argument);
}

// The lane-major entry point (the SIMT runtime's) equals the register path word for word, on random
// register words (RDNA3 replicas that disagree, garbage in unused bits, any index values), for every
// instruction, wave size and modifier setting.
// (A suite of their own, last in the file: they draw from the shared random stream after every
// other test.)
TEST(EntryPoints, LanePathEqualsRegisterPath) {
  int runs = 0;
  for (auto const& in : isa::catalog())
    for (int wave : in.wave_sizes())
      for (auto const& mods : settings(in, wave)) {
        Issue const is{&in, wave, mods};
        auto random_regs = [&](int vgprs) {
          Registers r(vgprs, wave);
          for (auto& w : r.words) w = static_cast<uint32_t>(rng()());
          return r;
        };
        RegisterOperands r;
        r.a = random_regs(isa::vgprs(in, wave, Operand::kA, mods));
        r.b = random_regs(isa::vgprs(in, wave, Operand::kB, mods));
        r.c = random_regs(isa::vgprs(in, wave, Operand::kC));
        if (in.sparse()) r.index = random_regs(isa::vgprs(in, wave, Operand::kIndex)); // gfx1250 8-bit: a pair
        if (scaled(in))
          r.scale_a = random_regs(isa::vgprs(in, wave, Operand::kScaleA)),
          r.scale_b = random_regs(isa::vgprs(in, wave, Operand::kScaleB));
        int const stride = r.a.vgprs + r.b.vgprs + r.c.vgprs + std::max(1, r.index.vgprs) + r.scale_a.vgprs +
                           r.scale_b.vgprs + static_cast<int>(rng()() % 3); // any row stride will do
        Registers const got = test::execute_lane_major(is, r, stride);
        Registers const want = execute(is, r);
        for (int lane = 0; lane < wave; ++lane)
          for (int v = 0; v < want.vgprs; ++v)
            ASSERT_EQ(got.at(v, lane), want.at(v, lane)) << name_of(is) << " lane " << lane << " VGPR " << v;
        ++runs;
      }
  std::cout << "[emu] " << runs << " instruction/wave/modifier settings: lane-major path == register path\n";
}

// The lane-major path with its other sides, as the register path above: the formulas' places and
// exact arithmetic (and, in hw_vectors_test, the hardware's register captures).
TEST(EntryPoints, LanePathMeetsTheFormulasAndExactArithmetic) {
  std::mt19937_64 gen(11);
  for (auto const& in : isa::catalog())
    for (int wave : in.wave_sizes())
      for (Issue const& is : plain_issues(in, wave)) {
        auto const x = test::small_operands(is, gen);
        RegisterOperands const r = test::reference_operands(is, x.a, x.b, x.c, x.index, x.scales);
        int const stride =
            r.a.vgprs + r.b.vgprs + r.c.vgprs + std::max(1, r.index.vgprs) + r.scale_a.vgprs + r.scale_b.vgprs;
        Matrix const d = test::reference_d(is, test::execute_lane_major(is, r, stride));
        ASSERT_EQ(test::values_of(is, d), test::exact_product(is, x)) << name_of(is);
      }
}

// execute into a given D: the same bits as the returning form, into a fresh D, a reused D of
// another shape, or C itself.
TEST(EntryPoints, ExecuteIntoDEqualsReturningForm) {
  for (auto const& in : isa::catalog()) {
    Issue const is{&in, in.default_wave(), {}};
    Operands const o = random_operands(in);
    Matrix const* idx = in.sparse() ? &o.index : nullptr;
    ScaleMatrices const* sc = scales_of(is, o);
    Matrix const want = execute(is, o.a, o.b, o.c, idx, sc);
    Matrix d(1, 3, 5);
    execute(is, o.a, o.b, o.c, idx, d, sc);
    ASSERT_EQ(d, want) << in.mnemonic;
    Matrix c = o.c;
    execute(is, o.a, o.b, c, idx, c, sc);
    ASSERT_EQ(c, want) << in.mnemonic << " in place";
  }
}

} // namespace
} // namespace wavemma::emu
