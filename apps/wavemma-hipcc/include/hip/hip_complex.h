#pragma once
// wavemma's <hip/hip_complex.h>: hipFloatComplex, hipDoubleComplex and their functions (wavemma/hip/complex.hpp).
// Device code calls it: it is included in clang's host-device region, as hip/hip_runtime.h includes wavemma's headers.

#include "hip/hip_runtime.h"

#pragma clang force_cuda_host_device begin
#include "wavemma/hip/complex.hpp"
#pragma clang force_cuda_host_device end
