#pragma once
// The arithmetic of every numeric model, once, for host and device code: wavemma::numeric's
// reference `dot` (with its trace), its batched paths and wavemma::cuda's kernels all run these
// cores. The model must have passed check_model; RDNA engines need K a multiple of the group.

#include "wavemma/numeric/core/cdna12.hpp"
#include "wavemma/numeric/core/cdna3.hpp"
#include "wavemma/numeric/core/cdna4_scaled.hpp"
#include "wavemma/numeric/core/fma_chain.hpp"
#include "wavemma/numeric/core/integer_dot.hpp"
#include "wavemma/numeric/core/rdna.hpp"

namespace wavemma::numeric::core {

// One output element from K decoded operands in hardware K order and c (raw bits in m.out, masked
// to its storage); kCdna4ScaledDot with every scale 1.
template <class Tr>
WAVEMMA_HD uint64_t run_engine(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tr& tr) {
  switch (m.engine) {
  case Engine::kFmaChain:
    return fma_chain(m, a, b, K, c, tr);
  case Engine::kCdna3FusedDot:
  case Engine::kCdna3Fp8Dot:
    return cdna3_dot(m, a, b, K, c, tr);
  case Engine::kRdna3Dot2:
    return rdna3_dot2(m, a, b, K, c, tr);
  case Engine::kRdna4Dot4:
    return rdna4_dot4(m, a, b, K, c, tr);
  case Engine::kIntegerDot:
    return integer_dot(m, a, b, K, c, tr);
  case Engine::kCdna1ExactDot:
  case Engine::kCdna2PairwiseDot:
    return cdna12_dot(m, a, b, K, c, tr);
  case Engine::kCdna4ScaledDot:
    return cdna4_scaled_dot(m, a, b, K, c, nullptr, nullptr, tr);
  }
  return 0;
}

} // namespace wavemma::numeric::core
