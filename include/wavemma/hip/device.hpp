#pragma once
// HIP compiled for an AMD GPU: the HIP headers (Debian's HIP 5.2) and what they need from the
// ROCm device libraries, which a `-nogpulib` build does not link. Included by <wavemma/hip.hpp>.

// HIP 5.2 sizes warpSize by this macro, which clang-22 no longer predefines. The default is the
// architecture's default wave size; pass -D__AMDGCN_WAVEFRONT_SIZE=64 with -mwavefrontsize64.
#ifndef __AMDGCN_WAVEFRONT_SIZE
#if defined(__GFX9__)
#define __AMDGCN_WAVEFRONT_SIZE 64
#else
#define __AMDGCN_WAVEFRONT_SIZE 32
#endif
#endif

// threadIdx, blockIdx, blockDim and gridDim call these ockl functions. Defined inline from the
// clang builtins, so the device code has no calls and no scratch.
extern "C" {
__attribute__((device, const, always_inline)) inline __SIZE_TYPE__ __ockl_get_local_id(unsigned int dim) {
  return dim == 0   ? __builtin_amdgcn_workitem_id_x()
         : dim == 1 ? __builtin_amdgcn_workitem_id_y()
         : dim == 2 ? __builtin_amdgcn_workitem_id_z()
                    : 0;
}
__attribute__((device, const, always_inline)) inline __SIZE_TYPE__ __ockl_get_group_id(unsigned int dim) {
  return dim == 0   ? __builtin_amdgcn_workgroup_id_x()
         : dim == 1 ? __builtin_amdgcn_workgroup_id_y()
         : dim == 2 ? __builtin_amdgcn_workgroup_id_z()
                    : 0;
}
__attribute__((device, const, always_inline)) inline __SIZE_TYPE__ __ockl_get_local_size(unsigned int dim) {
  return dim == 0   ? __builtin_amdgcn_workgroup_size_x()
         : dim == 1 ? __builtin_amdgcn_workgroup_size_y()
         : dim == 2 ? __builtin_amdgcn_workgroup_size_z()
                    : 1;
}
__attribute__((device, const, always_inline)) inline __SIZE_TYPE__ __ockl_get_num_groups(unsigned int dim) {
  // The dispatch's grid size counts work-items; HIP's gridDim counts blocks.
  unsigned const items = dim == 0   ? __builtin_amdgcn_grid_size_x()
                         : dim == 1 ? __builtin_amdgcn_grid_size_y()
                         : dim == 2 ? __builtin_amdgcn_grid_size_z()
                                    : 1;
  unsigned const block = static_cast<unsigned>(__ockl_get_local_size(dim));
  return (items + block - 1) / block;
}
}

#include <hip/hip_runtime.h>

// __syncthreads() fences around its barrier with this device-library function.
extern "C" __attribute__((device, always_inline)) inline void
__atomic_work_item_fence(__cl_mem_fence_flags, __memory_order order, __memory_scope scope) {
#define WAVEMMA_SIMT_FENCE(scope_name)                                                                                 \
  switch (order) {                                                                                                     \
  case __memory_order_acquire:                                                                                         \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, scope_name);                                                              \
    break;                                                                                                             \
  case __memory_order_release:                                                                                         \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, scope_name);                                                              \
    break;                                                                                                             \
  case __memory_order_acq_rel:                                                                                         \
    __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, scope_name);                                                              \
    break;                                                                                                             \
  case __memory_order_seq_cst:                                                                                         \
    __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, scope_name);                                                              \
    break;                                                                                                             \
  default:                                                                                                             \
    break;                                                                                                             \
  }
  switch (scope) {
  case __memory_scope_work_item:
    break;
  case __memory_scope_sub_group:
    WAVEMMA_SIMT_FENCE("wavefront") break;
  case __memory_scope_work_group:
    WAVEMMA_SIMT_FENCE("workgroup") break;
  case __memory_scope_device:
    WAVEMMA_SIMT_FENCE("agent") break;
  default:
    WAVEMMA_SIMT_FENCE("") break;
  }
#undef WAVEMMA_SIMT_FENCE
}
