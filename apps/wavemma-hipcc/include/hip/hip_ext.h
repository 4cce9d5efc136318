#pragma once
// wavemma's <hip/hip_ext.h>: hipExtLaunchKernelGGL, defined with the launches in hip/hip_runtime.h.

#include "hip/hip_runtime.h"
