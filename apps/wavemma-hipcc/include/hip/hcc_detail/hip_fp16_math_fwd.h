#pragma once
// HIP's internal header hcc_detail/hip_fp16_math_fwd.h: wavemma's public header that has (or refuses) its contents.

#include "hip/hip_fp16.h"
