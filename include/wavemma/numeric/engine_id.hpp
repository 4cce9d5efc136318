#pragma once
// The engines of wavemma::numeric, as an enum only. The catalog (wavemma::isa) names each numeric
// model's engine with this enum, so the one definition lives here, in a header with no code:
// including it links nothing, and wavemma::isa stays a layer without dependencies.

#include <cstdint>

namespace wavemma::numeric {

enum class Engine : uint8_t {
  kFmaChain,      // CDNA3 f32/f64: d = fma(a_k, b_k, d) in k order, correctly rounded (numerics §3.1)
  kCdna3FusedDot, // Algorithm 1 (f16, bf16, xf32), blocks of `group` products (§3.3, §3.5, §3.6)
  kCdna3Fp8Dot,   // Algorithm 2 (FNUZ fp8/bf8 any mix), blocks of `group` (16), even/odd split (§3.4)
  kRdna3Dot2,     // gfx11 DOT2 chain, sign-magnitude/one's-complement quirk (§4), 16-bit out per step (§6)
  kRdna4Dot4,     // gfx12 DOT4 chain with floor alignment (§5); group 4 = WMMA step, 2 = gfx12 DOT2
  kIntegerDot,    // exact integer sum, clamp to int32 or wrap (§8, §3.9)
  // CDNA1 (gfx908) f16/bf16: each block of `group` products plus c summed exactly, rounded once
  // (RNE, subnormals kept) — KMG's model, chosen by the gfx908 hardware vectors (docs/numerics.md)
  kCdna1ExactDot,
  // CDNA2 (gfx90a) f16/bf16/bf16_1k: subnormals flushed (inputs, products, every sum, output);
  // products in binary32, summed pairwise with RNE, then c: fl(c + fl(fl(p1+p2) + fl(p3+p4)))
  kCdna2PairwiseDot,
  // gfx950 f8f6f4 (OCP fp8/bf8/fp6/bf6/fp4): blocks of `group` (32) products with their E8M0
  // scales (dot_scaled; dot = every scale 1), exact block sum scaled by 2^(sa+sb), RNE32 [ASSUME]
  kCdna4ScaledDot,
};
inline constexpr int kEngineCount = 9;

} // namespace wavemma::numeric
