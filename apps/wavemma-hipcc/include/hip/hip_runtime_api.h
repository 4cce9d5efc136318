#pragma once
// wavemma's <hip/hip_runtime_api.h>: the hip* runtime API of wavemma::simt.

#include "wavemma/simt/hip_api.hpp"
