#pragma once
// HIP's internal header amd_detail/amd_surface_functions.h: wavemma's public header that has (or refuses) its contents.

#include "hip/surface_types.h"
