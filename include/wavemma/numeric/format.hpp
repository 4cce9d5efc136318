#pragma once
// Number formats of the matrix instructions: exact decoding, correctly rounded encoding.
// Reference: shared/reference/numerics.md §1.

#include "wavemma/numeric/core/format.hpp"
#include "wavemma/numeric/format_info.hpp" // FormatInfo, info(), name(), description(): header only

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace wavemma::numeric {

// Accepts the canonical names (f32 f64 f16 bf16 xf32 fp8 bf8 fp8_fnuz bf8_fnuz i8 u8 i4 u4 i32 fp6
// bf6 fp4 e8m0) and aliases (fp32 fp64 fp16 e4m3 e4m3fn e5m2 e4m3fnuz e5m2fnuz int8 uint8 int4 uint4
// int32 e2m3 e3m2 e2m1),
// case-insensitively; never a named-only format (E5M3). "fp8"/"bf8" are the OCP formats (gfx12 naming); gfx942's are
// the *_fnuz ones.
std::optional<Format> parse_format(std::string_view);

// The exact value of a code (core/format.hpp, Decoded, states the representation).
Decoded decode(Format, uint64_t bits);

// Correctly rounded encoding of (-1)^neg * (sig + sticky·ε) * 2^exp, where ε is a positive amount
// smaller than any bit that matters (bits already discarded below sig). Gradual underflow; the
// sign of a zero result is kept (FNUZ formats have no -0 and give +0).
// Overflow: to inf, or to NaN in formats without inf (OCP8 non-saturating conversion), when the
// rounding direction points away from zero; to the largest finite value when it points toward
// zero (RTZ, RD of a positive, RU of a negative value), as IEEE 754 §7.4 does. The MX FP6/FP4
// formats have neither inf nor NaN: their overflow saturates to ±max in every mode (OCP MX v1.0's
// clamp to max normal).
// E8M0 (powers of two only, no sign, no zero) [ASSUME: the MX spec defines no such conversion]:
// a positive value rounds to a neighbouring power of two (RNE: 2^e below 1.5·2^e, 2^(e+1) from it
// on — the tie goes up, the one significand bit being odd); below 2^-127 it gives 2^-127 (0x00)
// unless it rounds up; above 2^127 NaN when rounding away from zero, 2^127 toward it; zero and
// negative values are NaN (0xFF).
// Integer formats round to an integer with the given rounding, then saturate to their range.
uint64_t encode(Format, bool neg, uint64_t sig, int exp, Rounding, bool sticky = false);

// Exact for every format (every value of every format is a double).
double to_double(Format, uint64_t bits);
// NaN -> the format's canonical NaN (sign kept where the format has signed NaNs), inf -> inf or,
// without inf, NaN; MX FP6/FP4: ±inf -> ±max, NaN -> +0 [ASSUME]; E8M0: NaN, inf -> 0xFF;
// integers: NaN -> 0, ±inf and out-of-range values saturate.
uint64_t from_double(Format, double, Rounding = Rounding::kNearestEven);

// "0x3c00 (1 = 0x1p+0)", "0x8000 (-0)", "0x7c00 (+inf)", "0xffc00000 (-NaN)", "0xff (-1)".
std::string format_value(Format, uint64_t bits);
// The exact value alone: "1.5 = 0x1.8p+0", "-0", "+inf", "NaN".
std::string format_exact(bool neg, uint64_t sig, int exp);

// Mask of the storage bits of a format.
inline uint64_t storage_mask(Format f) { return core::storage_mask(f); }
// The format's canonical quiet NaN (positive where the sign is free); formats without NaN (integers,
// MX FP6/FP4) give 0.
uint64_t canonical_nan(Format);

} // namespace wavemma::numeric
