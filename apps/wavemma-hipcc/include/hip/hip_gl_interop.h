#pragma once
// wavemma's <hip/hip_gl_interop.h>: OpenGL interop is not emulated.

#error                                                                                                                 \
    "<hip/hip_gl_interop.h>: OpenGL interop is not emulated by wavemma (wavemma-hipcc runs kernels on the CPU; docs/hipcc.md lists what is emulated)"
