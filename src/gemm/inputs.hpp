#pragma once
// The inputs of one GEMM run, drawn from a seed: A and B in the policy's input format (A pruned
// 2:4 and stored compressed for sparse policies, E8M0 scales for block-scaled ones), as bit
// patterns, and their conversions to and from the kernel's element types.

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "policy_info.hpp"
#include "wavemma/gemm/runner.hpp"
#include "wavemma/numeric/format.hpp"

namespace wavemma::gemm::detail {

struct Inputs {
  std::vector<uint64_t> a, b;     // a: the dense (for sparse: pruned) A, m x k
  std::vector<uint64_t> a_stored; // sparse: m x k/2
  std::vector<uint64_t> a_index;  // sparse: m x k/2
  std::vector<uint64_t> sa, sb;   // block-scaled: E8M0 codes, m x kb and kb x n (kb = scale_blocks(k))
  int scale_block = 0;            // block-scaled: K per scale (the ComputePolicy's), 0 otherwise
  int scale_blocks(int k) const { return (k + scale_block - 1) / scale_block; }
  numeric::Format in, out;
};

// Random values of a format: floats uniform in [-1, 1] rounded into the format, integers uniform
// over the format's range. Never the identity (seed-errata.md §A.2).
std::vector<uint64_t> random_values(numeric::Format, size_t count, std::mt19937_64&);

// Integers of [lo, 2] in a format, uniformly.
std::vector<uint64_t> small_integers(numeric::Format, int lo, size_t count, std::mt19937_64&);

// Prunes A (m x k, k a multiple of 4) to 2:4 -- two of every four kept, at random positions --
// and stores the kept values compressed with their positions.
void prune_2_4(Inputs&, int m, int k, std::mt19937_64&);

// E8M0 scales of 2^-4 .. 2^4, one per scale_block K of each row of A and column of B.
void draw_scales(Inputs&, int m, int n, int k, std::mt19937_64&);

template <class P>
Inputs make_inputs(RunOptions const& o) {
  int const m = o.m, n = o.n, k = o.k;
  std::mt19937_64 rng(o.seed);
  Inputs x;
  std::tie(x.in, x.out) = formats<P>();
  if (o.values == RunOptions::Values::kSmallIntegers) {
    auto const& fi = numeric::info(x.in);
    int const lo =
        (!P::generation.any && P::generation.gen == Gen::kGfx11 && fi.is_float) || (!fi.is_float && !fi.is_signed) ? 0
                                                                                                                   : -2;
    x.a = small_integers(x.in, lo, size_t(m) * k, rng);
    x.b = small_integers(x.in, lo, size_t(k) * n, rng);
  } else {
    x.a = random_values(x.in, size_t(m) * k, rng);
    x.b = random_values(x.in, size_t(k) * n, rng);
  }
  if constexpr (P::sparse) prune_2_4(x, m, k, rng);
  if constexpr (P::scaled) {
    x.scale_block = P::compute::scale_block;
    draw_scales(x, m, n, k, rng);
  }
  return x;
}

// An element of the kernel's type from its bit pattern, and the bits of an output.
template <class Elem>
Elem element(uint64_t bits, numeric::Format f) {
  if constexpr (sizeof(Elem) == 1) {
    // 4-bit integers are stored one per byte, sign-extended when signed.
    auto const& fi = numeric::info(f);
    if (fi.bits == 4 && fi.is_signed && (bits & 8)) bits |= 0xf0;
    return __builtin_bit_cast(Elem, static_cast<uint8_t>(bits));
  } else if constexpr (sizeof(Elem) == 2) {
    return __builtin_bit_cast(Elem, static_cast<uint16_t>(bits));
  } else if constexpr (sizeof(Elem) == 4) {
    return __builtin_bit_cast(Elem, static_cast<uint32_t>(bits));
  } else {
    return __builtin_bit_cast(Elem, bits);
  }
}

template <class Out>
uint64_t out_bits(Out v) {
  if constexpr (sizeof(Out) == 8)
    return __builtin_bit_cast(uint64_t, v);
  else
    return __builtin_bit_cast(uint32_t, v);
}

template <class Elem>
std::vector<Elem> elements(std::vector<uint64_t> const& bits, numeric::Format f) {
  std::vector<Elem> out(bits.size());
  for (size_t e = 0; e < bits.size(); ++e) out[e] = element<Elem>(bits[e], f);
  return out;
}

} // namespace wavemma::gemm::detail
