#pragma once
// wavemma's <hip/hip_bf16.h>: __hip_bfloat16, __hip_bfloat162 and their functions (wavemma/hip/bfloat16.hpp).
// Device code calls it: it is included in clang's host-device region, as hip/hip_runtime.h includes wavemma's headers
// (the standard headers it needs are in hip_runtime.h's list).

#include "hip/hip_runtime.h"

#pragma clang force_cuda_host_device begin
#include "wavemma/hip/bfloat16.hpp"
#pragma clang force_cuda_host_device end
