// Cooperative groups used as a GPU would hang on or compute garbage for, one case per run
// (argv[1]): each launch stops with one line naming kernel, block, wave and lanes, and the program
// prints the code it got.
//   tile_apart:   the two tiles of a wave at the same tile collective from two call sites
//   tile_partial: half of a tile at a tile shuffle while the other half waits at __syncthreads()
//   block_returns: a cooperative grid whose block 1 returns while the others wait at grid.sync()
//   not_cooperative: grid.sync() in a <<< >>> launch
//   bad_tile: tiled_partition(block, 48)
//   multi_grid: this_multi_grid().sync() (a multi-device launch is not emulated)
//   by_address: hipLaunchCooperativeKernel of the kernel as void* (refused at the call)
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>

#include <cstdio>
#include <string>

namespace cg = cooperative_groups;

__global__ void tiles_apart(int* out) {
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  int v = static_cast<int>(threadIdx.x);
  if (tile.meta_group_rank() % 2 == 0)
    v = tile.shfl_down(v, 1); // tiles 0, 2, ...
  else
    v = tile.shfl_down(v, 2); // tiles 1, 3, ...
  out[threadIdx.x] = v;
}

__global__ void tile_partial(int* out) {
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  int v = static_cast<int>(threadIdx.x);
  if (tile.thread_rank() < 8) v = tile.shfl_xor(v, 1);
  __syncthreads();
  out[threadIdx.x] = v;
}

__global__ void block_returns(int* out) {
  if (blockIdx.x == 1) return;
  cg::this_grid().sync();
  out[blockIdx.x] = 1;
}

__global__ void grid_sync_plain(int* out) {
  cg::this_grid().sync();
  out[blockIdx.x] = 1;
}

__global__ void bad_tile(int* out) {
  cg::thread_group tile = cg::tiled_partition(cg::this_thread_block(), 48);
  out[threadIdx.x] = static_cast<int>(tile.thread_rank());
}

__global__ void multi_grid_sync(int* out) {
  cg::this_multi_grid().sync();
  out[blockIdx.x] = 1;
}

int main(int argc, char** argv) {
  std::string const which = argc > 1 ? argv[1] : "";
  int* out = nullptr;
  if (hipMalloc(&out, 1024 * sizeof(int)) != hipSuccess) return 1;
  hipError_t e = hipSuccess;
  if (which == "tile_apart") {
    tiles_apart<<<1, 64>>>(out);
    e = hipGetLastError();
  } else if (which == "tile_partial") {
    tile_partial<<<1, 32>>>(out);
    e = hipGetLastError();
  } else if (which == "block_returns") {
    void* args[] = {&out};
    e = hipLaunchCooperativeKernel(block_returns, dim3(4), dim3(64), args, 0, nullptr);
  } else if (which == "not_cooperative") {
    grid_sync_plain<<<2, 32>>>(out);
    e = hipGetLastError();
  } else if (which == "bad_tile") {
    bad_tile<<<1, 64>>>(out);
    e = hipGetLastError();
  } else if (which == "multi_grid") {
    void* args[] = {&out};
    e = hipLaunchCooperativeKernel(multi_grid_sync, dim3(2), dim3(32), args, 0, nullptr);
  } else if (which == "by_address") { // refused: there is no table from addresses to kernels
    void* args[] = {&out};
    e = hipLaunchCooperativeKernel(reinterpret_cast<void const*>(grid_sync_plain), dim3(2), dim3(32), args, 0, nullptr);
  } else {
    std::printf("unknown case '%s'\n", which.c_str());
    return 2;
  }
  std::printf("%s: %s\n", which.c_str(), hipGetErrorName(e));
  return hipFree(out) == hipSuccess ? 0 : 1;
}
