#pragma once
// HIP's internal header hcc_detail/amd_hip_ocp_types.h: wavemma's public header that has (or refuses) its contents.

#include "hip/hip_fp8.h"
