#pragma once
// wavemma's <hip/device_functions.h>: HIP's device functions (in hip/hip_runtime.h).

#include "hip/hip_runtime.h"
