#pragma once
// wavemma's <hip/hip_vector_types.h>: float4, int2, make_float4 and the rest (wavemma/hip/vector_types.hpp,
// included by hip/hip_runtime.h).

#include "hip/hip_runtime.h"
