#pragma once
// wavemma's <hip/driver_types.h>: hipMemcpyKind and the runtime's types (in hip/hip_runtime_api.h).

#include "hip/hip_runtime.h"
