#pragma once
// HIP's internal header hcc_detail/device_library_decls.h: wavemma's public header that has (or refuses) its contents.

#include "hip/hip_runtime.h"
