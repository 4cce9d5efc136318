// HIP's declarations as libraries use them (rocWMMA does all of these): the thread and block ids
// are variables (a host variable may be named blockDim), HIP_vector_type is built on
// HIP_vector_base, which a library specializes for its own sizes, __align__ exists, and a
// library's own host operator for __half is what host code calls, as clang's HIP mode decides.
// Each result is checked against the same arithmetic written out by hand.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include <cstdio>
#include <type_traits>

#define CHECK(cond)                                                                                                    \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      std::printf("FAILED: %s (line %d)\n", #cond, __LINE__);                                                          \
      return 1;                                                                                                        \
    }                                                                                                                  \
  } while (0)

// A library's HIP_vector_base for eight floats: a clang vector in a union, as rocWMMA registers it.
template <>
struct HIP_vector_base<float, 8> {
  using Native_vec_ = float __attribute__((ext_vector_type(8)));
  union {
    Native_vec_ data;
  };
  using value_type = float;
  HIP_vector_base() = default;
  template <typename... Ts, typename std::enable_if<sizeof...(Ts) == 8>::type* = nullptr>
  constexpr HIP_vector_base(Ts... xs) noexcept : data{xs...} {}
  explicit constexpr HIP_vector_base(float v) noexcept : data{v, v, v, v, v, v, v, v} {}
};
using float8 = HIP_vector_type<float, 8>;

struct __align__(16) Aligned {
  char c;
};
static_assert(alignof(Aligned) == 16, "__align__ is aligned()");

namespace lib {
// A host-only operator of a library, beside HIP's __host__ __device__ one: host code calls this one.
__host__ inline bool operator==(__half const& a, __half const& b) { return __half2float(a) - __half2float(b) < 1.0f; }
__host__ inline bool same(__half const& a, __half const& b) { return a == b; }
} // namespace lib

__global__ void ids(unsigned* out, float8 const* in, float8* scaled) {
  auto const x = threadIdx.x; // an unsigned int, not a proxy
  static_assert(std::is_same_v<decltype(x), unsigned int const>);
  dim3 const block = blockDim;
  unsigned const i = blockIdx.x * block.x + x;
  out[i] = i + 1000u * gridDim.x;
  scaled[i] = in[i] * 2.0f + float8(1.0f);
}

// The second wave returns whole before the first one's barrier: on AMD's GPUs s_barrier waits only
// on the waves that have not terminated (rocWMMA's simple_dlrm relies on it).
__global__ void wave_returns_before_barrier(int* out) {
  __shared__ int shared[64];
  if (threadIdx.x >= unsigned(warpSize)) return;
  shared[threadIdx.x] = int(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = shared[(threadIdx.x + 1) % unsigned(warpSize)];
}

// clang's matrix builtins take and return GCC vectors, which convert to and from a clang vector of
// another element type and the same size: rocWMMA keeps a gfx12 WMMA's eight halves in a float4
// (compiled in every device pass, never run).
__device__ void wmma_in_float4s(float4& d, float4 const& a, float4 const& b) {
  d.data = {__builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(a.data, b.data, d.data)};
}

int blocks_of(unsigned blockDim, unsigned n) {
  return int((n + blockDim - 1) / blockDim);
} // a parameter named blockDim

int main() {
  constexpr unsigned kThreads = 64, kBlocks = 2, kN = kThreads * kBlocks;
  unsigned* out;
  float8 *in, *scaled;
  CHECK(hipMalloc(&out, kN * sizeof(unsigned)) == hipSuccess);
  CHECK(hipMalloc(&in, kN * sizeof(float8)) == hipSuccess);
  CHECK(hipMalloc(&scaled, kN * sizeof(float8)) == hipSuccess);
  static float8 host_in[kN];
  for (unsigned i = 0; i < kN; ++i)
    for (int c = 0; c < 8; ++c) host_in[i].data[c] = float(i) + 0.25f * float(c);
  CHECK(hipMemcpy(in, host_in, sizeof host_in, hipMemcpyHostToDevice) == hipSuccess);
  auto const blockDim = dim3(kThreads); // a host variable named blockDim, as rocWMMA's samples write
  ids<<<blocks_of(blockDim.x, kN), blockDim>>>(out, in, scaled);
  CHECK(hipDeviceSynchronize() == hipSuccess);
  static unsigned host_out[kN];
  static float8 host_scaled[kN];
  CHECK(hipMemcpy(host_out, out, sizeof host_out, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(hipMemcpy(host_scaled, scaled, sizeof host_scaled, hipMemcpyDeviceToHost) == hipSuccess);
  for (unsigned i = 0; i < kN; ++i) {
    CHECK(host_out[i] == i + 1000u * kBlocks);
    for (int c = 0; c < 8; ++c) CHECK(host_scaled[i].data[c] == (float(i) + 0.25f * float(c)) * 2.0f + 1.0f);
  }
  int* wave_out;
  CHECK(hipMalloc(&wave_out, 64 * sizeof(int)) == hipSuccess);
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, 0) == hipSuccess);
  int const wave = props.warpSize;
  wave_returns_before_barrier<<<1, 2 * wave>>>(wave_out);
  CHECK(hipDeviceSynchronize() == hipSuccess);
  int host_wave[64];
  CHECK(hipMemcpy(host_wave, wave_out, size_t(wave) * sizeof(int), hipMemcpyDeviceToHost) == hipSuccess);
  for (int i = 0; i < wave; ++i) CHECK(host_wave[i] == (i + 1) % wave);
  CHECK(hipFree(wave_out) == hipSuccess);
  static_assert(sizeof(float8) == 32 && alignof(float8) == 32, "a clang vector of eight floats");

  // HIP's == on __half is exact; the library's host operator, found first in its namespace, is not.
  __half const one = 1.0f, one_and_half = 1.5f;
  CHECK(lib::same(one_and_half, one)); // the library's: the two tie, and the caller is host code
  CHECK(!(one_and_half == one));       // HIP's, the only one visible here
  CHECK(hipFree(out) == hipSuccess && hipFree(in) == hipSuccess && hipFree(scaled) == hipSuccess);
  std::printf("PASSED\n");
  return 0;
}
