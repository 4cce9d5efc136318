#pragma once
// The cross-lane builtins and HIP's wave functions beyond __shfl (src/simt/cross_lane.cpp runs
// them): __builtin_amdgcn_mov_dpp/update_dpp/mov_dpp8, ds_swizzle, ds_permute, ds_bpermute,
// readlane, ballot_w32/w64, wave_reduce_*, permlane16/x16/64, the gfx12 _var and gfx950 _swap
// forms, s_memtime/s_memrealtime; __ballot, __any, __all, __activemask, the _sync shuffles,
// __syncthreads_count/and/or, __threadfence*. Each builtin takes its arguments as clang-22
// declares it (BuiltinsAMDGPU.td) and is a macro of its own name, so that the rewriting step never
// sees the real builtin. Each is a wave collective (lane.hpp). C++17.

#include "wavemma/simt/lane.hpp"
#include "wavemma/simt/site.hpp"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace wavemma::hip {

using ::wavemma::simt::detail::ReduceOp;
using ::wavemma::simt::detail::ReduceType;
using ::wavemma::simt::detail::WaveOp;

template <int kOut, int kIn>
struct Words {
  uint32_t w[kOut > 0 ? kOut : 1];
};
// One collective with kIn words in and kOut out.
template <int kOut, int kIn>
Words<kOut, kIn> wave_op(WaveOp op, uint32_t imm, uint32_t const (&in)[kIn], ::wavemma::simt::Site site) {
  Words<kOut, kIn> r{};
  ::wavemma::simt::detail::wave_op(op, imm, in, kIn, r.w, kOut, site);
  return r;
}
template <int kOut>
Words<kOut, 1> wave_op0(WaveOp op, ::wavemma::simt::Site site) { // no operand
  Words<kOut, 1> r{};
  ::wavemma::simt::detail::wave_op(op, 0, nullptr, 0, r.w, kOut, site);
  return r;
}

template <class T>
uint32_t word(T v) {
  static_assert(sizeof(T) == 4);
  uint32_t w;
  std::memcpy(&w, &v, 4);
  return w;
}

// DPP on a 32- or 64-bit value (a 64-bit one moves as two dwords, as LLVM splits it). clang types
// the result as the operand for integers and as the same-size int for floats, moving the bits.
template <class T>
using DppResult = std::conditional_t<std::is_integral_v<T>, T, std::conditional_t<sizeof(T) == 8, long long, int>>;
template <class T>
DppResult<T> update_dpp(T old, T src, int ctrl, int row_mask, int bank_mask, bool bound_ctrl,
                        ::wavemma::simt::Site site) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "DPP moves 32- or 64-bit values");
  uint32_t const imm = uint32_t(ctrl & 0x1FF) | uint32_t(row_mask & 15) << 9 | uint32_t(bank_mask & 15) << 13 |
                       uint32_t(bound_ctrl) << 17;
  uint32_t o[2] = {}, s[2] = {}, d[2] = {};
  std::memcpy(o, &old, sizeof(T));
  std::memcpy(s, &src, sizeof(T));
  for (size_t i = 0; i < sizeof(T) / 4; ++i) {
    uint32_t const in[2] = {s[i], o[i]};
    d[i] = wave_op<1>(WaveOp::kDpp, imm, in, site).w[0];
  }
  DppResult<T> r;
  std::memcpy(&r, d, sizeof(T));
  return r;
}
// mov_dpp: the lanes DPP does not write keep their source value (clang-22 gives the result the
// source's register: v_mov_b32_dpp v1, v1 [SRC: clang++-22 -S for gfx942]).
template <class T>
DppResult<T> mov_dpp(T src, int ctrl, int row_mask, int bank_mask, bool bound_ctrl, ::wavemma::simt::Site site) {
  return update_dpp(src, src, ctrl, row_mask, bank_mask, bound_ctrl, site);
}
template <class T>
DppResult<T> mov_dpp8(T src, unsigned sel, ::wavemma::simt::Site site) {
  static_assert(sizeof(T) == 4, "DPP8 moves 32-bit values");
  uint32_t const in[1] = {word(src)};
  DppResult<T> r;
  uint32_t const d = wave_op<1>(WaveOp::kDpp8, sel & 0xFFFFFF, in, site).w[0];
  std::memcpy(&r, &d, 4);
  return r;
}

