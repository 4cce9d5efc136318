#pragma once
// Number formats of the matrix instructions: exact decoding, correctly rounded encoding.
// Reference: shared/reference/numerics.md §1.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace wavemma::numeric {

enum class Format : uint8_t {
  kF32,
  kF64,
  kF16,
  kBf16,
  kXf32,        // an f32 word whose low 13 fraction bits are dropped on input (10 fraction bits left)
  kFp8E4M3,     // OCP E4M3FN (gfx12 "fp8"): no inf, NaN = S.1111.111
  kBf8E5M2,     // OCP E5M2 (gfx12 "bf8"): IEEE-like
  kFp8E4M3Fnuz, // E4M3FNUZ (gfx942 "fp8"): bias 8, 0x80 = NaN, no inf, no -0
  kBf8E5M2Fnuz, // E5M2FNUZ (gfx942 "bf8"): bias 16, 0x80 = NaN, no inf, no -0
  kI8,
  kU8,
  kI4,
  kU4,
  kI32,
  // OCP Microscaling Formats (MX) v1.0 element and scale formats (gfx950 f8f6f4 MFMA): no inf, no
  // NaN in the elements; AMD's names: "fp6" = E2M3, "bf6" = E3M2, "fp4" = E2M1.
  kFp6E2M3, // FP6 E2M3: bias 1, max 7.5, signed zeros
  kBf6E3M2, // FP6 E3M2: bias 3, max 28, signed zeros
  kFp4E2M1, // FP4 E2M1: bias 1, max 6, signed zeros
  kE8M0,    // E8M0 scale: 2^(E-127) for E = 0..254, 0xFF = NaN; no sign, no zero
};
inline constexpr int kFormatCount = 18;

// How a format spends its top exponent codes and its sign bit.
enum class Specials : uint8_t {
  kIeee,    // E = all ones: inf (F = 0) or NaN (F != 0); signed zeros
  kOcpE4m3, // no inf; only S.1111.111 is NaN; signed zeros
  kFnuz,    // no inf; the code 1000...0 (negative zero) is the only NaN
  kInteger, // two's complement or unsigned integer
  kFinite,  // no inf, no NaN: every code is a number; signed zeros (MX FP6/FP4)
  kE8m0,    // unsigned powers of two 2^(E - bias), no zero; E = all ones is the only NaN
};

struct FormatInfo {
  std::string_view name; // canonical name accepted by parse_format
  int bits;              // storage width
  int exp_bits;          // 0 for integers
  int frac_bits;         // fraction bits that carry value (xf32: 10)
  int bias;
  bool is_float;
  bool is_signed;
  Specials specials;
  int stored_frac_bits; // fraction field width in the stored word (xf32: 23)
  uint64_t max_finite;  // code of the largest finite positive value (integers: largest value)

  int e_min() const { return 1 - bias; } // exponent of the smallest normal
  bool has_inf() const { return specials == Specials::kIeee; }
  bool has_negative_zero() const {
    return specials == Specials::kIeee || specials == Specials::kOcpE4m3 || specials == Specials::kFinite;
  }
  bool has_nan() const { return is_float && specials != Specials::kFinite; }
};

FormatInfo const& info(Format);
std::string_view name(Format);

// Accepts the canonical names (f32 f64 f16 bf16 xf32 fp8 bf8 fp8_fnuz bf8_fnuz i8 u8 i4 u4 i32 fp6
// bf6 fp4 e8m0) and aliases (fp32 fp64 fp16 e4m3 e4m3fn e5m2 e4m3fnuz e5m2fnuz int8 uint8 int4 uint4
// int32 e2m3 e3m2 e2m1),
// case-insensitively. "fp8"/"bf8" are the OCP formats (gfx12 naming); gfx942's are the *_fnuz ones.
std::optional<Format> parse_format(std::string_view);

// Exact value of a code: (-1)^neg * sig * 2^exp.
// Floats: sig is the stored significand (hidden bit included when E > 0), never normalised, and
// exp = max(E, 1) - bias - frac_bits; zeros have sig = 0 and that same subnormal-grid exp.
// xf32 is classified as inf/NaN on the full f32 word (a NaN whose payload sits only in the dropped
// bits stays NaN, numerics.md §9 item 8), then its low 13 fraction bits are dropped: sig has 10
// fraction bits. E8M0: every code but 0xFF is finite, sig = 1 and exp = E - 127 (E = 0 is 2^-127,
// not a zero). Integers: sig = |value|, exp = 0. For inf/NaN sig holds the fraction field, exp = 0.
struct Decoded {
  enum Class : uint8_t { kZero, kFinite, kInf, kNaN } cls;
  bool neg;
  uint64_t sig;
  int exp;

  bool is_nan() const { return cls == kNaN; }
  bool is_inf() const { return cls == kInf; }
  bool is_zero() const { return cls == kZero; }
  bool is_finite() const { return cls == kZero || cls == kFinite; }
};
Decoded decode(Format, uint64_t bits);

enum class Rounding : uint8_t { kNearestEven, kTowardZero, kDown, kUp };

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
inline uint64_t storage_mask(Format f) {
  int const b = info(f).bits;
  return b >= 64 ? ~uint64_t{0} : (uint64_t{1} << b) - 1;
}
// The format's canonical quiet NaN (positive where the sign is free); formats without NaN (integers,
// MX FP6/FP4) give 0.
uint64_t canonical_nan(Format);

} // namespace wavemma::numeric
