#pragma once
// wavemma's <hip/math_functions.h>: HIP's math functions (in hip/hip_runtime.h).

#include "hip/hip_runtime.h"
