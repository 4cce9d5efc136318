// A GEMM in the seeds' style for RDNA4 (gfx1200/gfx1201): C = A x B with f16 A (M x K, row-major),
// f16 B (K x N, row-major) and f32 C, one v_wmma_f32_16x16x16_f16 per 16x16x16 step. Block tile
// 32 x 32, four wave32 waves of one 16 x 16 tile each; A and B staged in LDS (B transposed, so
// that a lane reads K-runs), a barrier around each K tile. Two tile policies: B transposed by a
// scalar loop, or by the hardware transpose load global_load_tr_b128 (seeds' TrB policy).
//
// The same file compiles for the host (wavemma::simt, bit-exact emulation) and for the GPU:
//   clang++-22 -x hip --offload-arch=gfx1201 -nogpulib --cuda-device-only -O3 -S -I include
//   wmma_gemm.hip
// M and N are multiples of 32, K of 16.

#include <cstdio>
#include <wavemma/hip.hpp>

#define HIP_CHECK(expr)                                                                                                \
  do {                                                                                                                 \
    hipError_t const hip_check_error = (expr);                                                                         \
    if (hip_check_error != hipSuccess) {                                                                               \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, hipGetErrorString(hip_check_error));                     \
      return hip_check_error;                                                                                          \
    }                                                                                                                  \
  } while (0)

namespace wmma_gemm {

using half8 = _Float16 __attribute__((ext_vector_type(8)));
using float8 = float __attribute__((ext_vector_type(8)));
using fp16x8 = __fp16 __attribute__((ext_vector_type(8))); // the transpose load's type

constexpr int kBlockM = 32, kBlockN = 32, kTileK = 16, kThreads = 128;

// v_wmma_f32_16x16x16_f16 on gfx12, wave32 (reference/layouts.md): lane L holds row (A) or
// column (B) L % 16; its element e is K = 8*(e/4) + 4*(L/16) + e%4, so lanes 0-15 hold K 0-3 and
// 8-11, lanes 16-31 K 4-7 and 12-15. D: VGPR g of lane L is C[8*(L/16) + g][L % 16].
__device__ inline int k_of(int lane, int e) { return 8 * (e / 4) + 4 * (lane / 16) + e % 4; }

struct Tiles {
  _Float16 a[kBlockM][kTileK];   // A rows, K contiguous
  _Float16 b_t[kBlockN][kTileK]; // B transposed: columns, K contiguous
};

// Four waves in a 2 x 2 grid of 16 x 16 tiles; returns the wave's tile origin in the block tile.
__device__ inline void wave_tile(int& row, int& col) {
  int const wave = static_cast<int>(threadIdx.x) / 32;
  row = 16 * (wave / 2);
  col = 16 * (wave % 2);
}

__device__ inline float8 mma_tile(Tiles const& t, float8 acc) {
  int row, col;
  wave_tile(row, col);
  int const lane = static_cast<int>(threadIdx.x) % 32;
  half8 a, b;
  for (int e = 0; e < 8; ++e) {
    a[e] = t.a[row + lane % 16][k_of(lane, e)];
    b[e] = t.b_t[col + lane % 16][k_of(lane, e)];
  }
  return __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, acc);
}

__device__ inline void store_tile(float8 acc, float* C, int n, int block_row, int block_col) {
  int row, col;
  wave_tile(row, col);
  int const lane = static_cast<int>(threadIdx.x) % 32;
  for (int g = 0; g < 8; ++g) C[(block_row + row + 8 * (lane / 16) + g) * n + block_col + col + lane % 16] = acc[g];
}

// The A tile: a flat cooperative loop over the tile's elements.
__device__ inline void load_a(Tiles& t, _Float16 const* A, int k, int block_row, int k0) {
  for (int i = static_cast<int>(threadIdx.x); i < kBlockM * kTileK; i += kThreads)
    t.a[i / kTileK][i % kTileK] = A[(block_row + i / kTileK) * k + k0 + i % kTileK];
}

