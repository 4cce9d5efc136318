#pragma once
// HIP's internal header amd_detail/amd_hip_runtime_pt_api.h: wavemma's public header that has (or refuses) its
// contents.

#include "hip/hip_runtime.h"
