#pragma once
// HIP's cooperative groups (hip/hip_cooperative_groups.h, namespace cooperative_groups) on the SIMT
// runtime: the thread block, the grid of a cooperative launch (hipLaunchCooperativeKernel), tiles of
// a wave (static thread_block_tile<N> and dynamic tiled_partition) and the coalesced group, with
// HIP's names, signatures and semantics (amd_hip_cooperative_groups.h).
//
// Every collective of a tile or coalesced group (sync, shfl*, ballot, any, all, match_*) is a wave
// collective here: every live lane of the wave must reach the same call, as with __shfl, and a wave
// whose lanes are apart at one stops the launch naming them (docs/simt.md). A tile's sync() is the
// wave's lanes meeting: on a GPU the lanes of a wave run in lockstep, here they meet only there.
// grid.sync() waits for every thread of every block; it needs a cooperative launch.

#include "wavemma/hip/api.hpp"
#include "wavemma/simt/lane.hpp"
#include "wavemma/simt/site.hpp"

#include <cstdint>
#include <cstring>
#include <type_traits>

using lane_mask = unsigned long long int;

namespace wavemma::hip::detail {

// A tile size that is not a power of two, or larger than the running wave: stops the launch
// (src/hip/cooperative_groups.cpp).
[[noreturn]] void bad_tile_size(char const* call, unsigned size, int wave, ::wavemma::simt::Site site);
// multi_grid_group::sync(): needs a multi-device launch, which is not emulated; stops the launch.
[[noreturn]] void no_multi_grid(::wavemma::simt::Site site);

inline ::wavemma::simt::detail::LaneContext const& cg_lane() {
  return ::wavemma::simt::detail::lane("cooperative_groups");
}
inline uint32_t block_rank() {
  auto const& l = cg_lane();
  return l.thread_idx.x + l.block_dim.x * (l.thread_idx.y + l.block_dim.y * l.thread_idx.z);
}
inline uint32_t block_size() { return uint32_t(cg_lane().block_dim.count()); }
inline int lane_id() { return int(cg_lane().lane); }
inline int wave_size() { return int(cg_lane().wave_size); }
inline uint64_t lanes_below() { return lane_id() == 0 ? 0 : ~0ull >> (64 - lane_id()); }
inline uint64_t wave_lanes() { return wave_size() == 64 ? ~0ull : (1ull << wave_size()) - 1; }

// A value as whole 32-bit words, for the wave's permute (smaller types widen, as in a VGPR).
template <class T>
T shuffle_any(char const* name, T value, int source, ::wavemma::simt::Site site) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8, "cross-lane values are up to 64 bits");
  uint32_t in[2] = {}, out[2] = {};
  std::memcpy(in, &value, sizeof(T));
  ::wavemma::simt::detail::permute(name, source, in, out, sizeof(T) > 4 ? 2 : 1, site);
  T r;
  std::memcpy(&r, out, sizeof(T));
  return r;
}

// The wave's ballot (bit i: lane i), and the lanes whose value equals this lane's.
inline uint64_t wave_ballot(bool pred, ::wavemma::simt::Site site) { return ballot(WaveOp::kBallotW64, pred, site); }
template <class T>
uint64_t wave_match(char const* name, T value, ::wavemma::simt::Site site) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8, "match_any/match_all take values up to 64 bits");
  uint64_t mine = 0;
  std::memcpy(&mine, &value, sizeof(T));
  uint64_t same = 0;
  for (int source = 0; source < wave_size(); ++source) // every lane reads every lane (a wave collective each)
    if (shuffle_any(name, mine, source, site) == mine) same |= 1ull << source;
  return same & wave_ballot(true, site); // lanes that have returned read as 0: not members
}

// The bits of `bits` at the positions set in `members`, packed from bit 0 (HIP's adjust_mask).
inline uint64_t pack_bits(uint64_t members, uint64_t bits) {
  uint64_t out = 0;
  for (int i = 0, k = 0; i < 64; ++i)
    if (members >> i & 1) out |= (bits >> i & 1) << k++;
  return out;
}
// The lane of the n-th (from 0) member of `members`; -1 if there is none.
inline int nth_member(uint64_t members, unsigned n) {
  for (int i = 0; i < 64; ++i)
    if (members >> i & 1 && n-- == 0) return i;
  return -1;
}