__global__ void __launch_bounds__(kThreads) gemm(_Float16 const* A, _Float16 const* B, float* C, int n, int k) {
  __shared__ Tiles t;
  int const block_row = static_cast<int>(blockIdx.y) * kBlockM, block_col = static_cast<int>(blockIdx.x) * kBlockN;
  float8 acc = {};
  for (int k0 = 0; k0 < k; k0 += kTileK) {
    load_a(t, A, k, block_row, k0);
    for (int i = static_cast<int>(threadIdx.x); i < kBlockN * kTileK; i += kThreads)
      t.b_t[i % kBlockN][i / kBlockN] = B[(k0 + i / kBlockN) * n + block_col + i % kBlockN];
    __syncthreads();
    acc = mma_tile(t, acc);
    __syncthreads();
  }
  store_tile(acc, C, n, block_row, block_col);
}

// B through the hardware transpose: one global_load_tr_b128 covers 8 K rows x 32 columns; lane tx
// passes row k0 + tx/4, columns (tx%4)*8 .. +7, and gets B[k0 + (tx/8)*2 + e/4][(e%4)*8 + tx%8]
// in element e (reference/gemm-system.md §4). Wave 0 loads; every wave then reads LDS.
__global__ void __launch_bounds__(kThreads) gemm_trb(_Float16 const* A, _Float16 const* B, float* C, int n, int k) {
  __shared__ Tiles t;
  int const block_row = static_cast<int>(blockIdx.y) * kBlockM, block_col = static_cast<int>(blockIdx.x) * kBlockN;
  int const tx = static_cast<int>(threadIdx.x);
  float8 acc = {};
  for (int k0 = 0; k0 < k; k0 += kTileK) {
    load_a(t, A, k, block_row, k0);
    if (tx < 32) {
      for (int half = 0; half < 2; ++half) {
        int const row = k0 + 8 * half + tx / 4;
        fp16x8* p = reinterpret_cast<fp16x8*>(const_cast<_Float16*>(B + row * n + block_col + (tx % 4) * 8));
        fp16x8 const v = __builtin_amdgcn_global_load_tr_b128_v8f16(p);
        for (int e = 0; e < 8; ++e) t.b_t[(e % 4) * 8 + tx % 8][8 * half + (tx / 8) * 2 + e / 4] = v[e];
      }
    }
    __syncthreads();
    acc = mma_tile(t, acc);
    __syncthreads();
  }
  store_tile(acc, C, n, block_row, block_col);
}

// Device arrays freed however run() returns.
struct DeviceArrays {
  _Float16 *a = nullptr, *b = nullptr;
  float* c = nullptr;
  ~DeviceArrays() {
    (void)hipFree(a);
    (void)hipFree(b);
    (void)hipFree(c);
  }
};

// C = A x B through device memory, with either tile policy.
inline hipError_t run(_Float16 const* A, _Float16 const* B, float* C, int m, int n, int k, bool hardware_transpose) {
  DeviceArrays d;
  _Float16*& d_a = d.a;
  _Float16*& d_b = d.b;
  float*& d_c = d.c;
  HIP_CHECK(hipMalloc(&d_a, sizeof(_Float16) * size_t(m) * size_t(k)));
  HIP_CHECK(hipMalloc(&d_b, sizeof(_Float16) * size_t(k) * size_t(n)));
  HIP_CHECK(hipMalloc(&d_c, sizeof(float) * size_t(m) * size_t(n)));
  HIP_CHECK(hipMemcpy(d_a, A, sizeof(_Float16) * size_t(m) * size_t(k), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_b, B, sizeof(_Float16) * size_t(k) * size_t(n), hipMemcpyHostToDevice));
  dim3 const grid(unsigned(n / kBlockN), unsigned(m / kBlockM));
  if (hardware_transpose) {
    hipLaunchKernelGGL(gemm_trb, grid, dim3(kThreads), 0, 0, d_a, d_b, d_c, n, k);
  } else {
    hipLaunchKernelGGL(gemm, grid, dim3(kThreads), 0, 0, d_a, d_b, d_c, n, k);
  }
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(C, d_c, sizeof(float) * size_t(m) * size_t(n), hipMemcpyDeviceToHost));
  return hipSuccess;
}

} // namespace wmma_gemm