inline int ds_swizzle(int v, int offset, ::wavemma::simt::Site site) {
  uint32_t const in[1] = {uint32_t(v)};
  return int(wave_op<1>(WaveOp::kSwizzle, uint32_t(offset) & 0xFFFF, in, site).w[0]);
}
inline int ds_permute(int address, int v, ::wavemma::simt::Site site) {
  uint32_t const in[2] = {uint32_t(address), uint32_t(v)};
  return int(wave_op<1>(WaveOp::kPermute, 0, in, site).w[0]);
}
inline int ds_bpermute(int address, int v, ::wavemma::simt::Site site) {
  uint32_t const in[2] = {uint32_t(address), uint32_t(v)};
  return int(wave_op<1>(WaveOp::kBpermute, 0, in, site).w[0]);
}
inline int readlane(int v, int lane, ::wavemma::simt::Site site) {
  uint32_t const in[2] = {uint32_t(v), uint32_t(lane)};
  return int(wave_op<1>(WaveOp::kReadLane, 0, in, site).w[0]);
}
inline uint64_t ballot(WaveOp op, bool pred, ::wavemma::simt::Site site) {
  uint32_t const in[1] = {uint32_t(pred)};
  auto const r = wave_op<2>(op, 0, in, site);
  return uint64_t(r.w[0]) | uint64_t(r.w[1]) << 32;
}

template <class T>
T wave_reduce(ReduceOp op, ReduceType type, T v, ::wavemma::simt::Site site) {
  uint32_t in[2] = {};
  std::memcpy(in, &v, sizeof(T));
  auto const r = wave_op<2>(WaveOp::kReduce, uint32_t(op) | uint32_t(type) << 4, in, site);
  T out;
  std::memcpy(&out, r.w, sizeof(T));
  return out;
}

inline unsigned permlane16(WaveOp op, unsigned old, unsigned src, unsigned sel_lo, unsigned sel_hi, bool fi,
                           bool bound_ctrl, ::wavemma::simt::Site site) {
  uint32_t const in[4] = {src, old, sel_lo, sel_hi};
  return wave_op<1>(op, uint32_t(fi) | uint32_t(bound_ctrl) << 1, in, site).w[0];
}
inline unsigned permlane16_var(WaveOp op, unsigned old, unsigned src, unsigned sel, bool fi, bool bound_ctrl,
                               ::wavemma::simt::Site site) {
  uint32_t const in[3] = {src, old, sel};
  return wave_op<1>(op, uint32_t(fi) | uint32_t(bound_ctrl) << 1, in, site).w[0];
}
inline unsigned permlane64(unsigned src, ::wavemma::simt::Site site) {
  uint32_t const in[1] = {src};
  return wave_op<1>(WaveOp::kPermlane64, 0, in, site).w[0];
}
using v2u32 = unsigned int __attribute__((ext_vector_type(2)));
inline v2u32 permlane_swap(WaveOp op, unsigned vdst, unsigned src, bool fi, bool bound_ctrl,
                           ::wavemma::simt::Site site) {
  uint32_t const in[2] = {vdst, src};
  auto const r = wave_op<2>(op, uint32_t(fi) | uint32_t(bound_ctrl) << 1, in, site);
  return v2u32{r.w[0], r.w[1]};
}
// global_load_lds(global src, LDS dst, size, offset, aux): the pointers of any address space
// (clang's are `void*1` and `void*3`); aux (the cache policy) changes nothing here.
template <class Src, class Dst>
void global_load_lds(Src src, Dst dst, unsigned size, int offset, unsigned, ::wavemma::simt::Site site) {
  static_assert(std::is_pointer_v<Src> && std::is_pointer_v<Dst>, "global_load_lds takes two pointers");
  auto const s = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(src)),
             d = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(dst));
  uint32_t const in[5] = {uint32_t(s), uint32_t(s >> 32), uint32_t(d), uint32_t(d >> 32),
                          static_cast<uint32_t>(offset)};
  wave_op<0>(WaveOp::kGlobalLoadLds, size, in, site);
}
inline uint64_t scalar_clock(WaveOp op, ::wavemma::simt::Site site) {
  auto const r = wave_op0<2>(op, site);
  return uint64_t(r.w[0]) | uint64_t(r.w[1]) << 32;
}

