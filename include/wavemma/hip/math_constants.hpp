#pragma once
// HIP's math constants (<hip/hip_math_constants.h>), float and double, exact to the last bit of
// their type (hexadecimal literals where the value is not short in decimal).

#include <limits>

#define HIP_INF_F (std::numeric_limits<float>::infinity())
#define HIP_NAN_F (std::numeric_limits<float>::quiet_NaN())
#define HIP_MIN_DENORM_F (std::numeric_limits<float>::denorm_min())
#define HIP_MAX_NORMAL_F (std::numeric_limits<float>::max())
#define HIP_NEG_ZERO_F (-0.0f)
#define HIP_ZERO_F 0.0f
#define HIP_ONE_F 1.0f
#define HIP_SQRT_HALF_F 0.707106781f
#define HIP_SQRT_HALF_HI_F 0.707106781f
#define HIP_SQRT_HALF_LO_F 1.210161749e-08f
#define HIP_SQRT_TWO_F 1.414213562f
#define HIP_THIRD_F 0.333333333f
#define HIP_PIO4_F 0.785398163f
#define HIP_PIO2_F 1.570796327f
#define HIP_3PIO4_F 2.356194490f
#define HIP_2_OVER_PI_F 0.636619772f
#define HIP_SQRT_2_OVER_PI_F 0.797884561f
#define HIP_PI_F 3.141592654f
#define HIP_L2E_F 1.442695041f
#define HIP_L2T_F 3.321928094f
#define HIP_LG2_F 0.301029996f
#define HIP_LGE_F 0.434294482f
#define HIP_LN2_F 0.693147181f
#define HIP_LNT_F 2.302585093f
#define HIP_LNPI_F 1.144729886f
#define HIP_TWO_TO_M126_F 1.175494351e-38f
#define HIP_TWO_TO_126_F 8.507059173e37f
#define HIP_NORM_HUGE_F 3.402823466e38f
#define HIP_TWO_TO_23_F 8388608.0f
#define HIP_TWO_TO_24_F 16777216.0f
#define HIP_TWO_TO_31_F 2147483648.0f
#define HIP_TWO_TO_32_F 4294967296.0f
#define HIP_REMQUO_BITS_F 3
#define HIP_REMQUO_MASK_F (~((~0u) << HIP_REMQUO_BITS_F))
#define HIP_TRIG_PLOSS_F 105615.0f

#define HIP_INF (std::numeric_limits<double>::infinity())
#define HIP_NAN (std::numeric_limits<double>::quiet_NaN())
#define HIP_NEG_ZERO (-0.0)
#define HIP_MIN_DENORM (std::numeric_limits<double>::denorm_min())
#define HIP_ZERO 0.0
#define HIP_ONE 1.0
#define HIP_SQRT_TWO 0x1.6a09e667f3bcdp+0
#define HIP_SQRT_HALF 0x1.6a09e667f3bcdp-1
#define HIP_THIRD 0x1.5555555555555p-2
#define HIP_TWOTHIRD 0x1.5555555555555p-1
#define HIP_PI 0x1.921fb54442d18p+1
#define HIP_PIO2 0x1.921fb54442d18p+0
#define HIP_PIO4 0x1.921fb54442d18p-1
#define HIP_3PIO4 0x1.2d97c7f3321d2p+1
#define HIP_2_OVER_PI 0x1.45f306dc9c883p-1
#define HIP_SQRT_2_OVER_PI 0x1.9884533d43651p-1
#define HIP_L2E 0x1.71547652b82fep+0
#define HIP_L2T 0x1.a934f0979a371p+1
#define HIP_LG2 0x1.34413509f79ffp-2
#define HIP_LGE 0x1.bcb7b1526e50ep-2
#define HIP_LN2 0x1.62e42fefa39efp-1
#define HIP_LNT 0x1.26bb1bbb55516p+1
#define HIP_LNPI 0x1.250d048e7a1bdp+0
#define HIP_TWO_TO_54 18014398509481984.0
#define HIP_TWO_TO_M54 5.551115123125783e-17
#define HIP_TWO_TO_63 9223372036854775808.0
#define HIP_TWO_TO_64 18446744073709551616.0
#define HIP_TWO_TO_M1022 2.22507385850720140e-308
#define HIP_TWO_TO_M1074 4.94065645841246544e-324
