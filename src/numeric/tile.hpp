#pragma once
// Internal tile kernels behind dot_tile.

#include "wavemma/numeric/engine.hpp"

#include <cstdint>

namespace wavemma::numeric::detail {

// Decodes every A/B element once, then runs the reference core per output element.
void dot_tile_generic(Model const&, int M, int N, int K, uint64_t const* A, uint64_t const* Bt,
                      uint64_t const* C, uint64_t* D);

// Vectorised kernels (AVX2) for the hot f32-output models; returns false when the model has none
// or the build has no AVX2, and then leaves D untouched.
bool dot_tile_simd(Model const&, int M, int N, int K, uint64_t const* A, uint64_t const* Bt,
                   uint64_t const* C, uint64_t* D);

// Whether dot_tile_simd has a kernel for this model in this build (for some K).
bool has_simd_kernel(Model const&);

// The plain-arithmetic kernels (kFmaChain f32, kIntegerDot), used by dot_tile_simd.
bool has_plain_simd_kernel(Model const&, int K);
void dot_tile_plain_simd(Model const&, int M, int N, int K, uint64_t const* A, uint64_t const* Bt,
                         uint64_t const* C, uint64_t* D);

} // namespace wavemma::numeric::detail
