#pragma once
// HIP's internal header amd_detail/math_fwd.h: wavemma's public header that has (or refuses) its contents.

#include "hip/hip_runtime.h"
