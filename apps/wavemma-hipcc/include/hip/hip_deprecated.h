#pragma once
// wavemma's <hip/hip_deprecated.h>: HIP's deprecated API: what wavemma has of it is in hip/hip_runtime.h.

#include "hip/hip_runtime.h"
