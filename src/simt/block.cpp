// The block scheduler: lanes as fibers, collectives completed when a wave has met, barriers,
// and the reports of everything that would hang a GPU or give it undefined results.

#include "block.hpp"
#include "environment.hpp"
#include "faults.hpp"
#include "progress.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <fmt/format.h>
#include <stdexcept>
#include <thread>

namespace wavemma::simt::detail {

void Grid::fail(Status status, std::string message) {
  std::lock_guard lock(mutex);
  if (error.ok()) error = {status, std::move(message)};
  failed = true;
}

Block::Block(Grid& grid, uint64_t linear, std::byte* dynamic_shared)
    : lockstep_memory(env_lockstep_memory()), grid_(grid) {
  Dim3 const g = grid.dims, b = grid.block_dim;
  index_ = Dim3(static_cast<uint32_t>(linear % g.x), static_cast<uint32_t>(linear / g.x % g.y),
                static_cast<uint32_t>(linear / (uint64_t(g.x) * g.y)));
  int const threads = static_cast<int>(b.count()), w = wave_size();
  lanes.resize(size_t(threads));
  waves.resize(size_t((threads + w - 1) / w));
  for (int t = 0; t < threads; ++t) {
    Lane& l = lanes[size_t(t)];
    l.thread_idx = Dim3(static_cast<uint32_t>(t % int(b.x)), static_cast<uint32_t>(t / int(b.x) % int(b.y)),
                        static_cast<uint32_t>(t / int(b.x * b.y)));
    l.block_idx = index_;
    l.block_dim = b;
    l.grid_dim = g;
    l.lane = static_cast<uint32_t>(t % w);
    l.wave_size = static_cast<uint32_t>(w);
    l.dynamic_shared = dynamic_shared;
    l.block = this;
    l.id = t;
    l.wave = t / w;
  }
  for (size_t i = 0; i < waves.size(); ++i) {
    waves[i].index = static_cast<int>(i);
    waves[i].first = static_cast<int>(i) * w;
    waves[i].size = std::min(w, threads - waves[i].first);
    waves[i].live = waves[i].size;
  }
  live = threads;
}

std::string Block::where(int wave) const {
  return fmt::format("kernel {}, block ({},{},{}), wave {}", grid_.kernel, index_.x, index_.y, index_.z, wave);
}

void Block::fail(Status status, std::string message) {
  if (failed_) return;
  failed_ = true;
  grid_.fail(status, std::move(message));
}

void Block::start(Lane& l) {
  l.fiber = Fiber(std::allocator_arg, PooledStack{&StackPool::local()}, [&l](Fiber&& from) {
    Block& b = *l.block;
    // Boost.Context's ucontext fibers (the ASan build) run a fiber destroyed before it started;
    // such a lane returns at once.
    if (b.aborting_) return std::move(from);
    b.slot(b.previous_) = std::move(from);
    l.stack_top = static_cast<char const*>(__builtin_frame_address(0));
    try {
      b.grid().code.call(b.grid().code.self);
    } catch (ForcedUnwind const&) {
      throw; // the block is being torn down: let Boost.Context unwind this stack
    } catch (std::exception const& e) {
      b.fail(Status::kLaunchFailure,
             fmt::format("{}: lane {} threw an exception: {}", b.where(l.wave), l.lane, e.what()));
    } catch (...) {
      b.fail(Status::kLaunchFailure, fmt::format("{}: lane {} threw an exception", b.where(l.wave), l.lane));
    }
    l.state = LaneState::kExited;
    --b.live;
    --b.waves[size_t(l.wave)].live;
    return b.leave(l.id);
  });
}

// A lane that returned hands over to the next ready lane (or the scheduler); Boost.Context frees
// its stack.
Fiber Block::leave(int self) {
  int const next = next_ready(self);
  previous_ = self;
  running_ = next;
  current_lane = next < 0 ? nullptr : &lanes[size_t(next)];
  return std::move(slot(next));
}

void Block::run() {
  enter_block(grid_.kernel, index_);
  struct Leave {
    ~Leave() { leave_block(); }
  } const leave;
  Activity& activity = this_thread_activity();
  *fmt::format_to_n(activity.where, sizeof activity.where - 1, "kernel {}, block ({},{},{})", grid_.kernel, index_.x,
                    index_.y, index_.z)
       .out = '\0';
  activity.busy.store(true, std::memory_order_relaxed);
  struct Idle {
    Activity& a;
    ~Idle() {
      a.busy.store(false, std::memory_order_relaxed);
      a.spin_since_ns.store(0, std::memory_order_relaxed);
    }
  } const idle{activity};
  for (auto& l : lanes) start(l);
  for (;;) {
    // One pass: every ready lane runs until it blocks, yields or returns, in lane order.
    int const live_before = live;
    if (int const first = next_ready(-1); first >= 0) transfer(first);
    activity.passes.store(activity.passes.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    if (failed_ || grid_.failed) return abort(); // this block or another one failed: stop promptly
    bool progressed = live != live_before;
    for (auto& w : waves) {
      if (w.arrived > 0) progressed |= complete(w);
      if (failed_) return abort();
    }
    if (live == 0) return;
    if (progressed || release_barrier()) {
      if (idle_passes_) {
        idle_passes_ = 0;
        spin_since_ = 0;
        activity.spin_since_ns.store(0, std::memory_order_relaxed);
      }
      continue;
    }
    if (failed_) return abort();
    if (next_ready(-1) >= 0) { // lanes that yielded at atomics: they spin, or work between atomics
      if (spin()) continue;
      return abort();
    }
    report_stall();
    return abort();
  }
}

// A spin of 10 ms during which no block of the grid finished lets the launch start another OS
// thread (for the block, or blocks, that the spinning lanes may wait on; a block that merely does
// many atomics rarely goes that long while no other block finishes); the watchdog ends a spin
// that lasts.
bool Block::spin() {
  if (++idle_passes_ % 64 != 1) return true;
  int64_t const now = now_ns();
  if (!spin_since_) {
    spin_since_ = now;
    done_at_spin_ = grid_.done_blocks.load(std::memory_order_relaxed);
    this_thread_activity().spin_since_ns.store(now, std::memory_order_relaxed);
    return true;
  }
  if (!asked_thread_ && now - spin_since_ > 10'000'000 && grid_.add_thread &&
      grid_.done_blocks.load(std::memory_order_relaxed) == done_at_spin_) {
    asked_thread_ = true;
    grid_.add_thread(grid_);
  }
  if (idle_passes_ > 64) std::this_thread::yield();
  if (!watchdog_fired()) return true;
  for (auto const& w : waves) {
    std::vector<int> spinning;
    for (int i = 0; i < w.size; ++i)
      if (lanes[size_t(w.first + i)].state == LaneState::kReady) spinning.push_back(i);
    if (spinning.empty()) continue;
    fail(Status::kLaunchTimeOut,
         fmt::format("{}: {} spin at atomics with no lane of the launch progressing for {} s (WAVEMMA_WATCHDOG)",
                     where(w.index), lanes_text(spinning), env_watchdog()));
    return false;
  }
  return true;
}

void Block::yield(Lane& l) { transfer(next_ready(l.id)); }

// Steps go round the block's ready lanes without ending the scheduler's pass: to the scheduler,
// a lane that steps runs on, as a lane did before lockstep (spin detection and the watchdog are
// the same).
void Block::step(Lane& l) {
  int next = next_ready(l.id);
  if (next < 0) next = next_ready(-1);
  if (next != l.id) transfer(next);
}

void yield_lane() {
  Lane& l = this_lane("an atomic");
  l.block->yield(l);
}

// --- a wave's lockstep through memory ----------------------------------------------------------
// On a GPU a wave executes each instruction for all its lanes before the next one, and programs
// rely on it: a lane stores, then reads what the other lanes of its wave stored, with no barrier
// (rocWMMA's simple_dlrm, warp-synchronous reductions). wavemma-hipcc compiles device code with
// clang's -fsanitize-coverage=trace-loads,trace-stores, which calls the functions below before
// every load and store that remains after optimization; accesses to the lane's own stack do not
// count.
// A lane's accesses alternate between loads and runs of stores, and it lets the other lanes run:
// - before the first store of a run, so that every lane of its wave has made the loads that come
//   before it in program order;
// - before the first load after a run, so that every lane has made the stores that come before it.
//   After a run of one store the load runs on when it overlaps no store that a lane of its wave
//   waits to make (those lanes wait in at_store, where the address is known): a copy loop that
//   loads from one buffer and stores to another then takes one switch per element, not two.
// For lanes that take the same path, each load then sees every store of its wave that precedes it
// in program order and none that follows it. Lanes that diverge (a loop that runs longer in some)
// meet again only at their next step, a collective or a barrier. Host code is not instrumented;
// the functions return at once outside a kernel.
namespace {

// An access to the lane's own stack (from the frame of the callback up to the top of its fiber
// stack), or to its record (at_atomic's count, lane.hpp): no other lane sees it.
[[gnu::always_inline]] inline bool private_to(Lane const& l, uintptr_t a) {
  return (a >= reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) &&
          a < reinterpret_cast<uintptr_t>(l.stack_top)) ||
         a - reinterpret_cast<uintptr_t>(&l) < sizeof(Lane);
}

[[gnu::always_inline]] inline void at_store(void const* address, uintptr_t bytes) {
  if (current_lane == nullptr) return;
  Lane& l = *static_cast<Lane*>(current_lane);
  if (!l.block->lockstep_memory || l.depositing) return;
  auto const a = reinterpret_cast<uintptr_t>(address);
  if (private_to(l, a)) return;
  using enum Lane::Phase;
  if (l.phase == kOneStore || l.phase == kStores) { // a further store of the run
    l.phase = kStores;
    return;
  }
  Wave& w = l.block->waves[size_t(l.wave)];
  ++w.waiting_stores;
  w.stores_from = std::min(w.stores_from, a);
  w.stores_to = std::max(w.stores_to, a + bytes);
  l.block->step(l);
  if (--w.waiting_stores == 0) w.stores_from = UINTPTR_MAX, w.stores_to = 0;
  l.phase = kOneStore;
}

[[gnu::always_inline]] inline void at_load(void const* address, uintptr_t bytes) {
  using enum Lane::Phase;
  if (LaneContext* c = current_lane; c && static_cast<Lane*>(c)->phase != kLoads) [[unlikely]] {
    Lane& l = *static_cast<Lane*>(c);
    auto const a = reinterpret_cast<uintptr_t>(address);
    if (private_to(l, a)) return;
    if (l.phase != kStores) { // after a run of one store: on, unless a waiting store overlaps
      l.phase = kLoadsAfterOne;
      Wave const& w = l.block->waves[size_t(l.wave)];
      if (a + bytes <= w.stores_from || a >= w.stores_to) return;
    }
    l.phase = kLoads;
    l.block->step(l);
  }
}

} // namespace
} // namespace wavemma::simt::detail

