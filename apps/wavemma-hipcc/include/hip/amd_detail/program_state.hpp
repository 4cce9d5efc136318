#pragma once
// HIP's internal header amd_detail/program_state.hpp: wavemma's public header that has (or refuses) its contents.

#include "hip/hip_runtime.h"
