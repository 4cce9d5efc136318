#pragma once
// wavemma's <hip/hip_runtime_prof.h>: the runtime's profiling hooks are not emulated.

#error                                                                                                                 \
    "<hip/hip_runtime_prof.h>: HIP's profiling hooks are not emulated by wavemma (wavemma-hipcc runs kernels on the CPU; docs/hipcc.md lists what is emulated)"
