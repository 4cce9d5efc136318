#pragma once
// Every engine with every input/output combination it supports, for the property tests.

#include "wavemma/numeric/engine.hpp"

#include <string>
#include <vector>

namespace wavemma::numeric::testing {

inline std::vector<Model> all_models() {
  std::vector<Model> v;
  using F = Format;
  v.push_back({Engine::kFmaChain, F::kF32, F::kF32, F::kF32, 1});
  v.push_back({Engine::kFmaChain, F::kF64, F::kF64, F::kF64, 1});
  v.push_back({Engine::kFmaChain, F::kF16, F::kBf16, F::kF32, 1});
  for (F in : {F::kF16, F::kBf16, F::kXf32}) {
    for (int g : {4, 8}) v.push_back({Engine::kCdna3FusedDot, in, in, F::kF32, g});
  }
  v.push_back({Engine::kCdna3FusedDot, F::kF16, F::kBf16, F::kF32, 8});
  for (F a : {F::kFp8E4M3Fnuz, F::kBf8E5M2Fnuz}) {
    for (F b : {F::kFp8E4M3Fnuz, F::kBf8E5M2Fnuz}) v.push_back({Engine::kCdna3Fp8Dot, a, b, F::kF32, 16});
  }
  for (F in : {F::kF16, F::kBf16}) {
    for (F out : {F::kF32, F::kF16, F::kBf16}) v.push_back({Engine::kRdna3Dot2, in, in, out, 2});
  }
  v.push_back({Engine::kRdna3Dot2, F::kF16, F::kF16, F::kF16, 2, false, true});
  for (F in : {F::kF16, F::kBf16}) {
    for (F out : {F::kF32, F::kF16, F::kBf16}) {
      for (int g : {2, 4}) v.push_back({Engine::kRdna4Dot4, in, in, out, g});
    }
  }
  v.push_back({Engine::kRdna4Dot4, F::kF16, F::kF16, F::kF16, 4, false, true});
  for (F a : {F::kFp8E4M3, F::kBf8E5M2}) {
    for (F b : {F::kFp8E4M3, F::kBf8E5M2}) v.push_back({Engine::kRdna4Dot4, a, b, F::kF32, 4});
  }
  // gfx950's unscaled fp8 MFMA: Algorithm 2 on the OCP formats.
  for (F a : {F::kFp8E4M3, F::kBf8E5M2}) {
    for (F b : {F::kFp8E4M3, F::kBf8E5M2}) v.push_back({Engine::kCdna3Fp8Dot, a, b, F::kF32, 16});
  }
  v.push_back({Engine::kCdna1ExactDot, F::kF16, F::kF16, F::kF32, 4});
  v.push_back({Engine::kCdna1ExactDot, F::kBf16, F::kBf16, F::kF32, 2});
  v.push_back({Engine::kCdna2PairwiseDot, F::kF16, F::kF16, F::kF32, 4});
  v.push_back({Engine::kCdna2PairwiseDot, F::kBf16, F::kBf16, F::kF32, 4});
  v.push_back({Engine::kCdna2PairwiseDot, F::kBf16, F::kBf16, F::kF32, 2});
  for (F a : {F::kFp8E4M3, F::kBf8E5M2, F::kFp6E2M3, F::kBf6E3M2, F::kFp4E2M1}) {
    for (F b : {F::kFp8E4M3, F::kBf8E5M2, F::kFp6E2M3, F::kBf6E3M2, F::kFp4E2M1})
      v.push_back({Engine::kCdna4ScaledDot, a, b, F::kF32, 32});
  }
  for (F a : {F::kI8, F::kU8, F::kI4, F::kU4}) {
    for (F b : {F::kI8, F::kU8, F::kI4, F::kU4}) {
      v.push_back({Engine::kIntegerDot, a, b, F::kI32, 1, false});
      v.push_back({Engine::kIntegerDot, a, b, F::kI32, 1, true});
    }
  }
  return v;
}

inline std::string describe(Model const& m) {
  return std::string(engine_name(m.engine)) + " " + std::string(name(m.a)) + "x" + std::string(name(m.b)) + "->" +
         std::string(name(m.out)) + " g" + std::to_string(m.group) + (m.clamp ? " clamp" : "") +
         (m.fp16_ovfl ? " ovfl" : "");
}

// K values that suit the model's step.
inline std::vector<int> k_values(Model const& m) {
  switch (m.engine) {
  case Engine::kRdna3Dot2:
    return {2, 16};
  case Engine::kRdna4Dot4:
    return {m.group, 16};
  case Engine::kCdna3Fp8Dot:
    return {16, 32, 20}; // 20: a short last block
  case Engine::kCdna3FusedDot:
  case Engine::kCdna1ExactDot:
  case Engine::kCdna2PairwiseDot:
    return {m.group, 16, 10};
  case Engine::kCdna4ScaledDot:
    return {32, 64, 40};
  default:
    return {1, 8, 16};
  }
}

} // namespace wavemma::numeric::testing
