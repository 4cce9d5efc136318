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
};
inline constexpr int kEngineCount = 6;

} // namespace wavemma::numeric