// The callbacks of -fsanitize-coverage=trace-loads,trace-stores (one per access size). They are
// defined here, in an object every program that launches a kernel links, so that they take
// precedence over the weak empty ones of a sanitizer runtime.
extern "C" {
#define WAVEMMA_ACCESS_CALLBACKS(bytes, type)                                                                          \
  void __sanitizer_cov_load##bytes(type* p) { ::wavemma::simt::detail::at_load(p, bytes); }                            \
  void __sanitizer_cov_store##bytes(type* p) { ::wavemma::simt::detail::at_store(p, bytes); }
WAVEMMA_ACCESS_CALLBACKS(1, uint8_t)
WAVEMMA_ACCESS_CALLBACKS(2, uint16_t)
WAVEMMA_ACCESS_CALLBACKS(4, uint32_t)
WAVEMMA_ACCESS_CALLBACKS(8, uint64_t)
WAVEMMA_ACCESS_CALLBACKS(16, __int128)
#undef WAVEMMA_ACCESS_CALLBACKS
}

namespace wavemma::simt::detail {

// Completes a wave's collective when every live lane of the wave waits at it.
bool Block::complete(Wave& w) {
  // Every live lane arrived at the collective the first one opened (arrive counts and compares).
  if (w.arrived != w.live || w.mismatch) return false;
  // clang-format off
  using Completion = bool (*)(Block&, Wave&);
  constexpr Completion kCompletions[] = {
    /* kBarrier       */ nullptr, // the block's, not the wave's: release_barrier
    /* kPermute       */ complete_permute,
    /* kReadFirstLane */ complete_read_first_lane,
    /* kMatrix        */ complete_matrix,
    /* kTranspose     */ complete_transpose,
    /* kWaveOp        */ complete_wave_op,
  };
  // clang-format on
  Completion const completion = kCompletions[static_cast<int>(w.wait.kind)];
  if (!completion || !completion(*this, w)) return false;
  w.arrived = 0;
  w.mismatch = false;
  for (int i = 0; i < w.size; ++i)
    if (Lane& l = lanes[size_t(w.first + i)]; l.state == LaneState::kWaiting) l.state = LaneState::kReady;
  return true;
}

// Releases the barrier when every live thread waits at one. A wave whose lanes have all returned
// takes no part, as on AMD's GPUs (s_barrier waits only on the waves of the workgroup that have
// not terminated [DOC: AMD's ISA guides, S_BARRIER]); a
// thread that has returned while others of its wave wait is an error (HIP requires every thread of
// the block to reach __syncthreads).
bool Block::release_barrier() {
  if (at_barrier == 0 || at_barrier != live) return false;
  Lane const* waiting = nullptr;
  for (auto const& l : lanes)
    if (l.state == LaneState::kWaiting) {
      waiting = &l;
      break;
    }
  for (auto const& w : waves) {
    if (w.live == w.size || w.live == 0) continue;
    std::vector<int> exited;
    for (int i = 0; i < w.size; ++i)
      if (lanes[size_t(w.first + i)].state == LaneState::kExited) exited.push_back(i);
    if (exited.empty()) continue;
    fail(Status::kLaunchFailure, fmt::format("{}: {} returned without reaching {}, where the block's other threads "
                                             "wait (every thread of a block must reach it)",
                                             where(w.index), lanes_text(exited), op_text(waiting->wait)));
    return false;
  }
  for (auto& l : lanes)
    if (l.state == LaneState::kWaiting) l.state = LaneState::kReady;
  at_barrier = 0;
  return true;
}

// Groups a wave's lanes by where they are.
std::string Block::describe(Wave const& w) const {
  std::vector<std::pair<std::string, std::vector<int>>> groups; // text -> lanes, in lane order
  for (int i = 0; i < w.size; ++i) {
    Lane const& l = lanes[size_t(w.first + i)];
    std::string text;
    if (l.state == LaneState::kExited) {
      text = "have returned";
    } else if (l.wait.kind == OpKind::kBarrier) {
      text = "are at " + op_text(l.wait);
    } else {
      text = "reached " + op_text(l.wait);
    }
    auto it = std::find_if(groups.begin(), groups.end(), [&](auto const& g) { return g.first == text; });
    if (it == groups.end())
      groups.push_back({text, {i}});
    else
      it->second.push_back(i);
  }
  std::string out;
  for (auto& [text, members] : groups) {
    std::string t = text;
    if (members.size() == 1) { // singular verbs
      if (t.starts_with("have ")) t = "has " + t.substr(5);
      if (t.starts_with("are ")) t = "is " + t.substr(4);
    }
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", lanes_text(members), t);
  }
  return out;
}

// Nothing can run and nothing can complete: name the first wave whose lanes are apart.
void Block::report_stall() {
  for (auto const& w : waves) {
    bool any_waiting = false, apart = false;
    Wait const* first = nullptr;
    for (int i = 0; i < w.size; ++i) {
      Lane const& l = lanes[size_t(w.first + i)];
      if (l.state != LaneState::kWaiting) continue;
      any_waiting = true;
      if (!first)
        first = &l.wait;
      else if (!(l.wait == *first))
        apart = true;
    }
    if (any_waiting && apart) {
      fail(Status::kLaunchFailure, fmt::format("{}: {}", where(w.index), describe(w)));
      return;
    }
  }
  for (auto const& w : waves) { // lanes at a collective while others of the block are at a barrier
    for (int i = 0; i < w.size; ++i)
      if (lanes[size_t(w.first + i)].state == LaneState::kWaiting &&
          lanes[size_t(w.first + i)].wait.kind != OpKind::kBarrier) {
        fail(Status::kLaunchFailure,
             fmt::format("{}: {}, while the block's other threads wait at a barrier", where(w.index), describe(w)));
        return;
      }
  }
  fail(Status::kLaunchFailure, fmt::format("{}: no thread can progress", where(0)));
}

// Unwinds every suspended lane (Boost.Context throws forced_unwind at its suspension point).
void Block::abort() {
  aborting_ = true;
  for (auto& l : lanes) {
    if (!l.fiber) continue;
    current_lane = &l;
    running_ = l.id;
    l.fiber = Fiber();
  }
  current_lane = nullptr;
  running_ = -1;
}

std::string lanes_text(std::vector<int> const& lanes) {
  std::string out;
  for (size_t i = 0; i < lanes.size();) {
    size_t j = i;
    while (j + 1 < lanes.size() && lanes[j + 1] == lanes[j] + 1) ++j;
    out += out.empty() ? "" : ",";
    out += j == i ? fmt::format("{}", lanes[i]) : fmt::format("{}-{}", lanes[i], lanes[j]);
    i = j + 1;
  }
  return (lanes.size() == 1 ? "lane " : "lanes ") + out;
}

std::string op_text(Wait const& w) {
  std::string_view file = w.site.file_name();
  if (auto slash = file.rfind('/'); slash != std::string_view::npos) file.remove_prefix(slash + 1);
  if (file.empty()) return w.name;
  return fmt::format("{} ({}:{})", w.name, file, w.site.line());
}

} // namespace wavemma::simt::detail
