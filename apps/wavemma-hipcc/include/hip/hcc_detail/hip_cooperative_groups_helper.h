#pragma once
// HIP's internal header hcc_detail/hip_cooperative_groups_helper.h: wavemma's public header that has (or refuses) its
// contents.

#include "hip/hip_cooperative_groups.h"
