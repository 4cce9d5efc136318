// The CUDA code of wavemma::cuda: one thread per element of D runs the chain of the instruction
// over K, each instruction through the numeric core the CPU engines run (core/engines.hpp).

#include <cuda_runtime.h>

#include "kernels.hpp"
#include "wavemma/numeric/core/engines.hpp"

namespace wavemma::cuda::detail {
namespace {

namespace core = numeric::core;

// D[row][col]: for each instruction along K, its C modifiers on the accumulator, its operands
// gathered as emu's matrix path gathers them (zero outside the product, broadcasts, sparse rows,
// sign modifiers), and engine calls over chunks of g.chunk products (the whole instruction, or
// whole blocks of it where the engine hands its accumulator from block to block), each handing the
// accumulator to the next. kArr >= g.chunk: the per-thread staging of one call's operands.
template <int kArr>
__global__ void __launch_bounds__(128) chain_kernel(ChainArgs g) {
  int const col = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  int const row = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  if (row >= g.m || col >= g.n) return;
  if (g.only != nullptr && g.only[size_t(row) * g.n + col] == 0) return;
  int const ti = row / g.in_m, i = row % g.in_m, tj = col / g.in_n, j = col % g.in_n;
  uint64_t const out_mask = core::storage_mask(g.model.out);
  uint64_t acc = g.c != nullptr ? g.c[size_t(row) * g.n + col] : 0;
  core::Operand a[kArr], b[kArr];
  uint8_t sa[kArr / kMinScaleBlock + 1], sb[kArr / kMinScaleBlock + 1];
  core::NoTrace tr;
  for (int s = 0; s < g.steps; ++s) {
    if (g.c_abs) acc &= ~g.c_sign;
    if (g.c_neg) acc ^= g.c_sign;
    for (int k0 = 0; k0 < g.kc; k0 += g.chunk) {
      for (int x = 0; x < g.chunk; ++x) {
        int const kk = k0 + x;
        int ar = row, ac = s * g.kc + kk; // the element of A this product reads
        if (g.gathers) {
          uint32_t const src = g.a_src[i * g.kc + kk];
          ar = ti * g.in_m + int(src) / g.kc, ac = s * g.kc + int(src) % g.kc;
        }
        uint64_t ab = ar < g.m && ac < g.a_cols ? g.a[size_t(ar) * g.a_cols + ac] : 0;
        int brl = kk; // the row of the instruction's B this product reads
        if (g.sparse) {
          int const own = s * g.kc + kk;
          uint64_t const idx = own < g.a_cols ? g.index[size_t(row) * g.a_cols + own] : 0;
          brl = 4 * (kk / 2) + int(idx & 3);
        }
        int br = s * g.in_k + brl, bc = col; // the element of B
        if (g.gathers) {
          uint32_t const bsrc = g.b_src[brl * g.in_n + j];
          br = s * g.in_k + int(bsrc) / g.in_n, bc = tj * g.in_n + int(bsrc) % g.in_n;
        }
        uint64_t bb = br < g.k && bc < g.n ? g.b[size_t(br) * g.n + bc] : 0;
        if (g.negates) {
          if (g.a_neg[i * g.kc + kk]) ab ^= g.a_sign;
          if (g.b_neg[brl * g.in_n + j]) bb ^= g.b_sign;
        }
        a[x] = core::make_operand(g.model.a, ab);
        b[x] = core::make_operand(g.model.b, bb);
      }
      acc &= out_mask;
      if (g.scaled) {
        int const blocks = (g.chunk + g.model.group - 1) / g.model.group;
        for (int q = 0; q < blocks; ++q) {
          int const gq = s * g.kb + k0 / g.model.group + q;
          sa[q] = static_cast<uint8_t>(gq < g.scale_blocks ? g.scale_a[size_t(row) * g.scale_blocks + gq] : 0);
          sb[q] = static_cast<uint8_t>(gq < g.scale_blocks ? g.scale_b[size_t(gq) * g.n + col] : 0);
        }
        acc = core::cdna4_scaled_dot(g.model, a, b, g.chunk, acc, sa, sb, tr);
      } else {
        acc = core::run_engine(g.model, a, b, g.chunk, acc, tr);
      }
    }
  }
  g.d[size_t(row) * g.n + col] = acc;
}

__global__ void dot_kernel(DotArgs g) {
  int const e = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (e >= g.count) return;
  core::Operand a[kMaxKc], b[kMaxKc];
  for (int k = 0; k < g.K; ++k) {
    a[k] = core::make_operand(g.model.a, g.a[size_t(e) * g.K + k]);
    b[k] = core::make_operand(g.model.b, g.b[size_t(e) * g.K + k]);
  }
  core::NoTrace tr;
  g.d[e] = core::run_engine(g.model, a, b, g.K, g.c[e] & core::storage_mask(g.model.out), tr);
}

// Raw codes of `bytes` bytes each to 64-bit elements (zero-extended) and back (the low bytes).
__global__ void widen_kernel(void const* src, int bytes, size_t n, uint64_t* dst) {
  size_t const e = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (e >= n) return;
  auto const* p = static_cast<unsigned char const*>(src) + e * size_t(bytes);
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= uint64_t{p[i]} << (8 * i); // little-endian, as the host and GPU store
  dst[e] = v;
}
__global__ void narrow_kernel(uint64_t const* src, int bytes, size_t n, void* dst) {
  size_t const e = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (e >= n) return;
  auto* p = static_cast<unsigned char*>(dst) + e * size_t(bytes);
  for (int i = 0; i < bytes; ++i) p[i] = static_cast<unsigned char>(src[e] >> (8 * i));
}

} // namespace

int widen(void const* src, int bytes, size_t n, uint64_t* dst, CUstream_st* s) {
  if (n > 0) widen_kernel<<<unsigned((n + 255) / 256), 256, 0, s>>>(src, bytes, n, dst);
  return cudaGetLastError();
}
int narrow(uint64_t const* src, int bytes, size_t n, void* dst, CUstream_st* s) {
  if (n > 0) narrow_kernel<<<unsigned((n + 255) / 256), 256, 0, s>>>(src, bytes, n, dst);
  return cudaGetLastError();
}

int launch_dot(DotArgs const& g, CUstream_st* stream) {
  if (g.count > 0) dot_kernel<<<(g.count + 127) / 128, 128, 0, stream>>>(g);
  return cudaGetLastError();
}

int launch_chain(ChainArgs const& g, CUstream_st* stream) {
  dim3 const block(32, 4);
  dim3 const grid((g.n + block.x - 1) / block.x, (g.m + block.y - 1) / block.y);
  if (g.chunk <= kChunks[0])
    chain_kernel<kChunks[0]><<<grid, block, 0, stream>>>(g);
  else if (g.chunk <= kChunks[1])
    chain_kernel<kChunks[1]><<<grid, block, 0, stream>>>(g);
  else
    chain_kernel<kChunks[2]><<<grid, block, 0, stream>>>(g);
  return cudaGetLastError();
}

int device_count(int* count) { return cudaGetDeviceCount(count); }

int device_properties(char* name, size_t name_size, int* major, int* minor) {
  cudaDeviceProp p{};
  cudaError_t const e = cudaGetDeviceProperties(&p, 0);
  if (e != cudaSuccess) return e;
  size_t n = 0;
  for (; n + 1 < name_size && p.name[n] != '\0'; ++n) name[n] = p.name[n];
  if (name_size > 0) name[n] = '\0';
  *major = p.major;
  *minor = p.minor;
  return 0;
}

char const* error_string(int error) { return cudaGetErrorString(static_cast<cudaError_t>(error)); }
int device_alloc(void** p, size_t bytes) { return cudaMalloc(p, bytes == 0 ? 1 : bytes); }
int device_free(void* p) { return cudaFree(p); }
int copy_to_device(void* dst, void const* src, size_t bytes, CUstream_st* s) {
  return cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, s);
}
int copy_to_host(void* dst, void const* src, size_t bytes, CUstream_st* s) {
  return cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, s);
}
int synchronize(CUstream_st* s) { return cudaStreamSynchronize(s); }

} // namespace wavemma::cuda::detail
