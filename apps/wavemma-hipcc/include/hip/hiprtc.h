#pragma once
// wavemma's <hip/hiprtc.h>: runtime compilation is not emulated.

#error                                                                                                                 \
    "<hip/hiprtc.h>: runtime compilation (hiprtc) is not emulated by wavemma: compile the kernels with wavemma-hipcc (wavemma-hipcc runs kernels on the CPU; docs/hipcc.md lists what is emulated)"