// The wave's lanes meet (a tile's or coalesced group's sync).
inline void wave_meet(char const* name, ::wavemma::simt::Site site) {
  uint32_t const in = 0;
  uint32_t out = 0;
  ::wavemma::simt::detail::permute(name, lane_id(), &in, &out, 1, site);
}

} // namespace wavemma::hip::detail

namespace cooperative_groups {

namespace internal {
// HIP's group types (hip_cooperative_groups_helper.h).
typedef enum { cg_invalid, cg_multi_grid, cg_grid, cg_workgroup, cg_tiled_group, cg_coalesced_group } group_type;
} // namespace internal

class thread_block;
class tiled_group;
class coalesced_group;

// Every group: its type, size and, for tiles and coalesced groups, the member lanes of the wave and
// the place among the parent's tiles. A group of any type converts to it (as HIP's derive from it).
class thread_group {
protected:
  uint32_t _type;
  uint32_t _size;
  uint64_t _mask; // tile and coalesced group: the member lanes of the wave (bit i: lane i)
  struct _tiled_info {
    bool is_tiled;
    unsigned int size;
    unsigned int meta_group_rank;
    unsigned int meta_group_size;
  };
  struct _coalesced_info {
    lane_mask member_mask;
    unsigned int size;
    _tiled_info tiled_info;
  } coalesced_info;

  explicit thread_group(internal::group_type type, uint32_t size = 0, uint64_t mask = 0)
      : _type(type), _size(size), _mask(mask), coalesced_info{mask, size, {false, size, 0, 1}} {}

