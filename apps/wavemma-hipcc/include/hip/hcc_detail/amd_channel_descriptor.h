#pragma once
// HIP's internal header hcc_detail/amd_channel_descriptor.h: wavemma's public header that has (or refuses) its
// contents.

#include "hip/channel_descriptor.h"
