// Cooperative groups from plain C++ (<wavemma/hip.hpp>, no wavemma-hipcc): hipLaunchCooperativeKernel
// takes the kernel itself and HIP's argument array, runs every block at once, and grid.sync() holds
// each block until all have arrived; each block then reads the block before it, whose values the
// test knows. A tile reduction checks a tile's shfl_down against the host's sum.

#include "wavemma/hip.hpp"
#include "wavemma/hip/cooperative_groups.hpp"

#include <gtest/gtest.h>
#include <vector>

namespace cg = cooperative_groups;

namespace {

void write_sync_read(int* data, int* seen, int blocks) {
  cg::grid_group grid = cg::this_grid();
  int const b = static_cast<int>(blockIdx.x), t = static_cast<int>(threadIdx.x), n = static_cast<int>(blockDim.x);
  data[b * n + t] = 100 * b + t;
  grid.sync();
  seen[b * n + t] = data[((b + blocks - 1) % blocks) * n + t] + (grid.is_valid() ? 0 : 1000000);
}

void tile_sum(int const* in, int* out) {
  auto tile = cg::tiled_partition<8>(cg::this_thread_block());
  int v = in[threadIdx.x];
  for (unsigned d = 4; d > 0; d /= 2) v += tile.shfl_down(v, d);
  if (tile.thread_rank() == 0) out[tile.meta_group_rank()] = v;
}

TEST(CooperativeGroups, GridSyncFromCxx) {
  for (int blocks : {1, 3, 9}) {
    int const n = 64;
    std::vector<int> data(size_t(blocks * n), -1), seen(size_t(blocks * n), -1);
    int* d = data.data();
    int* s = seen.data();
    void* args[] = {&d, &s, &blocks};
    ASSERT_EQ(hipLaunchCooperativeKernel(write_sync_read, dim3(unsigned(blocks)), dim3(unsigned(n)), args, 0, nullptr),
              hipSuccess);
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < n; ++t) EXPECT_EQ(seen[size_t(b * n + t)], 100 * ((b + blocks - 1) % blocks) + t);
  }
}

TEST(CooperativeGroups, TooLargeFromCxx) {
  int per_cu = 0;
  ASSERT_EQ(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, write_sync_read, 256, 0), hipSuccess);
  hipDeviceProp_t p;
  ASSERT_EQ(hipGetDeviceProperties(&p, 0), hipSuccess);
  int* none = nullptr;
  int blocks = 0;
  void* args[] = {&none, &none, &blocks};
  EXPECT_EQ(hipLaunchCooperativeKernel(write_sync_read, dim3(unsigned(per_cu * p.multiProcessorCount + 1)), dim3(256),
                                       args, 0, nullptr),
            hipErrorCooperativeLaunchTooLarge);
  EXPECT_EQ(hipGetLastError(), hipErrorCooperativeLaunchTooLarge);
}

TEST(CooperativeGroups, TileShuffleFromCxx) {
  std::vector<int> in(64), out(8, 0);
  for (int i = 0; i < 64; ++i) in[size_t(i)] = (i * 37) % 23 - 11;
  hipLaunchKernelGGL(tile_sum, dim3(1), dim3(64), 0, 0, in.data(), out.data());
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  for (int t = 0; t < 8; ++t) {
    int want = 0;
    for (int i = 0; i < 8; ++i) want += in[size_t(t * 8 + i)];
    EXPECT_EQ(out[size_t(t)], want) << "tile " << t;
  }
}

} // namespace