  friend thread_group this_thread();
  friend thread_group tiled_partition(thread_group const& parent, unsigned int tile_size, ::wavemma::simt::Site site);
  friend thread_group tiled_partition(thread_block const& parent, unsigned int tile_size, ::wavemma::simt::Site site);

public:
  uint32_t size() const { return _size; }
  uint32_t num_threads() const { return _size; }
  unsigned int cg_type() const { return _type; }
  uint32_t thread_rank() const;
  bool is_valid() const;
  void sync(::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const;
};

// The grid of a launch: every thread of every block. sync() needs a cooperative launch
// (hipLaunchCooperativeKernel); is_valid() says whether the launch was one.
class grid_group : public thread_group {
  friend grid_group this_grid();

protected:
  explicit grid_group(uint32_t size) : thread_group(internal::cg_grid, size) {}

public:
  uint32_t thread_rank() const {
    auto const& l = ::wavemma::hip::detail::cg_lane();
    uint64_t const block =
        l.block_idx.x + uint64_t(l.grid_dim.x) * (l.block_idx.y + uint64_t(l.grid_dim.y) * l.block_idx.z);
    return uint32_t(block * l.block_dim.count() + ::wavemma::hip::detail::block_rank());
  }
  bool is_valid() const { return ::wavemma::simt::detail::grid_resident(); }
  void sync(::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    ::wavemma::simt::detail::grid_barrier("grid.sync()", site);
  }
  dim3 group_dim() const { return ::wavemma::hip::detail::cg_lane().block_dim; }
};

// The grids of a multi-device cooperative launch (hipLaunchCooperativeKernelMultiDevice, which is
// not emulated: one device). Here a multi-grid is this one grid, and never valid; its sync() stops
// the launch naming it.
class multi_grid_group : public thread_group {
  friend multi_grid_group this_multi_grid();

protected:
  explicit multi_grid_group(uint32_t size) : thread_group(internal::cg_multi_grid, size) {}

public:
  uint32_t num_grids() const { return 1; }
  uint32_t grid_rank() const { return 0; }
  uint32_t thread_rank() const;
  bool is_valid() const { return false; }
  void sync(::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    ::wavemma::hip::detail::no_multi_grid(site);
  }
};

inline grid_group this_grid() {
  auto const& l = ::wavemma::hip::detail::cg_lane();
  return grid_group(uint32_t(l.grid_dim.count() * l.block_dim.count()));
}

inline multi_grid_group this_multi_grid() {
  auto const& l = ::wavemma::hip::detail::cg_lane();
  return multi_grid_group(uint32_t(l.grid_dim.count() * l.block_dim.count()));
}
inline uint32_t multi_grid_group::thread_rank() const { return this_grid().thread_rank(); }

// The block: its threads, their ids, __syncthreads().
class thread_block : public thread_group {
  friend thread_block this_thread_block();
  friend thread_group tiled_partition(thread_group const& parent, unsigned int tile_size, ::wavemma::simt::Site site);
  friend thread_group tiled_partition(thread_block const& parent, unsigned int tile_size, ::wavemma::simt::Site site);

protected:
  explicit thread_block(uint32_t size) : thread_group(internal::cg_workgroup, size) {}
  thread_group new_tiled_group(unsigned int tile_size, ::wavemma::simt::Site site) const;

public:
  static dim3 group_index() { return ::wavemma::hip::detail::cg_lane().block_idx; }
  static dim3 thread_index() { return ::wavemma::hip::detail::cg_lane().thread_idx; }
  static uint32_t thread_rank() { return ::wavemma::hip::detail::block_rank(); }
  static uint32_t size() { return ::wavemma::hip::detail::block_size(); }
  static uint32_t num_threads() { return ::wavemma::hip::detail::block_size(); }
  static bool is_valid() { return true; }
  static void sync(::wavemma::simt::Site site = ::wavemma::simt::Site::current()) { __syncthreads(site); }
  dim3 group_dim() const { return ::wavemma::hip::detail::cg_lane().block_dim; }
  static dim3 dim_threads() { return ::wavemma::hip::detail::cg_lane().block_dim; }
};

inline thread_block this_thread_block() { return thread_block(::wavemma::hip::detail::block_size()); }

// A tile of the block made at run time (tiled_partition(group, n)): n consecutive threads of a wave.
class tiled_group : public thread_group {
  friend tiled_group tiled_partition(tiled_group const& parent, unsigned int tile_size, ::wavemma::simt::Site site);

protected:
  explicit tiled_group(unsigned int tile_size, uint32_t size, uint64_t mask, unsigned int meta_rank,
                       unsigned int meta_size)
      : thread_group(internal::cg_tiled_group, size, mask) {
    coalesced_info.tiled_info = {true, tile_size, meta_rank, meta_size};
  }
  static tiled_group make(unsigned int tile_size, unsigned int parent_rank, unsigned int parent_size) {
    unsigned const tiles = (parent_size + tile_size - 1) / tile_size;
    unsigned const first = parent_rank / tile_size * tile_size;
    unsigned const members = parent_size - first < tile_size ? parent_size - first : tile_size;
    int const base = ::wavemma::hip::detail::lane_id() / int(tile_size) * int(tile_size);
    uint64_t const mask = (members == 64 ? ~0ull : (1ull << members) - 1) << base;
    return tiled_group(tile_size, members, mask, parent_rank / tile_size, tiles);
  }
  friend class thread_block;

public:
  uint32_t size() const { return _size; }
  uint32_t num_threads() const { return _size; }
  uint32_t thread_rank() const { return ::wavemma::hip::detail::block_rank() & (coalesced_info.tiled_info.size - 1); }
  void sync(::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    ::wavemma::hip::detail::wave_meet("tiled_group::sync()", site);
  }
  unsigned int meta_group_rank() const { return coalesced_info.tiled_info.meta_group_rank; }
  unsigned int meta_group_size() const { return coalesced_info.tiled_info.meta_group_size; }
};

inline thread_group thread_block::new_tiled_group(unsigned int tile_size, ::wavemma::simt::Site site) const {
  int const wave = ::wavemma::hip::detail::wave_size();
  if (tile_size == 0 || (tile_size & (tile_size - 1)) != 0 || int(tile_size) > wave)
    ::wavemma::hip::detail::bad_tile_size("tiled_partition", tile_size, wave, site);
  return tiled_group::make(tile_size, thread_rank(), size());
}

// The lanes of the wave that reach coalesced_threads() (here: every live lane of the wave, since
// the call is a wave collective), and groups partitioned from it.
class coalesced_group : public thread_group {
  friend coalesced_group coalesced_threads(::wavemma::simt::Site site);
  friend coalesced_group tiled_partition(coalesced_group const& parent, unsigned int tile_size,
                                         ::wavemma::simt::Site site);
  friend coalesced_group binary_partition(coalesced_group const& group, bool pred, ::wavemma::simt::Site site);
  template <unsigned int, class>
  friend class thread_block_tile;

protected:
  explicit coalesced_group(lane_mask members)
      : thread_group(internal::cg_coalesced_group, uint32_t(__builtin_popcountll(members)), members) {}
  uint64_t members() const { return _mask; }

public:
  uint32_t size() const { return _size; }
  uint32_t num_threads() const { return _size; }
  uint32_t thread_rank() const { return uint32_t(__builtin_popcountll(_mask & ::wavemma::hip::detail::lanes_below())); }
  void sync(::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    ::wavemma::hip::detail::wave_meet("coalesced_group::sync()", site);
  }
  unsigned int meta_group_rank() const { return coalesced_info.tiled_info.meta_group_rank; }
  unsigned int meta_group_size() const { return coalesced_info.tiled_info.meta_group_size; }

