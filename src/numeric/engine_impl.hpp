#pragma once
// Internal interface of the engines: decoded operands, the trace writer and the per-engine entry
// points of the host. The arithmetic itself is the core's (wavemma/numeric/core/engines.hpp).

#include "wavemma/numeric/core/engines.hpp"
#include "wavemma/numeric/engine.hpp"

#include <fmt/format.h>
#include <string>
#include <utility>

// The core's trace payloads, as text.
template <>
struct fmt::formatter<wavemma::numeric::core::Shown> : fmt::formatter<std::string> {
  auto format(wavemma::numeric::core::Shown const& s, format_context& ctx) const {
    return fmt::formatter<std::string>::format(wavemma::numeric::format_value(s.f, s.bits), ctx);
  }
};
template <>
struct fmt::formatter<wavemma::numeric::core::Exact> : fmt::formatter<std::string> {
  auto format(wavemma::numeric::core::Exact const& e, format_context& ctx) const {
    return fmt::formatter<std::string>::format(wavemma::numeric::format_exact(e.neg, e.mag, e.exp), ctx);
  }
};
template <>
struct fmt::formatter<wavemma::numeric::core::Exponent> : fmt::formatter<std::string> {
  auto format(wavemma::numeric::core::Exponent const& e, format_context& ctx) const {
    return fmt::formatter<std::string>::format(
        e.e == wavemma::numeric::core::kNoExponent ? std::string("-inf") : std::to_string(e.e), ctx);
  }
};
template <>
struct fmt::formatter<wavemma::numeric::core::ZeroProducts> : fmt::formatter<std::string> {
  auto format(wavemma::numeric::core::ZeroProducts const& z, format_context& ctx) const {
    std::string list;
    for (int k = 0; k < z.n; ++k) {
      if (z.a[k].v.is_zero() || z.b[k].v.is_zero()) list += (list.empty() ? "" : ",") + std::to_string(k);
    }
    return fmt::formatter<std::string>::format(list, ctx);
  }
};

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
using core::Operand;
inline Operand make_operand(Format f, uint64_t bits) { return core::make_operand(f, bits); }

// The cores compute one output element from K decoded A and B operands (hardware K order).
// The model has been checked; for RDNA engines K is a multiple of the group.
uint64_t fma_chain(Model const&, Operand const* a, Operand const* b, int K, uint64_t c, Tracer&);
// Every scale 1 (the unscaled f8f6f4 instructions), and with one E8M0 code per block of A and B.
uint64_t cdna4_scaled_dot(Model const&, Operand const* a, Operand const* b, int K, uint64_t c, uint8_t const* scale_a,
                          uint8_t const* scale_b, Tracer&);

// Dispatches to the core of m.engine (fma_chain in the IEEE default environment).
uint64_t run_engine(Model const& m, Operand const* a, Operand const* b, int K, uint64_t c, Tracer&);

using core::is_integer_input;

// Throws std::invalid_argument when check_model fails or K does not fit the group.
void require_valid(Model const&, int K);

// Trace text of one operand: "0x3c00 (1 = 0x1p+0)".
inline std::string show(Format f, uint64_t bits) { return format_value(f, bits); }

} // namespace wavemma::numeric::detail
