#pragma once
// wavemma's <hip/hip_cooperative_groups.h>: cooperative groups are not emulated.

#error                                                                                                                 \
    "<hip/hip_cooperative_groups.h>: cooperative groups (thread_block, tiled_partition, grid sync) are not emulated by wavemma (wavemma-hipcc runs kernels on the CPU; docs/hipcc.md lists what is emulated)"
