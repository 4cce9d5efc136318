#pragma once
// HIP's internal header hcc_detail/grid_launch_GGL.hpp: wavemma's public header that has (or refuses) its contents.

#include "hip/hip_runtime.h"
