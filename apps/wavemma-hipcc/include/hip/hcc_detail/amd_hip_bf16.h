#pragma once
// HIP's internal header hcc_detail/amd_hip_bf16.h: wavemma's public header that has (or refuses) its contents.

#include "hip/hip_bf16.h"