  template <class T>
  T shfl(T var, int src_rank, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    int const lane = ::wavemma::hip::detail::nth_member(_mask, unsigned(src_rank % int(size())));
    return ::wavemma::hip::detail::shuffle_any("coalesced_group::shfl", var, lane, site);
  }
  // The member lane_delta members above (below) this one; a lane with none keeps its value.
  template <class T>
  T shfl_down(T var, unsigned int lane_delta, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    int lane = ::wavemma::hip::detail::nth_member(_mask, thread_rank() + lane_delta);
    if (lane < 0) lane = ::wavemma::hip::detail::lane_id();
    return ::wavemma::hip::detail::shuffle_any("coalesced_group::shfl_down", var, lane, site);
  }
  template <class T>
  T shfl_up(T var, unsigned int lane_delta, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    int lane = lane_delta > thread_rank() ? -1 : ::wavemma::hip::detail::nth_member(_mask, thread_rank() - lane_delta);
    if (lane < 0) lane = ::wavemma::hip::detail::lane_id();
    return ::wavemma::hip::detail::shuffle_any("coalesced_group::shfl_up", var, lane, site);
  }
  unsigned long long ballot(int pred, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    return ::wavemma::hip::detail::pack_bits(_mask, ::wavemma::hip::detail::wave_ballot(pred != 0, site));
  }
  int any(int pred, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    return (::wavemma::hip::detail::wave_ballot(pred != 0, site) & _mask) != 0;
  }
  int all(int pred, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    return (::wavemma::hip::detail::wave_ballot(pred != 0, site) & _mask) == _mask;
  }
  template <class T>
  unsigned long long match_any(T value, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    return ::wavemma::hip::detail::pack_bits(
        _mask, ::wavemma::hip::detail::wave_match("coalesced_group::match_any", value, site));
  }
  template <class T>
  unsigned long long match_all(T value, int& pred,
                               ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    bool const all = (::wavemma::hip::detail::wave_match("coalesced_group::match_all", value, site) & _mask) == _mask;
    pred = all;
    return all ? ::wavemma::hip::detail::pack_bits(_mask, _mask) : 0;
  }
};

inline coalesced_group coalesced_threads(::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  return coalesced_group(::wavemma::hip::detail::wave_ballot(true, site));
}

// The calling thread alone.
inline thread_group this_thread() {
  return thread_group(internal::cg_coalesced_group, 1, 1ull << ::wavemma::hip::detail::lane_id());
}

// --- thread_block_tile<N>: a tile of N threads (a power of two, at most the wave) --------------
template <unsigned int N, class ParentCGTy = void>
class thread_block_tile : public tiled_group {
  static_assert(N > 0 && (N & (N - 1)) == 0 && N <= 64,
                "Tile size is either not a power of 2 or greater than the wavefront size");
#if defined(__AMDGCN_WAVEFRONT_SIZE)
  static_assert(N <= __AMDGCN_WAVEFRONT_SIZE, "Tile size is greater than the wavefront size");
#endif
  template <unsigned int, class>
  friend class thread_block_tile;
  template <unsigned int M, class P>
  friend thread_block_tile<M, P> tiled_partition(P const& parent, ::wavemma::simt::Site site);

