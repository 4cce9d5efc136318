#pragma once
// What every engine core shares, for host and device code: the model, the engines' special
// results, decoded operands, and the tracing hook. A core takes a tracer `tr` and calls
// `tr(format, args...)` at each step it can explain, guarded by `tr.on()`; the arguments are plain
// values and the payloads below, never text. NoTrace (device code, the batched host paths) ignores
// them; the host reference's Tracer (src/numeric/engine_impl.hpp) formats them with fmt.

#include "wavemma/numeric/core/format.hpp"
#include "wavemma/numeric/engine_id.hpp"

#include <cstdint>

namespace wavemma::numeric {

// The engine enum is in engine_id.hpp.
struct Model {
  Engine engine;
  Format a, b;            // input formats (integers: kI8/kU8/kI4/kU4 give the signedness)
  Format out;             // C and D format: kF32, kF64, kF16, kBf16, kI32
  int group = 1;          // products per step/block (FMA 1; Alg1 4 or 8; Alg2 16; DOT2 2; DOT4 4)
  bool clamp = false;     // integer saturation of the final int32 result
  bool fp16_ovfl = false; // MODE.FP16_OVFL for f16 outputs of RDNA

  bool operator==(Model const&) const = default;
};

// Special results of the engines.
inline constexpr uint32_t kCdna3Nan = 0xFFC00000;       // any NaN of Algorithms 1/2 [ASSUME §9.7]
inline constexpr uint32_t kRdnaFactorNan = 0xFFC00A3D;  // an A/B factor is NaN [HW RJ]
inline constexpr uint32_t kRdnaInvalidNan = 0xFFC00000; // ∞·0 or ∞ − ∞ [HW RJ]
inline constexpr uint16_t kRdnaFactorNanF16 = 0xFE3D;
inline constexpr uint16_t kRdnaFactorNanBf16 = 0xFFFD;
inline constexpr uint16_t kRdnaInvalidNanF16 = 0xFE00;
inline constexpr uint16_t kRdnaInvalidNanBf16 = 0xFFC0;

namespace core {

// An input element decoded once: raw bits (for traces and raw-bit engines) and its exact value.
struct Operand {
  uint64_t bits;
  Decoded v;
};
WAVEMMA_HD inline Operand make_operand(Format f, uint64_t bits) {
  bits &= core::storage_mask(f);
  return {bits, core::decode(f, bits)};
}

// Trace payloads: a code shown with its value (format_value), an exact value ±mag·2^exp
// (format_exact), an exponent that may be kNoExponent ("-inf"), the block positions among n whose
// product is zero ("1,3").
struct Shown {
  Format f;
  uint64_t bits;
};
struct Exact {
  bool neg;
  uint64_t mag;
  int exp;
};
struct Exponent {
  int e;
};
struct ZeroProducts {
  Operand const* a;
  Operand const* b;
  int n;
};

// The tracer of device code and of the batched paths: explains nothing.
struct NoTrace {
  WAVEMMA_HD static constexpr bool on() { return false; }
  template <class... Args>
  WAVEMMA_HD void operator()(char const*, Args...) const {}
};

inline constexpr uint32_t kF32PosInf = 0x7F800000, kF32NegInf = 0xFF800000;

// An optional f32 result of a block's special values (no std::optional in device code).
struct Special {
  bool set;
  uint32_t bits;
};

// The CDNA engines' infinities, once products and C have been looked at: both signs meet in the
// NaN of Algorithms 1/2, one sign is that infinity, none leaves the block to the arithmetic.
template <class Tr>
WAVEMMA_HD Special cdna_infinities(bool pos_inf, bool neg_inf, Tr& tr) {
  if (pos_inf && neg_inf) {
    tr("  +inf and -inf meet -> NaN 0x{:08x}", kCdna3Nan);
    return {true, kCdna3Nan};
  }
  if (!pos_inf && !neg_inf) return {false, 0};
  tr("  result {}inf", pos_inf ? '+' : '-');
  return {true, pos_inf ? kF32PosInf : kF32NegInf};
}

WAVEMMA_HD inline bool is_integer_input(Format f) {
  return f == Format::kI8 || f == Format::kU8 || f == Format::kI4 || f == Format::kU4;
}

} // namespace core
} // namespace wavemma::numeric
