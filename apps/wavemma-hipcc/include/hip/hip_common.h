#pragma once
// wavemma's <hip/hip_common.h>: the platform macros. wavemma-hipcc's clang defines __HIP__ and the
// target macros; this is HIP's AMD platform.

#if !defined(__HIP_PLATFORM_AMD__)
#define __HIP_PLATFORM_AMD__ 1
#endif
#if !defined(__HIP_PLATFORM_HCC__)
#define __HIP_PLATFORM_HCC__ 1
#endif
#define __HIP_CLANG_ONLY__ 1
