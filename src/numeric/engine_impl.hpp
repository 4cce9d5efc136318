#pragma once
// Internal interface of the engines: decoded operands, the trace writer and the per-engine cores.

#include "wavemma/numeric/engine.hpp"

#include <fmt/format.h>
#include <optional>
#include <string>
#include <utility>

namespace wavemma::numeric::detail {

// Appends trace lines when a Trace was given; formats nothing otherwise.
class Tracer {
public:
  explicit Tracer(Trace* t) : trace_(t) {}
  bool on() const { return trace_ != nullptr; }
  template <class... Args>
  void operator()(fmt::format_string<Args...> f, Args&&... args) {
    if (trace_ != nullptr) trace_->lines.push_back(fmt::format(f, std::forward<Args>(args)...));
  }

private:
  Trace* trace_;
};

// An input element decoded once: raw bits (for traces and raw-bit engines) and its exact value.
struct Operand {
  uint64_t bits;
  Decoded v;
};
inline Operand make_operand(Format f, uint64_t bits) {
  bits &= storage_mask(f);
  return {bits, decode(f, bits)};
}

inline constexpr uint32_t kF32PosInf = 0x7F800000, kF32NegInf = 0xFF800000;

// The CDNA engines' infinities, once products and C have been looked at: both signs meet in the
// NaN of Algorithms 1/2, one sign is that infinity, none leaves the block to the arithmetic.
inline std::optional<uint32_t> cdna_infinities(bool pos_inf, bool neg_inf, Tracer& tr) {
  if (pos_inf && neg_inf) {
    tr("  +inf and -inf meet -> NaN 0x{:08x}", kCdna3Nan);
    return kCdna3Nan;
  }
  if (!pos_inf && !neg_inf) return std::nullopt;
  tr("  result {}inf", pos_inf ? '+' : '-');
  return pos_inf ? kF32PosInf : kF32NegInf;
}

// The cores compute one output element from K decoded A and B operands (hardware K order).
// The model has been checked; for RDNA engines K is a multiple of the group.
uint64_t fma_chain(Model const&, Operand const* a, Operand const* b, int K, uint64_t c, Tracer&);
uint64_t cdna3_dot(Model const&, Operand const* a, Operand const* b, int K, uint64_t c, Tracer&);
uint64_t rdna3_dot2(Model const&, Operand const* a, Operand const* b, int K, uint64_t c, Tracer&);
uint64_t rdna4_dot4(Model const&, Operand const* a, Operand const* b, int K, uint64_t c, Tracer&);
uint64_t integer_dot(Model const&, Operand const* a, Operand const* b, int K, uint64_t c, Tracer&);
uint64_t cdna12_dot(Model const&, Operand const* a, Operand const* b, int K, uint64_t c, Tracer&);
// Every scale 1 (the unscaled f8f6f4 instructions), and with one E8M0 code per block of A and B.
uint64_t cdna4_scaled_dot(Model const&, Operand const* a, Operand const* b, int K, uint64_t c, Tracer&);
uint64_t cdna4_scaled_dot(Model const&, Operand const* a, Operand const* b, int K, uint64_t c, uint8_t const* scale_a,
                          uint8_t const* scale_b, Tracer&);

// Dispatches to the core of m.engine.
uint64_t run_engine(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tracer&);

inline bool is_integer_input(Format f) {
  return f == Format::kI8 || f == Format::kU8 || f == Format::kI4 || f == Format::kU4;
}

// Throws std::invalid_argument when check_model fails or K does not fit the group.
void require_valid(Model const&, int K);

// Trace text of one operand: "0x3c00 (1 = 0x1p+0)".
inline std::string show(Format f, uint64_t bits) { return format_value(f, bits); }

} // namespace wavemma::numeric::detail
