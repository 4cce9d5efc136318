#pragma once
// HIP's internal header hcc_detail/amd_hip_gl_interop.h: wavemma's public header that has (or refuses) its contents.

#include "hip/hip_gl_interop.h"