// The linear thread index in the block, for the block-wide reductions.
inline int thread_rank() {
  auto const& l = ::wavemma::simt::detail::lane("__syncthreads_count");
  return int(l.thread_idx.x + l.block_dim.x * (l.thread_idx.y + l.block_dim.y * l.thread_idx.z));
}
// __syncthreads_count/and/or: a barrier that also counts the threads whose predicate holds. The
// block's threads share the accumulator (a block runs on one OS thread, its lanes one at a time):
// thread 0 clears it before the first barrier, every thread adds after it, and reads after the
// second; the third keeps the next call's clearing after every read. The addition is one
// read-modify-write: a plain one would let the other lanes run between its load and its store
// (the wave's lockstep through memory, src/simt/block.cpp).
inline int syncthreads_count(int pred, ::wavemma::simt::Site site) {
  static thread_local int count = 0;
  if (thread_rank() == 0) count = 0;
  ::wavemma::simt::detail::barrier("__syncthreads_count", site);
  __atomic_fetch_add(&count, pred != 0, __ATOMIC_RELAXED);
  ::wavemma::simt::detail::barrier("__syncthreads_count", site);
  int const n = count;
  ::wavemma::simt::detail::barrier("__syncthreads_count", site);
  return n;
}
inline int block_threads() {
  auto const& l = ::wavemma::simt::detail::lane("__syncthreads_and");
  return int(l.block_dim.x * l.block_dim.y * l.block_dim.z);
}

} // namespace wavemma::hip

#define WAVEMMA_SITE ::wavemma::simt::Site::current()

// --- the builtins, with clang-22's argument lists -------------------------------------------
#define __builtin_amdgcn_mov_dpp(src, dpp_ctrl, row_mask, bank_mask, bound_ctrl)                                       \
  ::wavemma::hip::mov_dpp((src), (dpp_ctrl), (row_mask), (bank_mask), (bound_ctrl), WAVEMMA_SITE)
#define __builtin_amdgcn_update_dpp(old, src, dpp_ctrl, row_mask, bank_mask, bound_ctrl)                               \
  ::wavemma::hip::update_dpp<std::decay_t<decltype(src)>>((old), (src), (dpp_ctrl), (row_mask), (bank_mask),           \
                                                          (bound_ctrl), WAVEMMA_SITE)
#define __builtin_amdgcn_mov_dpp8(src, sel) ::wavemma::hip::mov_dpp8((src), (sel), WAVEMMA_SITE)
#define __builtin_amdgcn_ds_swizzle(src, offset) ::wavemma::hip::ds_swizzle((src), (offset), WAVEMMA_SITE)
#define __builtin_amdgcn_ds_permute(address, src) ::wavemma::hip::ds_permute((address), (src), WAVEMMA_SITE)
#define __builtin_amdgcn_ds_bpermute(address, src) ::wavemma::hip::ds_bpermute((address), (src), WAVEMMA_SITE)
#define __builtin_amdgcn_readlane(src, lane) ::wavemma::hip::readlane((src), (lane), WAVEMMA_SITE)
#define __builtin_amdgcn_ballot_w32(pred)                                                                              \
  static_cast<uint32_t>(::wavemma::hip::ballot(::wavemma::hip::WaveOp::kBallotW32, (pred), WAVEMMA_SITE))
#define __builtin_amdgcn_ballot_w64(pred)                                                                              \
  ::wavemma::hip::ballot(::wavemma::hip::WaveOp::kBallotW64, (pred), WAVEMMA_SITE)
// inverse_ballot: this lane's bit of a (uniform) mask; no data moves between lanes.
#define __builtin_amdgcn_inverse_ballot_w32(mask)                                                                      \
  ((static_cast<uint32_t>(mask) >> ::wavemma::simt::detail::lane("inverse_ballot").lane) & 1u)
#define __builtin_amdgcn_inverse_ballot_w64(mask)                                                                      \
  ((static_cast<uint64_t>(mask) >> ::wavemma::simt::detail::lane("inverse_ballot").lane) & 1u)
