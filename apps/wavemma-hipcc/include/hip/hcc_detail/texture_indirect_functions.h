#pragma once
// HIP's internal header hcc_detail/texture_indirect_functions.h: wavemma's public header that has (or refuses) its
// contents.

#include "hip/texture_types.h"
