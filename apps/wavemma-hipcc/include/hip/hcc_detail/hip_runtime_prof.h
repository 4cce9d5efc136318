#pragma once
// HIP's internal header hcc_detail/hip_runtime_prof.h: wavemma's public header that has (or refuses) its contents.

#include "hip/hip_runtime_prof.h"
