#pragma once
// HIP's internal header hcc_detail/macro_based_grid_launch.hpp: wavemma's public header that has (or refuses) its
// contents.

#include "hip/hip_runtime.h"
