#pragma once
// HIP's internal header hcc_detail/functional_grid_launch.hpp: wavemma's public header that has (or refuses) its
// contents.

#include "hip/hip_runtime.h"
