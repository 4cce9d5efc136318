#pragma once
// HIP's internal header hcc_detail/amd_hip_cooperative_groups.h: wavemma's public header that has (or refuses) its
// contents.

#include "hip/hip_cooperative_groups.h"
