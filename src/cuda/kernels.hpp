#pragma once
// The boundary between the host code of wavemma::cuda (clang) and its CUDA code (nvcc): plain
// structs and functions, no CUDA headers.

#include <cstddef>
#include <cstdint>

#include "wavemma/numeric/core/model.hpp"

struct CUstream_st;

namespace wavemma::cuda::detail {

// One chain over a product, as the kernel reads it. Pointers are device memory.
struct ChainArgs {
  numeric::Model model;
  int m = 0, n = 0, k = 0;             // the product
  int in_m = 0, in_n = 0, in_k = 0;    // the instruction
  int kc = 0;                          // stored K per instruction (sparse: in_k / 2)
  int steps = 0;                       // instructions along K
  int chunk = 0;                       // products per engine call: kc, or a divisor of it that is a
                                       // multiple of the group when the engine splits there
  int a_cols = 0;                      // stored K of the whole A (sparse: k / 2)
  int kb = 0, scale_blocks = 0;        // scaled: blocks per instruction, per product row
  bool sparse = false, scaled = false; //
  bool c_abs = false, c_neg = false;   // C modifiers before every instruction: |C|, then -C
  bool gathers = false;                // a_src/b_src are not the identity (broadcast modifiers)
  bool negates = false;                // some a_neg/b_neg flag is set
  uint64_t a_sign = 0, b_sign = 0, c_sign = 0;
  uint64_t const *a = nullptr, *index = nullptr, *b = nullptr, *c = nullptr;
  uint64_t const *scale_a = nullptr, *scale_b = nullptr;
  uint64_t* d = nullptr;
  // Per element of one instruction: A (in_m x kc) and B (in_k x in_n) read element a_src / b_src of
  // the instruction's tile (broadcast modifiers; identity otherwise), and flip its sign bit where
  // a_neg / b_neg is set (NEG, NEG_HI, the f64 neg bits).
  uint32_t const *a_src = nullptr, *b_src = nullptr;
  uint8_t const *a_neg = nullptr, *b_neg = nullptr;
  uint8_t const* only = nullptr; // when set, the elements to compute (the others are left alone)
};

// The fast formulations (tiles.cu): which one computes a product, if any.
enum class FastPath : uint8_t {
  kNone,
  kDot4Binary64, // gfx12/gfx1250 DOT4 chains with f32 C/D, in binary64
  kFmaF32,       // f32 FMA chains
  kFmaF64,       // f64 FMA chains
  kIntegerSum,   // integer sums, clamped or wrapped per instruction
};

// A product for a fast path: D (m x n) and, per element, whether the reference kernel must
// recompute it (an inf or NaN in its row of A or column of B, or a result the formulation hands
// over). a (k_alloc x mp) and b (k_alloc x np) hold the decoded operands, K-major, padded to whole
// tiles; a_special (mp) and b_special (np) are one array, set by the decoding. Device memory.
struct TileArgs {
  int m = 0, n = 0, k = 0;
  int mp = 0, np = 0; // m and n padded to whole tiles
  int k_steps = 0;    // the chain's K: whole instructions
  int k_alloc = 0;    // k_steps padded to whole K slices (16)
  int in_k = 0;       // the instruction's K (integer sums clamp or wrap at its end)
  bool clamp = false; //
  void *a = nullptr, *b = nullptr;
  uint8_t *a_special = nullptr, *b_special = nullptr; // b_special = a_special + mp
  uint64_t const* c = nullptr;
  uint64_t* d = nullptr;
  uint8_t* redo = nullptr;
};
inline constexpr int kTile = 64;  // rows and columns of D per block of the tile kernel
inline constexpr int kSlice = 16; // K per shared-memory slice
size_t tile_value_bytes(FastPath);

// count dot products of K, their operands back to back (a, b: count x K; c, d: count).
struct DotArgs {
  numeric::Model model;
  int K = 0, count = 0;
  uint64_t const *a = nullptr, *b = nullptr, *c = nullptr;
  uint64_t* d = nullptr;
};

// The largest stored K of one instruction the kernel holds, and the smaller chunks it has kernels
// for (the operands of one engine call are staged in per-thread arrays of that size).
inline constexpr int kMaxKc = 128;
inline constexpr int kChunks[] = {4, 32, kMaxKc};
// The smallest block of K that one scale covers (gfx1250 scale16; gfx950 and gfx1250 scale: 32).
inline constexpr int kMinScaleBlock = 16;

// CUDA runtime calls; each returns a cudaError_t value (0: success).
int launch_chain(ChainArgs const&, CUstream_st*);
int launch_dot(DotArgs const&, CUstream_st*);
// Decodes a (m x k) and b (k x n), raw codes of formats fa/fb in device memory, and runs fast path
// f's tile kernel.
int launch_tiles(FastPath f, TileArgs const&, numeric::Format fa, numeric::Format fb, uint64_t const* a,
                 uint64_t const* b, CUstream_st*);
// n raw codes of `bytes` (1, 2, 4, 8) bytes each, to and from 64-bit elements, on the device.
int widen(void const* src, int bytes, size_t n, uint64_t* dst, CUstream_st*);
int narrow(uint64_t const* src, int bytes, size_t n, void* dst, CUstream_st*);
int device_count(int* count);
int device_properties(char* name, size_t name_size, int* major, int* minor);
char const* error_string(int error);
int device_alloc(void** p, size_t bytes);
int device_free(void* p);
int copy_to_device(void* dst, void const* src, size_t bytes, CUstream_st*);
int copy_to_host(void* dst, void const* src, size_t bytes, CUstream_st*);
int synchronize(CUstream_st*);

} // namespace wavemma::cuda::detail
