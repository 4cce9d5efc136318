#pragma once
// wavemma's <hip/hip_fp16.h>: __half, __half2 and their functions (wavemma/hip/float16.hpp). Device code calls it:
// it is included in clang's host-device region, as hip/hip_runtime.h includes wavemma's headers (the standard headers
// it needs are in hip_runtime.h's list).

#include "hip/hip_runtime.h"

#pragma clang force_cuda_host_device begin
#include "wavemma/hip/float16.hpp"
#pragma clang force_cuda_host_device end