  // The tile's lanes in the wave, as a mask.
  static uint64_t tile_mask() {
    int const base = ::wavemma::hip::detail::lane_id() / int(N) * int(N);
    return (N == 64 ? ~0ull : (1ull << N) - 1) << base;
  }

protected:
  thread_block_tile(unsigned int meta_rank, unsigned int meta_size)
      : tiled_group(N, N, tile_mask(), meta_rank, meta_size) {}
  static thread_block_tile make(::wavemma::simt::Site site) {
    int const wave = ::wavemma::hip::detail::wave_size();
    if (int(N) > wave) ::wavemma::hip::detail::bad_tile_size("tiled_partition", N, wave, site);
    uint32_t const rank = ::wavemma::hip::detail::block_rank(), size = ::wavemma::hip::detail::block_size();
    return thread_block_tile(rank / N, (size + N - 1) / N);
  }

public:
  // A tile of a known parent converts to thread_block_tile<N> (ParentCGTy = void), as in HIP.
  template <class P>
  thread_block_tile(thread_block_tile<N, P> const& other)
      : tiled_group(N, N, other._mask, other.meta_group_rank(), other.meta_group_size()) {}

  static constexpr unsigned int num_threads() { return N; }
  static constexpr unsigned int size() { return N; }
  static unsigned int thread_rank() { return ::wavemma::hip::detail::block_rank() & (N - 1); }
  unsigned int meta_group_rank() const { return coalesced_info.tiled_info.meta_group_rank; }
  unsigned int meta_group_size() const { return coalesced_info.tiled_info.meta_group_size; }
  static void sync(::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
    ::wavemma::hip::detail::wave_meet("thread_block_tile::sync()", site);
  }

  // HIP's __shfl family with the tile as the width.
  template <class T>
  T shfl(T var, int src_rank, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    return ::wavemma::hip::detail::shuffle_any("thread_block_tile::shfl", var,
                                               ::wavemma::hip::shfl_source(src_rank, int(N)), site);
  }
  template <class T>
  T shfl_down(T var, unsigned int lane_delta, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    return ::wavemma::hip::detail::shuffle_any("thread_block_tile::shfl_down", var,
                                               ::wavemma::hip::shfl_down_source(lane_delta, int(N)), site);
  }
  template <class T>
  T shfl_up(T var, unsigned int lane_delta, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    return ::wavemma::hip::detail::shuffle_any("thread_block_tile::shfl_up", var,
                                               ::wavemma::hip::shfl_up_source(lane_delta, int(N)), site);
  }
  template <class T>
  T shfl_xor(T var, unsigned int lane_mask, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    return ::wavemma::hip::detail::shuffle_any("thread_block_tile::shfl_xor", var,
                                               ::wavemma::hip::shfl_xor_source(int(lane_mask), int(N)), site);
  }

