#pragma once
// wavemma's <hip/hip_profile.h>: the profiling markers, which mark nothing here.

#define HIP_SCOPED_MARKER(markerName, group)
#define HIP_BEGIN_MARKER(markerName, group)
#define HIP_END_MARKER()
