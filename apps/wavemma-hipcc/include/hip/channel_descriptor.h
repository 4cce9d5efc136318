#pragma once
// wavemma's <hip/channel_descriptor.h>: textures and surfaces are not emulated.

#error                                                                                                                 \
    "<hip/channel_descriptor.h>: textures and surfaces are not emulated by wavemma (wavemma-hipcc runs kernels on the CPU; docs/hipcc.md lists what is emulated)"
