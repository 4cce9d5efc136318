#pragma once
// The x86 MXCSR bits that leave the IEEE default floating-point environment, named once: the
// rounding-control field (anything but round-to-nearest-even), flush-to-zero and
// denormals-are-zero. The vectorised kernels run only in the default environment; the f32/f64 FMA
// chain sets it for itself.

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace wavemma::numeric::detail {

inline constexpr unsigned kMxcsrRoundingControl = 0x6000;  // bits 13-14: 0 = round to nearest even
inline constexpr unsigned kMxcsrFlushToZero = 0x8000;      // bit 15
inline constexpr unsigned kMxcsrDenormalsAreZero = 0x0040; // bit 6
inline constexpr unsigned kMxcsrNonDefault = kMxcsrRoundingControl | kMxcsrFlushToZero | kMxcsrDenormalsAreZero;

#if defined(__SSE2__)
// RNE, no flush-to-zero, no denormals-are-zero (exception masks do not matter).
inline bool default_fp_environment() { return (_mm_getcsr() & kMxcsrNonDefault) == 0; }
#endif

} // namespace wavemma::numeric::detail
