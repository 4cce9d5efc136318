#pragma once
// wavemma's <hip/hip_cooperative_groups.h>: HIP's cooperative groups (wavemma/hip/cooperative_groups.hpp). Device code
// calls them: they are included in clang's host-device region, as hip/hip_runtime.h includes wavemma's headers.

#include "hip/hip_runtime.h"

#pragma clang force_cuda_host_device begin
#include "wavemma/hip/cooperative_groups.hpp"
#pragma clang force_cuda_host_device end
