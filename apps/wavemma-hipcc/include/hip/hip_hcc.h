#pragma once
// wavemma's <hip/hip_hcc.h>: the old name of hip/hip_runtime.h.

#include "hip/hip_runtime.h"
