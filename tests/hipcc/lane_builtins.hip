// Per-lane builtins in a kernel built by wavemma-hipcc (wavemma/hip/lane_builtins.hpp): the block
// and grid sizes the dispatch reports, and SAD, lerp and dot products against the host's loops.
// Prints "lane_builtins: ok".
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

__global__ void k(unsigned* out) {
  unsigned const i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned const a = i * 2654435761u, b = i * 40503u + 7u;
  out[i * 6 + 0] = __builtin_amdgcn_workgroup_size_x() | __builtin_amdgcn_workgroup_size_y() << 16;
  out[i * 6 + 1] = __builtin_amdgcn_grid_size_x() | __builtin_amdgcn_grid_size_y() << 16;
  out[i * 6 + 2] = __builtin_amdgcn_sad_u8(a, b, i);
  out[i * 6 + 3] = __builtin_amdgcn_msad_u8(a, b, 0u);
  out[i * 6 + 4] = __builtin_amdgcn_lerp(a, b, i);
  out[i * 6 + 5] = __builtin_amdgcn_udot4(a, b, i, false);
}

int main() {
  dim3 const grid(3, 2), block(32, 2);
  unsigned const n = 3 * 2 * 32 * 2;
  unsigned* d;
  hipMalloc(&d, n * 6 * sizeof(unsigned));
  k<<<grid, block>>>(d);
  static unsigned out[384 * 6];
  hipMemcpy(out, d, sizeof out, hipMemcpyDeviceToHost);
  int bad = 0;
  // Threads of the same x write the same values to the same place.
  for (unsigned bx = 0; bx < 3; ++bx)
    for (unsigned tx = 0; tx < 32; ++tx) {
      unsigned const i = bx * 32 + tx; // blockIdx.x * blockDim.x + threadIdx.x
      unsigned const a = i * 2654435761u, b = i * 40503u + 7u;
      unsigned sad = i, msad = 0, lerp = 0, dot = i;
      for (int j = 0; j < 4; ++j) {
        int const x = (a >> (8 * j)) & 0xFF, y = (b >> (8 * j)) & 0xFF;
        sad += unsigned(std::abs(x - y));
        if (y) msad += unsigned(std::abs(x - y));
        lerp |= unsigned((x + y + ((i >> (8 * j)) & 1)) / 2) << (8 * j);
        dot += unsigned(x * y);
      }
      unsigned const want[6] = {32u | 2u << 16, 96u | 4u << 16, sad, msad, lerp, dot};
      for (int w = 0; w < 6; ++w)
        if (out[i * 6 + w] != want[w] && bad++ < 10)
          std::printf("thread %u result %d: got 0x%x, want 0x%x\n", i, w, out[i * 6 + w], want[w]);
    }
  if (bad) return 1;
  std::printf("lane_builtins: ok\n");
  return 0;
}
