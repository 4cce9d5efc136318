#pragma once
// What a lane's code calls: its ids, and the cross-lane operations. Every cross-lane operation is
// a wave collective: the lane stops until every live lane of its wave has reached the same call
// (same operation, same source line), the operation runs once for the wave, and each lane takes
// its part. Lanes that reach different calls, a __syncthreads, or have returned, while others
// wait, stop the launch with an error naming kernel, block, wave and lanes.

#include "wavemma/simt/runtime.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "wavemma/simt/site.hpp"

namespace wavemma::simt::detail {

// The ids of the lane that runs, read without calling into the runtime.
struct LaneContext {
  Dim3 thread_idx, block_idx, block_dim, grid_dim;
  uint32_t lane = 0; // index in the wave
  uint32_t wave_size = 0;
  std::byte* dynamic_shared = nullptr;
  uint32_t atomics = 0; // at_atomic's count
};

// Set by the scheduler while a lane runs; lanes never leave their OS thread.
inline thread_local LaneContext* current_lane = nullptr;

[[noreturn]] void outside_kernel(char const* what);
inline LaneContext const& lane(char const* what) {
  if (current_lane == nullptr) [[unlikely]]
    outside_kernel(what);
  return *current_lane;
}
// At an atomic: every 8th of a lane lets the other lanes of its block run, so that a lane that
// spins on a flag another wave of its block sets makes way for that wave, as on a GPU.
void yield_lane(); // block.cpp
inline void at_atomic() {
  if (LaneContext* l = current_lane; l && (++l->atomics & 7) == 0) [[unlikely]]
    yield_lane();
}

// The lane's wave size, or the target's outside a kernel.
inline int current_wave_size() { return current_lane ? static_cast<int>(current_lane->wave_size) : target().wave; }

// --- collectives (src/simt/collectives.cpp) -----------------------------------------------------
// Waits until every live thread of the block has reached a barrier.
void barrier(char const* name, ::wavemma::simt::Site site);
// Waits until every thread of every block of the grid has reached it: a block barrier, then the
// block waits for the grid's other blocks. Only a resident launch's blocks can wait for one another
// (runtime.hpp); elsewhere, and when a block returns while others wait, the launch stops with an error.
void grid_barrier(char const* name, ::wavemma::simt::Site site);
// Whether the running lane's grid was launched resident (runtime.hpp).
bool grid_resident();

// out (words 32-bit words) = in of lane `source` of the wave (0 from a lane that has returned or
// does not exist); source is taken modulo the wave size.
void permute(char const* name, int source, void const* in, void* out, int words, ::wavemma::simt::Site site);
uint32_t read_first_lane(uint32_t value, ::wavemma::simt::Site site); // the lowest live lane's value

// The cross-lane builtins other than the matrix ones (src/simt/cross_lane.cpp): each lane deposits
// `in_words` words, the operation runs once for the wave with the immediates `imm`, and each lane
// takes `out_words` words back. An operation the launched architecture lacks stops the launch
// with kInvalidDeviceFunction, as a matrix builtin does.
enum class WaveOp : uint8_t {
  kDpp,            // in: src, old; imm: dpp_ctrl | row_mask << 9 | bank_mask << 13 | bound_ctrl << 17
  kDpp8,           // in: src; imm: the eight 3-bit selects
  kSwizzle,        // in: src; imm: the ds_swizzle offset
  kPermute,        // in: byte address, data (ds_permute)
  kBpermute,       // in: byte address, data (ds_bpermute)
  kReadLane,       // in: value, lane
  kBallotW64,      // in: predicate; out: 2 words (the 64-bit mask)
  kBallotW32,      // the same, wave32 only
  kReduce,         // in: 2 words; out: 2 words; imm: ReduceOp | ReduceType << 4
  kPermlane16,     // in: src, old, sel_lo, sel_hi; imm: fi | bound_ctrl << 1
  kPermlanex16,    // the same, from the other row of each pair
  kPermlane64,     // in: src
  kPermlane16Var,  // in: src, old, sel; imm: fi | bound_ctrl << 1
  kPermlanex16Var, // the same, from the other row of each pair
  kPermlane16Swap, // in: vdst, src; out: 2 words; imm: fi | bound_ctrl << 1
  kPermlane32Swap, // the same, for the two halves of the wave
  kMemtime,        // out: 2 words
  kMemrealtime,    // out: 2 words
  kGlobalLoadLds,  // in: src (2 words), LDS dst (2 words), offset; imm: size in bytes
};
enum class ReduceOp : uint8_t { kAdd, kSub, kMin, kMax, kAnd, kOr, kXor };
enum class ReduceType : uint8_t { kU32, kI32, kU64, kI64, kF32, kF64 };
void wave_op(WaveOp op, uint32_t imm, void const* in, int in_words, void* out, int out_words,
             ::wavemma::simt::Site site);

// A matrix builtin (an index into isa::builtins()) on the wave's gathered registers.
struct Immediates {
  bool a_sign = false, b_sign = false, clamp = false, opsel = false;
  int cbsz = 0, abid = 0, blgp = 0;
  int opsel_a = 0, opsel_b = 0; // gfx950 v_mfma_scale_*: the byte of each scale VGPR; gfx1250: the scale row
  // gfx1250 (reference/gfx1250.md §4.2)
  bool a_neg = false, b_neg = false;    // negate A / B (16-bit: neg_lo and neg_hi; f32: neg_lo)
  int c_mod = 0;                        // bit 0: -C (neg_lo[2]); bit 1: |C| (neg_hi[2])
  int fmt_a = 0, fmt_b = 0;             // f8f6f4: matrix_a_fmt / matrix_b_fmt
  int a_scale_fmt = 0, b_scale_fmt = 0; // scaled forms: matrix_{a,b}_scale_fmt
  bool reuse_a = false, reuse_b = false;
};
// Opens or joins the wave's collective of this builtin (operand sizes in bytes: A, B, C, D) and
// returns where this lane's words go (A, B, C, then two words each of the index and the two scales: an
// index or scale of one VGPR is the first of its two), or nullptr if it has nothing to deposit; matrix_result() waits
// until the wave has met and returns this lane's D words. (Two calls rather than one: the frame a lane leaves on its
// stack while it waits stays small, and the lanes' stacks compete for the cache.)
uint32_t* matrix_arrive(int builtin, Immediates, uint32_t const bytes[4], ::wavemma::simt::Site site);
uint32_t const* matrix_result();

// The index is zero-extended into a VGPR pair (gfx1250's 8-bit SWMMAC, as clang-22 does); a 32-bit scale
// fills the first of its pair.
template <class A, class B, class C, class D>
void matrix(int builtin, Immediates imm, A const& a, B const& b, C const& c, uint32_t index, int64_t scale_a,
            int64_t scale_b, D& d, ::wavemma::simt::Site site) {
  static_assert(sizeof(A) % 4 == 0 && sizeof(B) % 4 == 0 && sizeof(C) % 4 == 0 && sizeof(D) % 4 == 0);
  static constexpr uint32_t bytes[4] = {sizeof(A), sizeof(B), sizeof(C), sizeof(D)};
  if (uint32_t* slot = matrix_arrive(builtin, imm, bytes, site)) {
    std::memcpy(slot, &a, sizeof(A));
    std::memcpy(slot + sizeof(A) / 4, &b, sizeof(B));
    std::memcpy(slot + (sizeof(A) + sizeof(B)) / 4, &c, sizeof(C));
    uint64_t const sa = static_cast<uint64_t>(scale_a), sb = static_cast<uint64_t>(scale_b);
    uint32_t const extra[6] = {index,
                               0,
                               static_cast<uint32_t>(sa),
                               static_cast<uint32_t>(sa >> 32),
                               static_cast<uint32_t>(sb),
                               static_cast<uint32_t>(sb >> 32)};
    std::memcpy(slot + (sizeof(A) + sizeof(B) + sizeof(C)) / 4, extra, sizeof extra);
  }
  std::memcpy(&d, matrix_result(), sizeof(D));
}

// The scale operands of __builtin_amdgcn_mfma_scale_*: clang-22's backend selects the unscaled
// v_mfma_f32_*_f8f6f4 when both scales are the constant 0, at any opsel and even at -O0 [DOC: clang-22
// output, docs/numerics.md §11]; the unscaled instruction is modelled as scales of 1, so such a call
// passes 0x7F (1.0) in every byte. Any other scale, constant or not, is the VGPR value it is.
// (__builtin_constant_p does not evaluate its argument: a scale is evaluated once.)
#define WAVEMMA_LLVM_SCALE(s, scale_a, scale_b)                                                                        \
  ((__builtin_constant_p(scale_a) && __builtin_constant_p(scale_b) && (scale_a) == 0 && (scale_b) == 0) ? 0x7F7F7F7F   \
                                                                                                        : (s))

// Clang lets a builtin take a vector of another element type and the same size (reinterpreted)
// under its default lax vector conversions, and not with -flax-vector-conversions=none or
// =integer; GCC-style vectors convert the same way, which tells this translation unit's setting.
using LaxProbeFloat = float __attribute__((vector_size(16)));
using LaxProbeInt = int __attribute__((vector_size(16)));
constexpr bool kLaxVectorConversions = std::is_convertible_v<LaxProbeFloat, LaxProbeInt>;

template <class T, class = void>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<T, std::void_t<decltype(__builtin_vectorelements(T))>> : std::true_type {};

template <class U, class V>
inline constexpr bool kLaxVector = kLaxVectorConversions && !std::is_convertible_v<U const&, V> &&
                                   sizeof(U) == sizeof(V) && IsVector<U>::value && IsVector<V>::value;

// A builtin's vector operand and result. Wide vectors passed or returned by value change the x86
// calling convention with the vector extensions (clang warns, -Wpsabi), so operands arrive by
// reference to an In, built from what the builtin itself accepts, and results leave in a struct
// member.
template <class V>
struct In {
  V v{};
  In() = default;
  template <class U, std::enable_if_t<std::is_convertible_v<U const&, V>, int> = 0>
  In(U const& u) : v(u) {}
  template <class U, std::enable_if_t<kLaxVector<U, V>, int> = 0>
  In(U const& u) : v(__builtin_bit_cast(V, u)) {}
};
template <class D>
struct Result {
  D d{};
};

// The transpose loads: gfx12's global_load_tr_* and gfx950's ds_read_tr*. Each lane loads its
// bytes from its pointer, then the lanes of each group exchange elements (collectives.cpp).
enum class TransposeLoad : uint8_t {
  kB128V8i16,
  kB128V8f16,
  kB128V8bf16,
  kB64V2i32, // global_load_tr (gfx12)
  kDsTr4B64V2i32,
  kDsTr8B64V2i32,
  kDsTr6B96V3i32, // ds_read_tr (gfx950)
  kDsTr16B64V4i16,
  kDsTr16B64V4f16,
  kDsTr16B64V4bf16,
};
void load_transpose(TransposeLoad, void const* pointer, void* out, ::wavemma::simt::Site site);

template <class T>
T load_transpose(TransposeLoad which, T const* pointer, ::wavemma::simt::Site site) {
  T out; // written whole by the runtime (a __bf16 vector's {} would need a float conversion
         // routine)
  load_transpose(which, static_cast<void const*>(pointer), &out, site);
  return out;
}

} // namespace wavemma::simt::detail
