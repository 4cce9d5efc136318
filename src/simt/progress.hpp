#pragma once
// Forward progress as a GPU gives it. Lanes of a block run one at a time on their OS thread, so a
// lane that spins on a flag would keep the thread from the lanes that set it: at atomics a lane
// lets the others of its block run (lane.hpp: at_atomic), and a block whose lanes only spin (for
// 10 ms, while no block of the grid finishes) lets the launch start another OS thread for the
// grid's remaining blocks, as a GPU keeps many blocks resident (a block may wait on a later one,
// with WAVEMMA_THREADS=1 too).
//
// The watchdog (WAVEMMA_WATCHDOG seconds, default 300, 0: off) stops a launch that truly cannot
// progress: a block whose lanes have only spun at atomics for that long fails the launch with
// hipErrorLaunchTimeOut naming its spinning lanes; an OS thread whose running lane has not
// reached any point where wavemma switches lanes (a spin on a plain or volatile load) for that
// long ends the process with one line naming kernel, block, wave and lane.

#include "wavemma/simt/runtime.hpp"

#include <atomic>
#include <cstdint>

namespace wavemma::simt::detail {

struct Grid;
struct LaneContext;

// What the watchdog sees of an OS thread that runs blocks (one slot per thread, written by it).
struct alignas(64) Activity {
  std::atomic<uint64_t> passes{0};       // scheduler passes of its current block
  std::atomic<int64_t> spin_since_ns{0}; // when its block's lanes began to only spin (0: they do not)
  std::atomic<bool> busy{false};         // running a block
  LaneContext* const* running = nullptr; // the thread's current_lane
  char where[256] = {};                  // "kernel k, block (x,y,z)"
};
Activity& this_thread_activity();

void watch(Grid*);     // the launch the watchdog watches (nullptr: none)
int64_t now_ns();      // steady clock
bool watchdog_fired(); // the watched launch has spun for WAVEMMA_WATCHDOG seconds

} // namespace wavemma::simt::detail
