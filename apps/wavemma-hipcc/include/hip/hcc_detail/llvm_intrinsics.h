#pragma once
// HIP's internal header hcc_detail/llvm_intrinsics.h: wavemma's public header that has (or refuses) its contents.

#include "hip/hip_runtime.h"
