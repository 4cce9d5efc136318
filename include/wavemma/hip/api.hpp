#pragma once
// The HIP API as wavemma::simt provides it, shared by the two ways in: <wavemma/hip.hpp> for C++
// built with any host compiler (qualifiers as empty macros, launches by hipLaunchKernelGGL), and
// the hip/*.h headers of wavemma-hipcc, which compile HIP programs as they are written
// (apps/wavemma-hipcc). Thread and block ids, __shared__, __syncthreads, the cross-lane functions,
// the __builtin_amdgcn_* matrix, transpose-load, cross-lane and id builtins, and the hip* runtime
// API. docs/simt.md describes the semantics; what differs from a GPU is listed there.

#include "wavemma/simt/lane.hpp"
#include "wavemma/simt/runtime.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>

#include <string>
#include <utility>

#include "wavemma/simt/site.hpp"

#define WAVEMMA_SIMT 1 // the host runtime is in use

// --- ids ----------------------------------------------------------------------------------------
using dim3 = ::wavemma::simt::Dim3;
#if defined(__HIP__)
// HIP programs (wavemma-hipcc parses them as HIP): variables, as HIP declares them, whose members x, y
// and z are properties (clang's __declspec(property), which HIP's __hip_builtin_threadIdx_t and
// the rest use): `threadIdx.x` is an unsigned int read from the running lane, and a program may
// still name a variable or a parameter `blockDim`. wavemma-hipcc compiles the rewritten passes
// with -fdeclspec, which clang's HIP mode implies.
#define WAVEMMA_HIP_BUILTIN_ID(type, name, member)                                                                     \
  struct type {                                                                                                        \
    __declspec(property(get = __get_x)) unsigned int x;                                                                \
    __declspec(property(get = __get_y)) unsigned int y;                                                                \
    __declspec(property(get = __get_z)) unsigned int z;                                                                \
    static unsigned int __get_x() { return ::wavemma::simt::detail::lane(#name).member.x; }                            \
    static unsigned int __get_y() { return ::wavemma::simt::detail::lane(#name).member.y; }                            \
    static unsigned int __get_z() { return ::wavemma::simt::detail::lane(#name).member.z; }                            \
    operator dim3() const { return ::wavemma::simt::detail::lane(#name).member; }                                      \
  };                                                                                                                   \
  inline constexpr type name{};
WAVEMMA_HIP_BUILTIN_ID(__hip_builtin_threadIdx_t, threadIdx, thread_idx)
WAVEMMA_HIP_BUILTIN_ID(__hip_builtin_blockIdx_t, blockIdx, block_idx)
WAVEMMA_HIP_BUILTIN_ID(__hip_builtin_blockDim_t, blockDim, block_dim)
WAVEMMA_HIP_BUILTIN_ID(__hip_builtin_gridDim_t, gridDim, grid_dim)
#undef WAVEMMA_HIP_BUILTIN_ID
#else
// C++ through <wavemma/hip.hpp>, for any host compiler: expressions of the running lane.
#define threadIdx (::wavemma::simt::detail::lane("threadIdx").thread_idx)
#define blockIdx (::wavemma::simt::detail::lane("blockIdx").block_idx)
#define blockDim (::wavemma::simt::detail::lane("blockDim").block_dim)
#define gridDim (::wavemma::simt::detail::lane("gridDim").grid_dim)
#endif
#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

#define __builtin_amdgcn_workitem_id_x() (::wavemma::simt::detail::lane("__builtin_amdgcn_workitem_id_x").thread_idx.x)
#define __builtin_amdgcn_workitem_id_y() (::wavemma::simt::detail::lane("__builtin_amdgcn_workitem_id_y").thread_idx.y)
#define __builtin_amdgcn_workitem_id_z() (::wavemma::simt::detail::lane("__builtin_amdgcn_workitem_id_z").thread_idx.z)
#define __builtin_amdgcn_workgroup_id_x() (::wavemma::simt::detail::lane("__builtin_amdgcn_workgroup_id_x").block_idx.x)
#define __builtin_amdgcn_workgroup_id_y() (::wavemma::simt::detail::lane("__builtin_amdgcn_workgroup_id_y").block_idx.y)
#define __builtin_amdgcn_workgroup_id_z() (::wavemma::simt::detail::lane("__builtin_amdgcn_workgroup_id_z").block_idx.z)
#define __builtin_amdgcn_wavefrontsize() (::wavemma::simt::detail::lane("__builtin_amdgcn_wavefrontsize").wave_size)

inline unsigned int __lane_id() { return ::wavemma::simt::detail::lane("__lane_id").lane; }

// HIP's device clocks. clock64() counts cycles: HIP reads s_memtime where the target has it and
// __builtin_readcyclecounter() elsewhere; here the host's cycle counter, on every target.
// wall_clock64() counts at the constant rate hipDeviceProp_t::clockInstructionRate states
// (s_memrealtime's 100 MHz). HIP's device clock() is left out: it would collide with C's clock().
inline long long int __clock64() { return static_cast<long long int>(__builtin_readcyclecounter()); }
inline long long int __clock() { return __clock64(); }
inline long long int clock64() { return __clock64(); }
inline long long int wall_clock64() {
  return static_cast<long long int>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count() /
      10);
}

// The launched architecture's wave size: a run-time value, as in recent HIP. An object rather
// than a macro, because hipDeviceProp_t has a field of that name.
namespace wavemma::hip {
struct WarpSize {
  operator int() const { return ::wavemma::simt::detail::current_wave_size(); }
};
} // namespace wavemma::hip
inline constexpr ::wavemma::hip::WarpSize warpSize{};

// --- barriers and cross-lane operations ------------------------------------------------------
inline void __syncthreads(::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  ::wavemma::simt::detail::barrier("__syncthreads()", site);
}
#define __builtin_amdgcn_s_barrier()                                                                                   \
  ::wavemma::simt::detail::barrier("__builtin_amdgcn_s_barrier()", ::wavemma::simt::Site::current())

namespace wavemma::hip {

template <class T>
T* dynamic_shared() {
  return reinterpret_cast<T*>(::wavemma::simt::detail::lane("HIP_DYNAMIC_SHARED").dynamic_shared);
}

// One value of any 4-byte-multiple type from lane `source` of the wave.
template <class T>
T shuffle(char const* name, T value, int source, ::wavemma::simt::Site site) {
  static_assert(sizeof(T) % 4 == 0, "cross-lane values are whole 32-bit registers");
  T out;
  ::wavemma::simt::detail::permute(name, source, &value, &out, static_cast<int>(sizeof(T) / 4), site);
  return out;
}

// The source lane of each __shfl form, as HIP computes it: within segments of `width` lanes, a
// lane whose source falls outside its segment keeps its own value.
inline int self() { return static_cast<int>(::wavemma::simt::detail::lane("__shfl").lane); }
inline int shfl_source(int src_lane, int width) { return src_lane + (self() & ~(width - 1)); }
inline int shfl_up_source(unsigned delta, int width) {
  int const s = self(), i = s - static_cast<int>(delta);
  return i < (s & ~(width - 1)) ? s : i;
}
inline int shfl_down_source(unsigned delta, int width) {
  int const s = self();
  return (s & (width - 1)) + static_cast<int>(delta) >= width ? s : s + static_cast<int>(delta);
}
inline int shfl_xor_source(int mask, int width) {
  int const s = self(), i = s ^ mask;
  return i >= ((s + width) & ~(width - 1)) ? s : i;
}

inline int readfirstlane(int value, ::wavemma::simt::Site site) {
  return static_cast<int>(::wavemma::simt::detail::read_first_lane(static_cast<uint32_t>(value), site));
}
// Lanes below this one whose bit is set in mask (bits 0-31: lanes 0-31, for mbcnt_lo; bits
// 32-63 for mbcnt_hi).
inline unsigned mbcnt(unsigned mask, unsigned add, int first) {
  int const below = static_cast<int>(::wavemma::simt::detail::lane("__builtin_amdgcn_mbcnt").lane) - first;
  unsigned const m = below <= 0 ? 0u : below >= 32 ? ~0u : (1u << below) - 1;
  return add + static_cast<unsigned>(__builtin_popcount(mask & m));
}

// The gfx12 transpose loads: exact clang-22 types (the f16 form takes __fp16 vectors).
using v8i16 = short __attribute__((ext_vector_type(8)));
using v8fp16 = __fp16 __attribute__((ext_vector_type(8)));
using v8bf16 = __bf16 __attribute__((ext_vector_type(8)));
using v2i32 = int __attribute__((ext_vector_type(2)));
// Clang declares the pointer in the global address space (`V8h*1`) and also takes a generic one.
#define WAVEMMA_SIMT_TRANSPOSE_LOAD(name, V, which)                                                                    \
  inline V name(V* p, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {                                 \
    return ::wavemma::simt::detail::load_transpose(::wavemma::simt::detail::TransposeLoad::which, p, site);            \
  }                                                                                                                    \
  inline V name(__attribute__((address_space(1))) V* p,                                                                \
                ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {                                       \
    return ::wavemma::simt::detail::load_transpose(::wavemma::simt::detail::TransposeLoad::which,                      \
                                                   reinterpret_cast<V const*>(reinterpret_cast<uintptr_t>(p)), site);  \
  }
WAVEMMA_SIMT_TRANSPOSE_LOAD(global_load_tr_b128_v8i16, v8i16, kB128V8i16)
WAVEMMA_SIMT_TRANSPOSE_LOAD(global_load_tr_b128_v8f16, v8fp16, kB128V8f16)
WAVEMMA_SIMT_TRANSPOSE_LOAD(global_load_tr_b128_v8bf16, v8bf16, kB128V8bf16)
WAVEMMA_SIMT_TRANSPOSE_LOAD(global_load_tr_b64_v2i32, v2i32, kB64V2i32)
#undef WAVEMMA_SIMT_TRANSPOSE_LOAD

// The gfx950 LDS transpose reads: exact clang-22 types (the f16 form takes __fp16 vectors; the
// pointer is in the LDS address space, `V2i*3`, and a generic one is taken too).
using v3i32 = int __attribute__((ext_vector_type(3)));
using v4i16 = short __attribute__((ext_vector_type(4)));
using v4fp16 = __fp16 __attribute__((ext_vector_type(4)));
using v4bf16 = __bf16 __attribute__((ext_vector_type(4)));
#define WAVEMMA_SIMT_LDS_TRANSPOSE_READ(name, V, which)                                                                \
  inline V name(V* p, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {                                 \
    return ::wavemma::simt::detail::load_transpose(::wavemma::simt::detail::TransposeLoad::which, p, site);            \
  }                                                                                                                    \
  inline V name(__attribute__((address_space(3))) V* p,                                                                \
                ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {                                       \
    return ::wavemma::simt::detail::load_transpose(::wavemma::simt::detail::TransposeLoad::which,                      \
                                                   reinterpret_cast<V const*>(reinterpret_cast<uintptr_t>(p)), site);  \
  }
WAVEMMA_SIMT_LDS_TRANSPOSE_READ(ds_read_tr4_b64_v2i32, v2i32, kDsTr4B64V2i32)
WAVEMMA_SIMT_LDS_TRANSPOSE_READ(ds_read_tr8_b64_v2i32, v2i32, kDsTr8B64V2i32)
WAVEMMA_SIMT_LDS_TRANSPOSE_READ(ds_read_tr6_b96_v3i32, v3i32, kDsTr6B96V3i32)
WAVEMMA_SIMT_LDS_TRANSPOSE_READ(ds_read_tr16_b64_v4i16, v4i16, kDsTr16B64V4i16)
WAVEMMA_SIMT_LDS_TRANSPOSE_READ(ds_read_tr16_b64_v4f16, v4fp16, kDsTr16B64V4f16)
WAVEMMA_SIMT_LDS_TRANSPOSE_READ(ds_read_tr16_b64_v4bf16, v4bf16, kDsTr16B64V4bf16)
#undef WAVEMMA_SIMT_LDS_TRANSPOSE_READ

} // namespace wavemma::hip

#define __builtin_amdgcn_readfirstlane(value) ::wavemma::hip::readfirstlane(value, ::wavemma::simt::Site::current())
#define __builtin_amdgcn_mbcnt_lo(mask, add) ::wavemma::hip::mbcnt(mask, add, 0)
#define __builtin_amdgcn_mbcnt_hi(mask, add) ::wavemma::hip::mbcnt(mask, add, 32)
#define __builtin_amdgcn_global_load_tr_b128_v8i16(...) ::wavemma::hip::global_load_tr_b128_v8i16(__VA_ARGS__)
#define __builtin_amdgcn_global_load_tr_b128_v8f16(...) ::wavemma::hip::global_load_tr_b128_v8f16(__VA_ARGS__)
#define __builtin_amdgcn_global_load_tr_b128_v8bf16(...) ::wavemma::hip::global_load_tr_b128_v8bf16(__VA_ARGS__)
#define __builtin_amdgcn_global_load_tr_b64_v2i32(...) ::wavemma::hip::global_load_tr_b64_v2i32(__VA_ARGS__)
#define __builtin_amdgcn_ds_read_tr4_b64_v2i32(...) ::wavemma::hip::ds_read_tr4_b64_v2i32(__VA_ARGS__)
#define __builtin_amdgcn_ds_read_tr8_b64_v2i32(...) ::wavemma::hip::ds_read_tr8_b64_v2i32(__VA_ARGS__)
#define __builtin_amdgcn_ds_read_tr6_b96_v3i32(...) ::wavemma::hip::ds_read_tr6_b96_v3i32(__VA_ARGS__)
#define __builtin_amdgcn_ds_read_tr16_b64_v4i16(...) ::wavemma::hip::ds_read_tr16_b64_v4i16(__VA_ARGS__)
#define __builtin_amdgcn_ds_read_tr16_b64_v4f16(...) ::wavemma::hip::ds_read_tr16_b64_v4f16(__VA_ARGS__)
#define __builtin_amdgcn_ds_read_tr16_b64_v4bf16(...) ::wavemma::hip::ds_read_tr16_b64_v4bf16(__VA_ARGS__)

// HIP's __shfl family, with HIP's signatures (the overloads of amd_warp_functions.h): the
// documented full-wave shuffle whatever the wave size (HIP's __shfl lowers to ds_bpermute, which on
// RDNA wave64 reaches only the lane's own half: wavemma gives the documented result there).
#define WAVEMMA_SIMT_SHUFFLES(T)                                                                                       \
  inline T __shfl(T var, int src_lane, int width = warpSize,                                                           \
                  ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {                                     \
    return ::wavemma::hip::shuffle("__shfl", var, ::wavemma::hip::shfl_source(src_lane, width), site);                 \
  }                                                                                                                    \
  inline T __shfl_up(T var, unsigned int lane_delta, int width = warpSize,                                             \
                     ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {                                  \
    return ::wavemma::hip::shuffle("__shfl_up", var, ::wavemma::hip::shfl_up_source(lane_delta, width), site);         \
  }                                                                                                                    \
  inline T __shfl_down(T var, unsigned int lane_delta, int width = warpSize,                                           \
                       ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {                                \
    return ::wavemma::hip::shuffle("__shfl_down", var, ::wavemma::hip::shfl_down_source(lane_delta, width), site);     \
  }                                                                                                                    \
  inline T __shfl_xor(T var, int lane_mask, int width = warpSize,                                                      \
                      ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {                                 \
    return ::wavemma::hip::shuffle("__shfl_xor", var, ::wavemma::hip::shfl_xor_source(lane_mask, width), site);        \
  }
WAVEMMA_SIMT_SHUFFLES(int)
WAVEMMA_SIMT_SHUFFLES(unsigned int)
WAVEMMA_SIMT_SHUFFLES(float)
WAVEMMA_SIMT_SHUFFLES(double)
WAVEMMA_SIMT_SHUFFLES(long)
WAVEMMA_SIMT_SHUFFLES(unsigned long)
WAVEMMA_SIMT_SHUFFLES(long long)
WAVEMMA_SIMT_SHUFFLES(unsigned long long)
#undef WAVEMMA_SIMT_SHUFFLES

// --- the matrix builtins (generated from the catalog) -------------------------------------------
#include "wavemma/simt/builtins.inc"

// --- the rest of the device API -----------------------------------------------------------------
#include "wavemma/hip/atomic.hpp"
#include "wavemma/hip/cross_lane.hpp"
#include "wavemma/hip/fp8_builtins.hpp"
#include "wavemma/hip/math.hpp"
#include "wavemma/hip/lane_builtins.hpp"
// Last: every other __builtin_amdgcn_* of clang-22, refused by name (generated).
#include "wavemma/hip/refused_builtins.hpp"

// --- the runtime API ----------------------------------------------------------------------------
#include "wavemma/hip/runtime_api.hpp"
#include "wavemma/hip/not_emulated.hpp"
#include "wavemma/hip/cooperative_launch.hpp"

namespace wavemma::hip {

void record(simt::Error const&); // makes an error the last error (and the launch's, for hipDeviceSynchronize)
namespace detail {
bool live_stream(hipStream_t); // program.hpp
}

template <class... Params, class... Args>
void launch(char const* name, void (*kernel)(Params...), simt::Dim3 grid, simt::Dim3 block, size_t dynamic_shared,
            hipStream_t stream, Args&&... args) {
  if (!detail::live_stream(stream)) {
    record(
        {simt::Status::kContextIsDestroyed, std::string("kernel ") + name + " launched on a stream that is not live"});
    return;
  }
  record(simt::launch(name, kernel, grid, block, dynamic_shared, std::forward<Args>(args)...));
}

} // namespace wavemma::hip
