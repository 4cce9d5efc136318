#pragma once
// Small exact-arithmetic helpers shared by the numeric sources (not installed): the core's
// (core/hd.hpp), under the names the sources use.

#include "wavemma/numeric/core/hd.hpp"

#include <cstdint>

namespace wavemma::numeric::detail {

using core::bit_length;
using core::f32_bits;
using core::f32_from;
using core::kNoExponent;
using core::loses_bits;
using core::magnitude;
using core::shift_floor;
using core::shift_trunc;
using core::with_sign;

} // namespace wavemma::numeric::detail
