// The idiom of rocm-examples' reduction tutorial: a C++20 program (its build sets
// CMAKE_HIP_STANDARD 20) that includes the iostreams, <ranges> and <execution> after HIP's runtime,
// constrains its kernels' template parameters with concepts, and reduces with a block-wide tree in
// __shared__ memory. (In C++20 <chrono> brings <sstream>: the headers wavemma's own include must come
// before its host-device region, or every later <iostream> fails to compile.) The reference is the
// exact sum in 64-bit integers.
#include <hip/hip_runtime.h>

#include <bit>
#include <concepts>
#include <cstdint>
#include <execution>
#include <fstream>
#include <iostream>
#include <locale>
#include <numeric>
#include <ranges>
#include <span>
#include <sstream>
#include <vector>

#if __cplusplus < 202002L
#error "this program is C++20"
#endif

template <std::integral T, unsigned BlockSize>
  requires(std::has_single_bit(BlockSize))
__global__ void block_sums(T const* in, T* out, std::size_t n) {
  __shared__ T partial[BlockSize];
  std::size_t const i = blockIdx.x * BlockSize + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : T{0};
  __syncthreads();
  for (unsigned active = BlockSize / 2; active > 0; active /= 2) {
    if (threadIdx.x < active) partial[threadIdx.x] += partial[threadIdx.x + active];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

int main() {
  constexpr unsigned block = 256;
  constexpr std::size_t n = 100'003; // not a multiple of the block
  std::vector<int64_t> values(n);
  // Distinct, signed, and not symmetric: i^2 mod 1009, minus 300.
  std::ranges::transform(std::views::iota(std::size_t{0}, n), values.begin(),
                         [](std::size_t i) { return int64_t(i * i % 1009) - 300; });
  std::size_t const blocks = (n + block - 1) / block;
  int64_t *in = nullptr, *out = nullptr;
  if (hipMalloc(&in, n * sizeof(int64_t)) != hipSuccess || hipMalloc(&out, blocks * sizeof(int64_t)) != hipSuccess)
    return 1;
  hipMemcpy(in, values.data(), n * sizeof(int64_t), hipMemcpyHostToDevice);
  block_sums<int64_t, block><<<dim3(unsigned(blocks)), dim3(block), 0, hipStreamDefault>>>(in, out, n);
  std::vector<int64_t> sums(blocks);
  hipMemcpy(sums.data(), out, blocks * sizeof(int64_t), hipMemcpyDeviceToHost);
  hipFree(in);
  hipFree(out);

  int64_t const got = std::reduce(std::execution::seq, sums.begin(), sums.end(), int64_t{0});
  int64_t expected = 0;
  for (std::size_t i = 0; i < n; ++i) expected += int64_t(i * i % 1009) - 300;
  std::span<int64_t const> const first(sums.data(), 1);
  std::ostringstream text;
  text.imbue(std::locale::classic());
  text << "sum " << got << " (first block " << first[0] << "), expected " << expected;
  std::cout << text.str() << '\n';
  if (got != expected) {
    std::cout << "FAILED\n";
    return 1;
  }
  std::cout << "PASSED\n";
  return 0;
}
