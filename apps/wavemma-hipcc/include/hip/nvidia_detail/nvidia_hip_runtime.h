#pragma once
// wavemma's <hip/nvidia_detail/nvidia_hip_runtime.h>: the NVIDIA platform is not emulated.

#error                                                                                                                 \
    "<hip/nvidia_detail/nvidia_hip_runtime.h>: HIP on NVIDIA (__HIP_PLATFORM_NVIDIA__) is not what wavemma emulates: it runs AMD targets (wavemma-hipcc runs kernels on the CPU; docs/hipcc.md lists what is emulated)"
