#pragma once
// wavemma's <hip/hip_fp8.h>: HIP's FNUZ and OCP FP8 types and conversions (wavemma/hip/fp8.hpp). Device code calls
// it: it is included in clang's host-device region, as hip/hip_runtime.h includes wavemma's headers (the standard
// headers it needs are in hip_runtime.h's list).

#include "hip/hip_runtime.h"

#pragma clang force_cuda_host_device begin
#include "wavemma/hip/fp8.hpp"
#pragma clang force_cuda_host_device end