#define __builtin_amdgcn_permlane16(old, src, sel_lo, sel_hi, fi, bound_ctrl)                                          \
  ::wavemma::hip::permlane16(::wavemma::hip::WaveOp::kPermlane16, (old), (src), (sel_lo), (sel_hi), (fi),              \
                             (bound_ctrl), WAVEMMA_SITE)
#define __builtin_amdgcn_permlanex16(old, src, sel_lo, sel_hi, fi, bound_ctrl)                                         \
  ::wavemma::hip::permlane16(::wavemma::hip::WaveOp::kPermlanex16, (old), (src), (sel_lo), (sel_hi), (fi),             \
                             (bound_ctrl), WAVEMMA_SITE)
#define __builtin_amdgcn_permlane16_var(old, src, sel, fi, bound_ctrl)                                                 \
  ::wavemma::hip::permlane16_var(::wavemma::hip::WaveOp::kPermlane16Var, (old), (src), (sel), (fi), (bound_ctrl),      \
                                 WAVEMMA_SITE)
#define __builtin_amdgcn_permlanex16_var(old, src, sel, fi, bound_ctrl)                                                \
  ::wavemma::hip::permlane16_var(::wavemma::hip::WaveOp::kPermlanex16Var, (old), (src), (sel), (fi), (bound_ctrl),     \
                                 WAVEMMA_SITE)
#define __builtin_amdgcn_permlane64(src) ::wavemma::hip::permlane64((src), WAVEMMA_SITE)
#define __builtin_amdgcn_permlane16_swap(vdst, src, fi, bound_ctrl)                                                    \
  ::wavemma::hip::permlane_swap(::wavemma::hip::WaveOp::kPermlane16Swap, (vdst), (src), (fi), (bound_ctrl),            \
                                WAVEMMA_SITE)
#define __builtin_amdgcn_permlane32_swap(vdst, src, fi, bound_ctrl)                                                    \
  ::wavemma::hip::permlane_swap(::wavemma::hip::WaveOp::kPermlane32Swap, (vdst), (src), (fi), (bound_ctrl),            \
                                WAVEMMA_SITE)
#define __builtin_amdgcn_global_load_lds(src, dst, size, offset, aux)                                                  \
  ::wavemma::hip::global_load_lds((src), (dst), (size), (offset), (aux), WAVEMMA_SITE)
#define __builtin_amdgcn_s_memtime() ::wavemma::hip::scalar_clock(::wavemma::hip::WaveOp::kMemtime, WAVEMMA_SITE)
#define __builtin_amdgcn_s_memrealtime()                                                                               \
  ::wavemma::hip::scalar_clock(::wavemma::hip::WaveOp::kMemrealtime, WAVEMMA_SITE)
#define __builtin_amdgcn_read_exec() ::__activemask()
#define __builtin_amdgcn_read_exec_lo() static_cast<unsigned int>(::__activemask())
#define __builtin_amdgcn_read_exec_hi() static_cast<unsigned int>(::__activemask() >> 32)

// wave_reduce_<op>_<type>(value, strategy): the strategy (iterative or DPP) does not change an
// integer result; float sums are taken in lane order here.
#define WAVEMMA_REDUCE(name, op, type, T)                                                                              \
  ::wavemma::hip::wave_reduce<T>(::wavemma::hip::ReduceOp::op, ::wavemma::hip::ReduceType::type, (T)(name),            \
                                 WAVEMMA_SITE)