  // Bit i of the result: the tile's thread of rank i.
  unsigned long long ballot(int pred, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    return ::wavemma::hip::detail::pack_bits(tile_mask(), ::wavemma::hip::detail::wave_ballot(pred != 0, site));
  }
  int any(int pred, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    return (::wavemma::hip::detail::wave_ballot(pred != 0, site) & tile_mask()) != 0;
  }
  int all(int pred, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    uint64_t const members = tile_mask() & ::wavemma::hip::detail::wave_ballot(true, site);
    return (::wavemma::hip::detail::wave_ballot(pred != 0, site) & members) == members;
  }
  template <class T>
  unsigned long long match_any(T value, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    return ::wavemma::hip::detail::pack_bits(
        tile_mask(), ::wavemma::hip::detail::wave_match("thread_block_tile::match_any", value, site));
  }
  template <class T>
  unsigned long long match_all(T value, int& pred,
                               ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) const {
    uint64_t const same = ::wavemma::hip::detail::wave_match("thread_block_tile::match_all", value, site);
    uint64_t const members = tile_mask() & ::wavemma::hip::detail::wave_ballot(true, site);
    bool const all = (same & members) == members;
    pred = all;
    return all ? ::wavemma::hip::detail::pack_bits(tile_mask(), members) : 0;
  }
};

// tiled_partition<N>(this_thread_block()): the calling thread's tile of N.
template <unsigned int N, class ParentCGTy>
thread_block_tile<N, ParentCGTy> tiled_partition(ParentCGTy const&,
                                                 ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  static_assert(std::is_same_v<ParentCGTy, thread_block>, "tiled_partition<N> partitions a thread_block");
  return thread_block_tile<N, ParentCGTy>::make(site);
}

// tiled_partition(group, n) at run time: n a power of two, at most the wave.
inline thread_group tiled_partition(thread_block const& parent, unsigned int tile_size,
                                    ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  return parent.new_tiled_group(tile_size, site);
}
inline tiled_group tiled_partition(tiled_group const& parent, unsigned int tile_size,
                                   ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  int const wave = ::wavemma::hip::detail::wave_size();
  if (tile_size == 0 || (tile_size & (tile_size - 1)) != 0 || int(tile_size) > wave)
    ::wavemma::hip::detail::bad_tile_size("tiled_partition", tile_size, wave, site);
  if (parent.size() <= tile_size) return parent;
  return tiled_group::make(tile_size, parent.thread_rank(), parent.size());
}
inline coalesced_group tiled_partition(coalesced_group const& parent, unsigned int tile_size,
                                       ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  if (tile_size == 0 || (tile_size & (tile_size - 1)) != 0) return coalesced_group(0);
  (void)site;
  // The members of rank [first, first + tile_size) of the parent.
  unsigned const first = parent.thread_rank() / tile_size * tile_size;
  uint64_t members = 0;
  for (unsigned r = first; r < first + tile_size && r < parent.size(); ++r)
    members |= 1ull << ::wavemma::hip::detail::nth_member(parent.members(), r);
  coalesced_group g(members);
  g.coalesced_info.tiled_info = {true, tile_size, parent.thread_rank() / tile_size,
                                 (parent.size() + tile_size - 1) / tile_size};
  return g;
}
inline thread_group tiled_partition(thread_group const& parent, unsigned int tile_size,
                                    ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  switch (parent.cg_type()) {
  case internal::cg_tiled_group:
    return tiled_partition(static_cast<tiled_group const&>(parent), tile_size, site);
  case internal::cg_coalesced_group:
    return tiled_partition(static_cast<coalesced_group const&>(parent), tile_size, site);
  default:
    return static_cast<thread_block const&>(parent).new_tiled_group(tile_size, site);
  }
}

// binary_partition: the members whose predicate is the caller's.
inline coalesced_group binary_partition(coalesced_group const& group, bool pred,
                                        ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  uint64_t const yes = ::wavemma::hip::detail::wave_ballot(pred, site) & group.members();
  return coalesced_group(pred ? yes : group.members() ^ yes);
}

// --- thread_group's members, by the group's type -------------------------------------------------
inline uint32_t thread_group::thread_rank() const {
  switch (_type) {
  case internal::cg_multi_grid:
  case internal::cg_grid:
    return static_cast<grid_group const*>(this)->thread_rank();
  case internal::cg_workgroup:
    return thread_block::thread_rank();
  case internal::cg_tiled_group:
    return static_cast<tiled_group const*>(this)->thread_rank();
  default:
    return static_cast<coalesced_group const*>(this)->thread_rank();
  }
}
inline bool thread_group::is_valid() const {
  if (_type == internal::cg_grid) return ::wavemma::simt::detail::grid_resident();
  return _type != internal::cg_invalid && _type != internal::cg_multi_grid;
}
inline void thread_group::sync(::wavemma::simt::Site site) const {
  switch (_type) {
  case internal::cg_multi_grid:
    ::wavemma::hip::detail::no_multi_grid(site);
  case internal::cg_grid:
    ::wavemma::simt::detail::grid_barrier("grid.sync()", site);
    break;
  case internal::cg_workgroup:
    __syncthreads(site);
    break;
  case internal::cg_tiled_group:
    ::wavemma::hip::detail::wave_meet("tiled_group::sync()", site);
    break;
  default:
    if (_size > 1) ::wavemma::hip::detail::wave_meet("coalesced_group::sync()", site);
    break;
  }
}

template <class CGTy>
uint32_t group_size(CGTy const& g) {
  return g.size();
}
template <class CGTy>
uint32_t thread_rank(CGTy const& g) {
  return g.thread_rank();
}
template <class CGTy>
bool is_valid(CGTy const& g) {
  return g.is_valid();
}
template <class CGTy>
void sync(CGTy const& g, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  g.sync(site);
}

} // namespace cooperative_groups
