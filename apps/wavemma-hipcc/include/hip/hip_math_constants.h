#pragma once
// wavemma's <hip/hip_math_constants.h>: HIP's math constants (wavemma/hip/math_constants.hpp). Device code calls
// it: it is included in clang's host-device region, as hip/hip_runtime.h includes wavemma's headers.

#include "hip/hip_runtime.h"

#pragma clang force_cuda_host_device begin
#include "wavemma/hip/math_constants.hpp"
#pragma clang force_cuda_host_device end
