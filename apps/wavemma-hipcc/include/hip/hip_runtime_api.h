#pragma once
// wavemma's <hip/hip_runtime_api.h>: the hip* runtime API of wavemma::simt.

#if !defined(__HIP_PLATFORM_AMD__)
#define __HIP_PLATFORM_AMD__ 1 // as HIP's hip_common.h: the AMD platform, whose GPUs are emulated
#endif

#include "wavemma/hip/api.hpp"
