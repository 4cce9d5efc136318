// Engine names, evidence notes, model checking and the reference entry point `dot`.

#include "engine_impl.hpp"

#include <array>
#include <stdexcept>
#include <vector>

namespace wavemma::numeric {
namespace {

struct EngineRow {
  std::string_view name;
  std::string_view evidence;
};

constexpr std::array<EngineRow, kEngineCount> kEngines{{
    {"fma_chain", "CDNA3 f32/f64 MFMA: d = fma(a_k, b_k, d) in k order, correctly rounded, IEEE specials, "
                  "subnormals kept [HW: KMG SFMA vectors (measured on CDNA1), MMASIM f32/f64]. NaN payloads are "
                  "the "
                  "host's IEEE default propagation [ASSUME §9.20]."},
    {"cdna3_fused_dot", "CDNA3 f16/bf16/xf32 MFMA, Algorithm 1 over blocks of `group` products "
                        "chained through c [HW: KMG "
                        "vectors, MMASIM except the C-larger branch, where KMG's rule is used]. "
                        "Every NaN is 0xFFC00000 "
                        "[ASSUME §9.7]; inf x 0 is NaN [ASSUME §9.11]; an exact zero sum is +0 "
                        "[ASSUME]; xf32 NaNs are "
                        "classified before truncation [ASSUME §9.8]. gfx950's f16/bf16 MFMA reuse it "
                        "[ASSUME: CDNA4 is not characterised]."},
    {"cdna3_fp8_dot", "CDNA3 FNUZ fp8/bf8 MFMA, Algorithm 2: blocks of `group` (16) products split into even/odd "
                      "positions [HW: KMG, MMASIM]. NaN 0xFFC00000 and +0 as for Algorithm 1 [ASSUME §9.7]. SMFMAC "
                      "uses "
                      "the same engines over its selected products [ASSUME §3.10]. gfx950's fp8/bf8 MFMA run it on "
                      "the OCP formats [ASSUME: CDNA4 is not characterised]."},
    {"rdna3_dot2", "gfx11 F16/BF16 WMMA: chain of DOT2 steps in sign-magnitude with one's-complement subtraction "
                   "relative to the accumulator's sign, BF16 subnormal factors flushed, f32 results below 2^-126 "
                   "flushed to +0; 16-bit outputs narrowed after every step with MODE.FP16_OVFL [HW: RJ gfx1100 "
                   "captures, issue #12056; medium-high]. Replicated A/B copies are assumed equal [ASSUME "
                   "§9.5]."},
    {"rdna4_dot4", "gfx12 F16/BF16 WMMA: chain of DOT4 steps over documented K groups with floor alignment, "
                   "subnormals kept; group 2 is the gfx12 DOT2 instruction [HW: RJ gfx1201 captures; "
                   "medium-high]. "
                   "The accumulator floor-unit rule applies to every output format [ASSUME §9.18]. FP8/BF8 WMMA "
                   "and "
                   "float SWMMAC reuse this step with OCP decoding and the same special-value precedence "
                   "[ASSUME §9.1, §9.2, §9.14]."},
    {"integer_dot", "Integer WMMA/SWMMAC/MFMA: exact sum of c and all products; CLAMP saturates "
                    "the final sum once to "
                    "int32 [DOC CALC, ISA4; clamp point ASSUME §9.3], otherwise it wraps modulo "
                    "2^32 [SRC RJ, GOC; "
                    "CDNA3 i8 ASSUME §9.9]."},
    {"cdna1_exact_dot", "CDNA1 (gfx908) f16/bf16 MFMA: each block of `group` products (f16 4, bf16 2) plus c summed "
                        "exactly and rounded once, RNE, subnormals kept, products never overflow inside a block [HW: "
                        "KMG; all 793 gfx908 vectors pass, the MMA-Sim pairwise rule fails some, docs/numerics.md §7]. "
                        "NaN 0xFFC00000, inf x 0 NaN, exact zero +0 [ASSUME]."},
    {"cdna2_pairwise_dot",
     "CDNA2 (gfx90a) f16/bf16/bf16_1k MFMA: subnormal inputs, products, partial sums and outputs "
     "flushed to zero; products exact, converted to binary32 (>= 2^128 is inf); summed pairwise "
     "with RNE, c added last: fl(c + fl(fl(p1+p2) + fl(p3+p4))) for group 4, fl(c + fl(p1+p2)) for "
     "group 2 [HW: KMG, MMASIM, MIOpen MI200 notes; all 61 gfx90a vectors]. NaN 0xFFC00000, "
     "flushed zeros keep their sign [ASSUME]."},
    {"cdna4_scaled_dot", "gfx950 f8f6f4 MFMA (OCP fp8/bf8/fp6/bf6/fp4 A and B): blocks of `group` (32) products, each "
                         "with its E8M0 scales; d = RNE32(c + 2^(sa+sb) x exact block sum), blocks chained through c; "
                         "the unscaled form is scale 1. [DOC: AMD's CDNA4 matrix-core guide, LLVM, Triton: one E8M0 "
                         "scale per 32 K-elements of a row of A / column of B, D = (A x 2^sa)(B x 2^sb) + C.] The "
                         "arithmetic (exact block sum, one rounding per block) is ASSUME: no CDNA4 characterisation is "
                         "published. NaN scale or element, inf x 0 -> NaN 0xFFC00000 [ASSUME]."},
}};

bool is_16bit_float(Format f) { return f == Format::kF16 || f == Format::kBf16; }
bool is_fnuz8(Format f) { return f == Format::kFp8E4M3Fnuz || f == Format::kBf8E5M2Fnuz; }
bool is_rdna4_input(Format f) { return is_16bit_float(f) || f == Format::kFp8E4M3 || f == Format::kBf8E5M2; }
bool is_ocp8(Format f) { return f == Format::kFp8E4M3 || f == Format::kBf8E5M2; }
bool is_f8f6f4(Format f) {
  return is_ocp8(f) || f == Format::kFp6E2M3 || f == Format::kBf6E3M2 || f == Format::kFp4E2M1;
}
bool is_rdna_output(Format f) { return f == Format::kF32 || is_16bit_float(f); }

std::string describe(Model const& m) {
  return fmt::format("{} a={} b={} out={} group={}", engine_name(m.engine), name(m.a), name(m.b), name(m.out), m.group);
}

} // namespace

std::string_view engine_name(Engine e) { return kEngines[static_cast<size_t>(e)].name; }
std::string_view evidence_note(Engine e) { return kEngines[static_cast<size_t>(e)].evidence; }

std::optional<Engine> parse_engine(std::string_view s) {
  for (int i = 0; i < kEngineCount; ++i) {
    if (kEngines[static_cast<size_t>(i)].name == s) return static_cast<Engine>(i);
  }
  return std::nullopt;
}

std::optional<std::string> check_model(Model const& m) {
  if (m.group < 1) return "group must be at least 1: " + describe(m);
  bool ok = false;
  switch (m.engine) {
  case Engine::kFmaChain:
    // Inputs must convert exactly to the accumulation format.
    ok = (m.out == Format::kF32 || m.out == Format::kF64) && info(m.a).is_float && info(m.b).is_float &&
         (m.out == Format::kF64 || (m.a != Format::kF64 && m.b != Format::kF64));
    break;
  case Engine::kCdna3FusedDot:
    ok = m.out == Format::kF32 && (is_16bit_float(m.a) || m.a == Format::kXf32) &&
         (is_16bit_float(m.b) || m.b == Format::kXf32);
    break;
  case Engine::kCdna3Fp8Dot: // FNUZ on gfx942; OCP fp8/bf8 for gfx950's unscaled fp8 MFMA [ASSUME]
    ok = m.out == Format::kF32 && ((is_fnuz8(m.a) && is_fnuz8(m.b)) || (is_ocp8(m.a) && is_ocp8(m.b)));
    break;
  case Engine::kCdna1ExactDot:
    ok = m.out == Format::kF32 && is_16bit_float(m.a) && is_16bit_float(m.b);
    break;
  case Engine::kCdna2PairwiseDot: // a pairwise tree: the group is a power of two, held in registers
    ok = m.out == Format::kF32 && is_16bit_float(m.a) && is_16bit_float(m.b) && (m.group & (m.group - 1)) == 0 &&
         m.group <= core::kCdna2MaxGroup;
    break;
  case Engine::kCdna4ScaledDot:
    ok = m.out == Format::kF32 && is_f8f6f4(m.a) && is_f8f6f4(m.b);
    break;
  case Engine::kRdna3Dot2:
    ok = is_rdna_output(m.out) && is_16bit_float(m.a) && is_16bit_float(m.b) && m.group == 2;
    break;
  case Engine::kRdna4Dot4:
    ok = is_rdna_output(m.out) && is_rdna4_input(m.a) && is_rdna4_input(m.b) && (m.group == 2 || m.group == 4);
    break;
  case Engine::kIntegerDot:
    ok = m.out == Format::kI32 && detail::is_integer_input(m.a) && detail::is_integer_input(m.b);
    break;
  }
  if (!ok) return "unsupported model: " + describe(m);
  return std::nullopt;
}

namespace detail {

void require_valid(Model const& m, int K) {
  if (auto err = check_model(m)) throw std::invalid_argument(*err);
  bool const stepped = m.engine == Engine::kRdna3Dot2 || m.engine == Engine::kRdna4Dot4;
  if (K < 0 || (stepped && K % m.group != 0)) {
    throw std::invalid_argument(fmt::format("K = {} is not a multiple of the step size: {}", K, describe(m)));
  }
}

uint64_t run_engine(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tracer& tr) {
  if (m.engine == Engine::kFmaChain) return fma_chain(m, a, b, K, c, tr); // in the default FP environment
  return core::run_engine(m, a, b, K, c, tr);
}

} // namespace detail

uint64_t dot(Model const& m, std::span<uint64_t const> a, std::span<uint64_t const> b, uint64_t c, Trace* trace) {
  if (a.size() != b.size()) throw std::invalid_argument("dot: a and b differ in length");
  int const K = static_cast<int>(a.size());
  detail::require_valid(m, K);
  std::vector<detail::Operand> da(a.size());
  std::vector<detail::Operand> db(b.size());
  for (size_t k = 0; k < a.size(); ++k) {
    da[k] = detail::make_operand(m.a, a[k]);
    db[k] = detail::make_operand(m.b, b[k]);
  }
  detail::Tracer tr(trace);
  if (tr.on()) tr("model: {}{}{}", describe(m), m.clamp ? " clamp" : "", m.fp16_ovfl ? " fp16_ovfl" : "");
  uint64_t const d = detail::run_engine(m, da.data(), db.data(), K, c & storage_mask(m.out), tr);
  if (tr.on()) tr("result: d = {}", detail::show(m.out, d));
  return d;
}

} // namespace wavemma::numeric
