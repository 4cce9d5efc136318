#pragma once
// wavemma's <hip/hip_version.h>: the HIP version whose API these headers follow (6.2).

#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 41512
#define HIP_VERSION_GITHASH "wavemma"
#define HIP_VERSION_BUILD_ID 0
#define HIP_VERSION_BUILD_NAME "wavemma"
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)
