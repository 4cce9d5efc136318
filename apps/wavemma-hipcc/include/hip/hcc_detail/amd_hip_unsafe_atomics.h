#pragma once
// HIP's internal header hcc_detail/amd_hip_unsafe_atomics.h: wavemma's public header that has (or refuses) its
// contents.

#include "hip/hip_runtime.h"
