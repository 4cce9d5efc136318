#pragma once
// HIP's internal header amd_detail/hip_prof_str.h: wavemma's public header that has (or refuses) its contents.

#include "hip/hip_runtime_prof.h"
