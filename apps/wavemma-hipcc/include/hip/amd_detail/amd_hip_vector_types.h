#pragma once
// HIP's internal header amd_detail/amd_hip_vector_types.h: wavemma's public header that has (or refuses) its contents.

#include "hip/hip_vector_types.h"
