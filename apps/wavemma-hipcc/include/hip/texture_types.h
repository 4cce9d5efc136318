#pragma once
// wavemma's <hip/texture_types.h>: textures and surfaces are not emulated.

#error                                                                                                                 \
    "<hip/texture_types.h>: textures and surfaces are not emulated by wavemma (wavemma-hipcc runs kernels on the CPU; docs/hipcc.md lists what is emulated)"
