#pragma once
// HIP's internal header amd_detail/amd_hip_math_constants.h: wavemma's public header that has (or refuses) its
// contents.

#include "hip/hip_math_constants.h"