#define __builtin_amdgcn_wave_reduce_add_u32(v, s) WAVEMMA_REDUCE(v, kAdd, kU32, uint32_t)
#define __builtin_amdgcn_wave_reduce_sub_u32(v, s) WAVEMMA_REDUCE(v, kSub, kU32, uint32_t)
#define __builtin_amdgcn_wave_reduce_min_i32(v, s) WAVEMMA_REDUCE(v, kMin, kI32, int32_t)
#define __builtin_amdgcn_wave_reduce_min_u32(v, s) WAVEMMA_REDUCE(v, kMin, kU32, uint32_t)
#define __builtin_amdgcn_wave_reduce_max_i32(v, s) WAVEMMA_REDUCE(v, kMax, kI32, int32_t)
#define __builtin_amdgcn_wave_reduce_max_u32(v, s) WAVEMMA_REDUCE(v, kMax, kU32, uint32_t)
#define __builtin_amdgcn_wave_reduce_and_b32(v, s) WAVEMMA_REDUCE(v, kAnd, kI32, int32_t)
#define __builtin_amdgcn_wave_reduce_or_b32(v, s) WAVEMMA_REDUCE(v, kOr, kI32, int32_t)
#define __builtin_amdgcn_wave_reduce_xor_b32(v, s) WAVEMMA_REDUCE(v, kXor, kI32, int32_t)
#define __builtin_amdgcn_wave_reduce_add_u64(v, s) WAVEMMA_REDUCE(v, kAdd, kU64, uint64_t)
#define __builtin_amdgcn_wave_reduce_sub_u64(v, s) WAVEMMA_REDUCE(v, kSub, kU64, uint64_t)
#define __builtin_amdgcn_wave_reduce_min_i64(v, s) WAVEMMA_REDUCE(v, kMin, kI64, int64_t)
#define __builtin_amdgcn_wave_reduce_min_u64(v, s) WAVEMMA_REDUCE(v, kMin, kU64, uint64_t)
#define __builtin_amdgcn_wave_reduce_max_i64(v, s) WAVEMMA_REDUCE(v, kMax, kI64, int64_t)
#define __builtin_amdgcn_wave_reduce_max_u64(v, s) WAVEMMA_REDUCE(v, kMax, kU64, uint64_t)
#define __builtin_amdgcn_wave_reduce_and_b64(v, s) WAVEMMA_REDUCE(v, kAnd, kI64, int64_t)
#define __builtin_amdgcn_wave_reduce_or_b64(v, s) WAVEMMA_REDUCE(v, kOr, kI64, int64_t)
#define __builtin_amdgcn_wave_reduce_xor_b64(v, s) WAVEMMA_REDUCE(v, kXor, kI64, int64_t)
#define __builtin_amdgcn_wave_reduce_fadd_f32(v, s) WAVEMMA_REDUCE(v, kAdd, kF32, float)
#define __builtin_amdgcn_wave_reduce_fsub_f32(v, s) WAVEMMA_REDUCE(v, kSub, kF32, float)
#define __builtin_amdgcn_wave_reduce_fmin_f32(v, s) WAVEMMA_REDUCE(v, kMin, kF32, float)
#define __builtin_amdgcn_wave_reduce_fmax_f32(v, s) WAVEMMA_REDUCE(v, kMax, kF32, float)
#define __builtin_amdgcn_wave_reduce_fadd_f64(v, s) WAVEMMA_REDUCE(v, kAdd, kF64, double)
#define __builtin_amdgcn_wave_reduce_fsub_f64(v, s) WAVEMMA_REDUCE(v, kSub, kF64, double)
#define __builtin_amdgcn_wave_reduce_fmin_f64(v, s) WAVEMMA_REDUCE(v, kMin, kF64, double)
#define __builtin_amdgcn_wave_reduce_fmax_f64(v, s) WAVEMMA_REDUCE(v, kMax, kF64, double)

// Scheduling and waiting: what they are here. Lanes run to their next collective or barrier, in
// order: there is nothing to wait for (s_waitcnt), to reorder (sched_*), to prioritise or sleep.
#define __builtin_amdgcn_s_waitcnt(n) ((void)(n))
#define __builtin_amdgcn_s_sleep(n) ((void)(n))
#define __builtin_amdgcn_s_sleep_var(n) ((void)(n))
#define __builtin_amdgcn_s_setprio(n) ((void)(n))
#define __builtin_amdgcn_sched_barrier(mask) ((void)(mask))
#define __builtin_amdgcn_sched_group_barrier(mask, size, group) ((void)(mask), (void)(size), (void)(group))
#define __builtin_amdgcn_iglp_opt(n) ((void)(n))
#define __builtin_amdgcn_wave_barrier() ((void)0)
#define __builtin_amdgcn_s_dcache_inv() ((void)0)
#define __builtin_amdgcn_buffer_wbinvl1() ((void)0)
// A fence orders this thread's memory accesses; here every thread runs on a host thread, whose
// fence is a sequentially consistent one (stronger than any scope asks for).
#define __builtin_amdgcn_fence(order, ...) std::atomic_thread_fence(std::memory_order_seq_cst)

