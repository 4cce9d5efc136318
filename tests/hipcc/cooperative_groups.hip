// Cooperative groups as HIP declares them (hip/hip_cooperative_groups.h), each checked against a
// reference the host computes from the data alone: tile reductions with shfl_down/shfl_xor against
// host sums, ballot/any/all/match_any/match_all against masks computed on the host from
// asymmetric data, the block's and tiles' ids against their formulas, a cooperative grid that
// writes, waits at grid.sync() and reads another block's data (three rounds), and the launches HIP
// refuses: a grid too large to be resident, a kernel given as void*.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace cg = cooperative_groups;

#define HIP_CHECK(expr)                                                                                                \
  do {                                                                                                                 \
    hipError_t const e = (expr);                                                                                       \
    if (e != hipSuccess) {                                                                                             \
      std::printf("%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr, hipGetErrorName(e));                            \
      std::exit(1);                                                                                                    \
    }                                                                                                                  \
  } while (0)

static int failures = 0;
static void check(bool ok, char const* what, int i, long long got, long long want) {
  if (!ok && failures++ < 20) std::printf("FAIL %s [%d]: got %lld, want %lld\n", what, i, got, want);
}

// An asymmetric sequence: no two neighbours alike, no symmetry between tiles or waves.
static unsigned next(unsigned& s) {
  s = s * 1664525u + 1013904223u;
  return s >> 8;
}

constexpr int kBlock = 128;
constexpr int kBlocks = 3;

// --- tiles: reductions, ids --------------------------------------------------------------------
template <unsigned N>
__global__ void tile_reduce(int const* in, int* sums_down, int* sums_xor, unsigned* ids) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
  int const g = static_cast<int>(blockIdx.x * blockDim.x + block.thread_rank());
  int const v = in[g];
  int down = v, up = v;
  for (unsigned d = N / 2; d > 0; d /= 2) down += tile.shfl_down(down, d);
  for (unsigned m = 1; m < N; m *= 2) up += tile.shfl_xor(up, m);
  unsigned const tile_index = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
  if (tile.thread_rank() == 0) sums_down[tile_index] = down;
  sums_xor[g] = up; // every lane has the sum
  // shfl from rank N-1 and shfl_up by 1 (rank 0 keeps its own).
  int const last = tile.shfl(v, static_cast<int>(N) - 1);
  int const prev = tile.shfl_up(v, 1);
  ids[5 * g + 0] = tile.thread_rank() | tile.size() << 8 | tile.num_threads() << 16;
  ids[5 * g + 1] = tile.meta_group_rank() | tile.meta_group_size() << 16;
  ids[5 * g + 2] = static_cast<unsigned>(last);
  ids[5 * g + 3] = static_cast<unsigned>(prev);
  ids[5 * g + 4] = static_cast<unsigned>(tile.shfl_down(v, 1)); // the last rank keeps its own
}

template <unsigned N>
void check_tiles(char const* name, std::vector<int> const& in) {
  int const n = kBlock * kBlocks, tiles = n / static_cast<int>(N);
  int *d_in, *d_down, *d_xor;
  unsigned* d_ids;
  HIP_CHECK(hipMalloc(&d_in, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_down, tiles * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_xor, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_ids, 5 * n * sizeof(unsigned)));
  HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  tile_reduce<N><<<kBlocks, kBlock>>>(d_in, d_down, d_xor, d_ids);
  HIP_CHECK(hipGetLastError());
  std::vector<int> down(tiles), xr(n);
  std::vector<unsigned> ids(5 * n);
  HIP_CHECK(hipMemcpy(down.data(), d_down, tiles * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(xr.data(), d_xor, n * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(ids.data(), d_ids, 5 * n * sizeof(unsigned), hipMemcpyDeviceToHost));
  for (int t = 0; t < tiles; ++t) {
    long long want = 0;
    for (unsigned i = 0; i < N; ++i) want += in[t * N + i];
    check(down[t] == want, name, t, down[t], want);
    for (unsigned i = 0; i < N; ++i) check(xr[t * N + i] == want, name, t * N + i, xr[t * N + i], want);
  }
  for (int g = 0; g < n; ++g) {
    unsigned const rank = g % kBlock % N, meta = g % kBlock / N, base = g - g % N;
    check(ids[5 * g] == (rank | N << 8 | N << 16), "tile ranks", g, ids[5 * g], rank | N << 8 | N << 16);
    check(ids[5 * g + 1] == (meta | (kBlock / N) << 16), "meta_group", g, ids[5 * g + 1], meta | (kBlock / N) << 16);
    check(int(ids[5 * g + 2]) == in[base + N - 1], "tile shfl", g, int(ids[5 * g + 2]), in[base + N - 1]);
    int const prev = rank == 0 ? in[g] : in[g - 1];
    check(int(ids[5 * g + 3]) == prev, "tile shfl_up", g, int(ids[5 * g + 3]), prev);
    int const below = rank == N - 1 ? in[g] : in[g + 1];
    check(int(ids[5 * g + 4]) == below, "tile shfl_down", g, int(ids[5 * g + 4]), below);
  }
  HIP_CHECK(hipFree(d_in));
  HIP_CHECK(hipFree(d_down));
  HIP_CHECK(hipFree(d_xor));
  HIP_CHECK(hipFree(d_ids));
}

// --- votes: ballot, any, all, match_any, match_all ---------------------------------------------
constexpr unsigned kVoteTile = 16;
__global__ void tile_votes(int const* pred, int const* value, unsigned long long* out) {
  auto tile = cg::tiled_partition<kVoteTile>(cg::this_thread_block());
  int const g = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  int all_pred = 0;
  out[6 * g + 0] = tile.ballot(pred[g]);
  out[6 * g + 1] = static_cast<unsigned long long>(tile.any(pred[g]));
  out[6 * g + 2] = static_cast<unsigned long long>(tile.all(pred[g]));
  out[6 * g + 3] = tile.match_any(value[g]);
  out[6 * g + 4] = tile.match_all(value[g] / 100, all_pred); // equal within some tiles only
  out[6 * g + 5] = static_cast<unsigned long long>(all_pred);
}

void check_votes(std::vector<int> const& in) {
  int const n = kBlock * kBlocks;
  std::vector<int> pred(n), value(n);
  for (int g = 0; g < n; ++g) {
    int const tile = g / kVoteTile;
    pred[g] = tile % 4 == 1 ? 1 : tile % 4 == 2 ? 0 : (in[g] >> 3) & 1; // all, none, mixed
    value[g] = in[g] % 5;                                               // repeated values, asymmetric
    if (tile % 3 == 0)
      value[g] += 500; // value / 100 uniform in these tiles
    else
      value[g] += 100 * (g % 2);
  }
  int *d_pred, *d_value;
  unsigned long long* d_out;
  HIP_CHECK(hipMalloc(&d_pred, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_value, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_out, 6 * n * sizeof(unsigned long long)));
  HIP_CHECK(hipMemcpy(d_pred, pred.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_value, value.data(), n * sizeof(int), hipMemcpyHostToDevice));
  tile_votes<<<kBlocks, kBlock>>>(d_pred, d_value, d_out);
  HIP_CHECK(hipGetLastError());
  std::vector<unsigned long long> out(6 * n);
  HIP_CHECK(hipMemcpy(out.data(), d_out, out.size() * sizeof(unsigned long long), hipMemcpyDeviceToHost));
  for (int g = 0; g < n; ++g) {
    int const base = g - g % kVoteTile;
    unsigned long long ballot = 0, same = 0, same_hi = 0;
    for (unsigned i = 0; i < kVoteTile; ++i) {
      ballot |= (unsigned long long)(pred[base + i] != 0) << i;
      same |= (unsigned long long)(value[base + i] == value[g]) << i;
      same_hi |= (unsigned long long)(value[base + i] / 100 == value[base] / 100) << i;
    }
    unsigned long long const full = (1ull << kVoteTile) - 1;
    bool const uniform = same_hi == full;
    check(out[6 * g] == ballot, "ballot", g, (long long)out[6 * g], (long long)ballot);
    check(out[6 * g + 1] == (ballot != 0), "any", g, (long long)out[6 * g + 1], ballot != 0);
    check(out[6 * g + 2] == (ballot == full), "all", g, (long long)out[6 * g + 2], ballot == full);
    check(out[6 * g + 3] == same, "match_any", g, (long long)out[6 * g + 3], (long long)same);
    check(out[6 * g + 4] == (uniform ? full : 0), "match_all", g, (long long)out[6 * g + 4], uniform ? full : 0);
    check(out[6 * g + 5] == uniform, "match_all pred", g, (long long)out[6 * g + 5], uniform);
  }
  HIP_CHECK(hipFree(d_pred));
  HIP_CHECK(hipFree(d_value));
  HIP_CHECK(hipFree(d_out));
}

// --- the block, a dynamic partition, the coalesced group, a non-cooperative grid ----------------
__global__ void groups(unsigned* out) {
  cg::thread_block block = cg::this_thread_block();
  unsigned const r = block.thread_rank();
  unsigned* o = out + 16 * (blockIdx.x * block.size() + r);
  dim3 const gi = block.group_index(), ti = block.thread_index(), gd = block.group_dim();
  o[0] = r;
  o[1] = block.size() | block.num_threads() << 16;
  o[2] = gi.x | gi.y << 8 | gi.z << 16;
  o[3] = ti.x | ti.y << 8 | ti.z << 16;
  o[4] = gd.x | gd.y << 8 | gd.z << 16;
  cg::thread_group tile = cg::tiled_partition(block, 8);
  o[5] = tile.thread_rank() | tile.size() << 16;
  cg::thread_group whole = block; // a thread_block as a thread_group
  o[6] = whole.thread_rank() | whole.size() << 16;
  whole.sync();
  cg::coalesced_group active = cg::coalesced_threads();
  o[7] = active.thread_rank() | active.size() << 16;
  o[8] = static_cast<unsigned>(active.shfl(static_cast<int>(r) * 3, 2)); // from rank 2 of the wave's lanes
  o[9] = static_cast<unsigned>(active.shfl_down(static_cast<int>(r), 1));
  o[10] = cg::this_grid().is_valid() ? 1u : 0u; // not a cooperative launch
  o[11] = cg::group_size(tile) | cg::thread_rank(tile) << 16;
  cg::multi_grid_group multi = cg::this_multi_grid(); // one device: one grid, never valid
  o[12] = multi.num_grids() | multi.grid_rank() << 8 | (multi.is_valid() ? 1u : 0u) << 16;
  cg::sync(block);
}

void check_groups() {
  dim3 const grid(2), blk(8, 4, 2); // 64 threads: two waves of 32, one of 64
  int const n = 2 * 64;
  unsigned* d_out;
  HIP_CHECK(hipMalloc(&d_out, 16 * n * sizeof(unsigned)));
  groups<<<grid, blk>>>(d_out);
  HIP_CHECK(hipGetLastError());
  std::vector<unsigned> out(16 * n);
  HIP_CHECK(hipMemcpy(out.data(), d_out, out.size() * sizeof(unsigned), hipMemcpyDeviceToHost));
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  unsigned const wave = static_cast<unsigned>(p.warpSize);
  for (int g = 0; g < n; ++g) {
    unsigned const* o = &out[16 * g];
    unsigned const b = g / 64, r = g % 64, lane = r % wave;
    unsigned const tx = r % 8, ty = r / 8 % 4, tz = r / 32;
    check(o[0] == r, "block rank", g, o[0], r);
    check(o[1] == (64 | 64 << 16), "block size", g, o[1], 64 | 64 << 16);
    check(o[2] == b, "group_index", g, o[2], b);
    check(o[3] == (tx | ty << 8 | tz << 16), "thread_index", g, o[3], tx | ty << 8 | tz << 16);
    check(o[4] == (8 | 4 << 8 | 2 << 16), "group_dim", g, o[4], 8 | 4 << 8 | 2 << 16);
    check(o[5] == (r % 8 | 8 << 16), "dynamic tile", g, o[5], r % 8 | 8 << 16);
    check(o[6] == (r | 64 << 16), "block as thread_group", g, o[6], r | 64 << 16);
    check(o[7] == (lane | wave << 16), "coalesced", g, o[7], lane | wave << 16);
    unsigned const wave_first = r - lane;
    check(o[8] == (wave_first + 2) * 3, "coalesced shfl", g, o[8], (wave_first + 2) * 3);
    unsigned const down = lane + 1 < wave ? r + 1 : r;
    check(o[9] == down, "coalesced shfl_down", g, o[9], down);
    check(o[10] == 0, "grid is_valid outside a cooperative launch", g, o[10], 0);
    check(o[11] == (8 | (r % 8) << 16), "group_size/thread_rank", g, o[11], 8 | (r % 8) << 16);
    check(o[12] == 1, "this_multi_grid", g, o[12], 1);
  }
  HIP_CHECK(hipFree(d_out));
}

// --- the grid: write, grid.sync(), read another block's data; three rounds ----------------------
constexpr int kRounds = 3;
__global__ void grid_rounds(int* data, int* seen, unsigned* ranks, int blocks) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  int const b = static_cast<int>(blockIdx.x), t = static_cast<int>(block.thread_rank());
  int const n = static_cast<int>(block.size());
  ranks[grid.thread_rank()] = grid.thread_rank() | (grid.is_valid() ? 1u << 31 : 0u);
  if (grid.thread_rank() == 0) ranks[blocks * n] = grid.size();
  for (int round = 0; round < kRounds; ++round) {
    data[b * n + t] = 1000 * round + 10 * b + t % 7;
    grid.sync();
    int const other = (b + 1 + round) % blocks; // a block that may run on another thread
    seen[(round * blocks + b) * n + t] = data[other * n + (n - 1 - t)];
    grid.sync();
  }
}

void check_grid(int blocks) {
  int const n = kBlock;
  int *d_data, *d_seen;
  unsigned* d_ranks;
  HIP_CHECK(hipMalloc(&d_data, blocks * n * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_seen, kRounds * blocks * n * sizeof(int)));
  HIP_CHECK(hipMalloc(&d_ranks, (blocks * n + 1) * sizeof(unsigned)));
  void* args[] = {&d_data, &d_seen, &d_ranks, &blocks};
  HIP_CHECK(hipLaunchCooperativeKernel(grid_rounds, dim3(blocks), dim3(n), args, 0, hipStreamDefault));
  std::vector<int> seen(kRounds * blocks * n);
  std::vector<unsigned> ranks(blocks * n + 1);
  HIP_CHECK(hipMemcpy(seen.data(), d_seen, seen.size() * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(ranks.data(), d_ranks, ranks.size() * sizeof(unsigned), hipMemcpyDeviceToHost));
  for (int round = 0; round < kRounds; ++round)
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < n; ++t) {
        int const other = (b + 1 + round) % blocks, u = n - 1 - t;
        int const want = 1000 * round + 10 * other + u % 7;
        int const i = (round * blocks + b) * n + t;
        check(seen[i] == want, "grid.sync round", i, seen[i], want);
      }
  for (int i = 0; i < blocks * n; ++i)
    check(ranks[i] == (unsigned(i) | 1u << 31), "grid rank, is_valid", i, ranks[i], unsigned(i) | 1u << 31);
  check(ranks[blocks * n] == unsigned(blocks * n), "grid size", 0, ranks[blocks * n], blocks * n);
  HIP_CHECK(hipFree(d_data));
  HIP_CHECK(hipFree(d_seen));
  HIP_CHECK(hipFree(d_ranks));
}

// --- what HIP refuses ---------------------------------------------------------------------------
__global__ void one_sync(int* x) {
  cg::this_grid().sync();
  if (x) x[0] = 1;
}

void check_refusals() {
  int* none = nullptr;
  void* args[] = {&none};
  int per_cu = 0;
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&per_cu, one_sync, 1024, 0));
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  unsigned const most = static_cast<unsigned>(per_cu * p.multiProcessorCount);
  // HIP's bound: one block more than the device holds at once.
  hipError_t e = hipLaunchCooperativeKernel(one_sync, dim3(most + 1), dim3(1024), args, 0, nullptr);
  check(e == hipErrorCooperativeLaunchTooLarge, "too large (HIP's bound)", 0, e, hipErrorCooperativeLaunchTooLarge);
  check(hipGetLastError() == hipErrorCooperativeLaunchTooLarge, "last error", 0, 0, 0);
  // Within HIP's bound, but more threads than this host can hold as fibers at once.
  // (A host of vm.max_map_count 65530 holds 16383; this grid is 128 x 1024 threads on gfx1201.)
  e = hipLaunchCooperativeKernel(one_sync, dim3(most), dim3(1024), args, 0, nullptr);
  bool const named =
      e == hipErrorCooperativeLaunchTooLarge && std::strstr(hipGetErrorString(e), "wavemma holds at most") != nullptr;
  check(e == hipSuccess || named, "too large (the emulator's bound)", 0, e, hipErrorCooperativeLaunchTooLarge);
  (void)hipGetLastError();
  // A grid.sync() in a launch that is not cooperative stops the launch.
  one_sync<<<2, 64>>>(nullptr);
  e = hipGetLastError();
  check(e == hipErrorLaunchFailure, "grid.sync outside a cooperative launch", 0, e, hipErrorLaunchFailure);
}

int main() {
  unsigned s = 12345;
  std::vector<int> in(kBlock * kBlocks);
  for (int& v : in) v = static_cast<int>(next(s) % 2001) - 1000;
  hipDeviceProp_t p;
  HIP_CHECK(hipGetDeviceProperties(&p, 0));
  int coop = 0;
  HIP_CHECK(hipDeviceGetAttribute(&coop, hipDeviceAttributeCooperativeLaunch, 0));
  check(coop == 1, "hipDeviceAttributeCooperativeLaunch", 0, coop, 1);
  check_tiles<4>("tile<4> sums", in);
  check_tiles<16>("tile<16> sums", in);
  check_tiles<32>("tile<32> sums", in);
  check_votes(in);
  check_groups();
  check_grid(2);
  check_grid(7);
  check_refusals();
  std::printf("cooperative_groups (%s, wave%d): %s\n", p.gcnArchName, p.warpSize, failures ? "FAILED" : "ok");
  return failures ? 1 : 0;
}