// --- HIP's wave functions ---------------------------------------------------------------------
// __ballot and __activemask give 64-bit masks whatever the wave size (HIP's types).
inline unsigned long long __ballot(int pred, ::wavemma::simt::Site site = WAVEMMA_SITE) {
  return ::wavemma::hip::ballot(::wavemma::hip::WaveOp::kBallotW64, pred != 0, site);
}
inline unsigned long long __activemask(::wavemma::simt::Site site = WAVEMMA_SITE) {
  return ::wavemma::hip::ballot(::wavemma::hip::WaveOp::kBallotW64, true, site);
}
inline int __any(int pred, ::wavemma::simt::Site site = WAVEMMA_SITE) { return __ballot(pred, site) != 0; }
inline int __all(int pred, ::wavemma::simt::Site site = WAVEMMA_SITE) {
  return __ballot(!pred, site) == 0; // no active lane without the predicate
}
// The _sync forms: the mask names the lanes that take part. Every live lane of the wave must reach
// the call here (a mask that leaves out lanes that branched elsewhere is a divergence error).
inline unsigned long long __ballot_sync(unsigned long long, int pred, ::wavemma::simt::Site site = WAVEMMA_SITE) {
  return __ballot(pred, site);
}
inline int __any_sync(unsigned long long, int pred, ::wavemma::simt::Site site = WAVEMMA_SITE) {
  return __any(pred, site);
}
inline int __all_sync(unsigned long long, int pred, ::wavemma::simt::Site site = WAVEMMA_SITE) {
  return __all(pred, site);
}
#define WAVEMMA_SIMT_SYNC_SHUFFLES(T)                                                                                  \
  inline T __shfl_sync(unsigned long long, T var, int src_lane, int width = warpSize,                                  \
                       ::wavemma::simt::Site site = WAVEMMA_SITE) {                                                    \
    return __shfl(var, src_lane, width, site);                                                                         \
  }                                                                                                                    \
  inline T __shfl_up_sync(unsigned long long, T var, unsigned int delta, int width = warpSize,                         \
                          ::wavemma::simt::Site site = WAVEMMA_SITE) {                                                 \
    return __shfl_up(var, delta, width, site);                                                                         \
  }                                                                                                                    \
  inline T __shfl_down_sync(unsigned long long, T var, unsigned int delta, int width = warpSize,                       \
                            ::wavemma::simt::Site site = WAVEMMA_SITE) {                                               \
    return __shfl_down(var, delta, width, site);                                                                       \
  }                                                                                                                    \
  inline T __shfl_xor_sync(unsigned long long, T var, int lane_mask, int width = warpSize,                             \
                           ::wavemma::simt::Site site = WAVEMMA_SITE) {                                                \
    return __shfl_xor(var, lane_mask, width, site);                                                                    \
  }
WAVEMMA_SIMT_SYNC_SHUFFLES(int)
WAVEMMA_SIMT_SYNC_SHUFFLES(unsigned int)
WAVEMMA_SIMT_SYNC_SHUFFLES(float)
WAVEMMA_SIMT_SYNC_SHUFFLES(double)
WAVEMMA_SIMT_SYNC_SHUFFLES(long)
WAVEMMA_SIMT_SYNC_SHUFFLES(unsigned long)
WAVEMMA_SIMT_SYNC_SHUFFLES(long long)
WAVEMMA_SIMT_SYNC_SHUFFLES(unsigned long long)
#undef WAVEMMA_SIMT_SYNC_SHUFFLES

inline int __syncthreads_count(int pred, ::wavemma::simt::Site site = WAVEMMA_SITE) {
  return ::wavemma::hip::syncthreads_count(pred, site);
}
inline int __syncthreads_and(int pred, ::wavemma::simt::Site site = WAVEMMA_SITE) {
  return ::wavemma::hip::syncthreads_count(pred, site) == ::wavemma::hip::block_threads();
}
inline int __syncthreads_or(int pred, ::wavemma::simt::Site site = WAVEMMA_SITE) {
  return ::wavemma::hip::syncthreads_count(pred, site) != 0;
}

inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_block() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline void __threadfence_system() { std::atomic_thread_fence(std::memory_order_seq_cst); }
