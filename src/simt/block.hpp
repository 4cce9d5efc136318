#pragma once
// A launch (Grid), one block of it, its waves and its lanes. A block runs on one OS thread: its
// lanes are fibers run round-robin; each runs until it reaches a barrier or a collective, or
// returns (or steps, block.cpp: the lockstep through memory), and hands the thread to the next
// ready lane (the last one to the scheduler, except at a step; the last
// thread of a full block at a barrier releases it and hands over to thread 0). When no lane can
// run, the scheduler completes every wave whose live lanes all wait at the same collective,
// releases a barrier that every live thread has reached, or reports why nothing can progress.

#include "fiber.hpp"
#include "wavemma/emu/emulator.hpp"
#include "wavemma/isa/arch.hpp"
#include "wavemma/simt/lane.hpp"
#include "wavemma/simt/runtime.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <mutex>
#include "wavemma/simt/site.hpp"
#include <string>
#include <string_view>
#include <vector>

namespace wavemma::simt::detail {

struct Grid {
  std::string_view kernel;
  Dim3 dims, block_dim;
  size_t dynamic_shared = 0;
  KernelRef code;
  Target target;
  uint64_t blocks = 0;
  std::atomic<uint64_t> next_block{0};
  std::atomic<uint64_t> done_blocks{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  Error error; // the first failure
  // Another OS thread for the grid's remaining blocks, asked for by a block whose lanes only spin
  // (launch.cpp; progress.hpp).
  void (*add_thread)(Grid&) = nullptr;

  // A resident launch (runtime.hpp): every block on a thread of its own, and the grid barrier.
  bool resident = false;
  struct Barrier {
    std::mutex mutex;
    std::condition_variable released;
    uint64_t arrived = 0;       // blocks waiting at the open grid barrier
    uint64_t finished = 0;      // blocks that have returned
    uint64_t generation = 0;    // grid barriers released so far
    std::string what;           // the barrier the first waiting block is at: "grid.sync() (k.hip:12)"
    std::string first_returned; // "block (3,0,0)"
  } barrier;

  void fail(Status, std::string message);
};

enum class OpKind : uint8_t { kBarrier, kPermute, kReadFirstLane, kMatrix, kTranspose, kWaveOp };

// Where a lane waits. Lanes of a wave meet when their Waits are equal: the same operation (and
// immediates) from the same call site.
struct Wait {
  OpKind kind = OpKind::kBarrier;
  int op = 0;          // kMatrix: builtin index; kTranspose: TransposeLoad; kPermute: words; kWaveOp: WaveOp
  uint64_t detail = 0; // kMatrix: the immediates, packed; kWaveOp: its immediates
  char const* name = "";
  ::wavemma::simt::Site site;
  bool operator==(Wait const& o) const;
};

enum class LaneState : uint8_t { kReady, kWaiting, kExited };

class Block;

struct Lane : LaneContext {
  Block* block = nullptr;
  int id = 0;   // linear thread id in the block
  int wave = 0; // wave index in the block
  LaneState state = LaneState::kReady;
  Wait wait;
  Fiber fiber;                     // the lane's continuation while it does not run
  char const* stack_top = nullptr; // near the top of its fiber stack (faults.cpp: an overflow)
  uint64_t grid_barriers = 0;      // grid barriers this lane has passed
  // Where the lane is in the lockstep through memory (block.cpp): loads since its last step at a
  // load or a collective (they run on), a run of one store or of more, or loads after a run of one
  // store that no waiting store overlapped.
  enum class Phase : uint8_t { kLoads, kOneStore, kStores, kLoadsAfterOne } phase = Phase::kLoads;
  bool depositing = false; // between matrix_arrive and matrix_result: its stores are the runtime's
};

// VGPRs per lane of a matrix builtin's operands (0: no catalog instruction).
struct MatrixShape {
  int a = 0, b = 0, c = 0, d = 0; // d: the builtin's result (SWMMAC: C's registers, D written in place)
  int d_written = 0;              // the instruction's D VGPRs; the rest of the result keeps C (gfx1250
                                  // swmmac_bf16f32: 4 of 8)
  bool sparse = false, scaled = false;
  // Words a lane deposits: A, B, C, then two each for the index and the two scales (gfx950
  // v_mfma_scale_*: one VGPR each; gfx1250: an index pair, scale16's pairs).
  int staged() const { return a + b + c + 6; }
};

struct Wave {
  int index = 0, first = 0,
      size = 0;          // size: threads that exist (< the wave size in a partial last wave)
  int arrived = 0;       // lanes at the wave's open collective (counted by arrive)
  bool mismatch = false; // one of them reached another collective than the first
  int live = 0;          // lanes that have not returned
  Wait wait;             // the collective the first arrival opened
  // What the lanes deposit, lane-major ([lane * words, (lane + 1) * words)), and what they take
  // back; the outputs stay until the wave's next completion, by which time every lane has read.
  std::vector<uint32_t> in, out;
  MatrixShape shape;                 // kMatrix
  std::vector<int> source;           // kPermute: each lane's source lane
  std::vector<void const*> pointers; // kTranspose: each lane's address
  // Lockstep through memory (block.cpp): the stores its lanes wait to make, and the bytes they span.
  int waiting_stores = 0;
  uintptr_t stores_from = UINTPTR_MAX, stores_to = 0;
};

class Block {
public:
  Block(Grid&, uint64_t linear_index, std::byte* dynamic_shared);
  Block(Block const&) = delete;
  Block& operator=(Block const&) = delete;
  void run();

  // Called by a lane: opens or joins its wave's collective. Returns false when the lane joined a
  // different collective than the wave's first arrival (it deposits nothing; the scheduler will
  // report the divergence).
  bool arrive(Lane&, Wait const&);
  // Called by a lane: waits until the collective (or barrier) it arrived at has completed.
  void suspend(Lane&);
  // Called by a lane at a barrier: counts it there and waits until the barrier is released.
  void wait_at_barrier(Lane&);
  void fail(Status, std::string message);
  void yield(Lane&);                 // at an atomic: lets the block's other lanes run
  void step(Lane&);                  // at a store, or a load after one: lets them run (lockstep)
  std::string where(int wave) const; // "kernel k, block (3,1,0), wave 2"
  int wave_size() const { return grid_.target.wave; }
  Grid const& grid() const { return grid_; }
  Grid& grid() { return grid_; }

  std::vector<Lane> lanes;
  std::vector<Wave> waves;
  int live = 0;               // threads that have not returned
  int at_barrier = 0;         // threads waiting at a barrier
  uint64_t grid_barriers = 0; // grid barriers the block has waited at (its first lane past each waits)
  bool const lockstep_memory; // WAVEMMA_LOCKSTEP (environment.hpp)
  Dim3 index() const { return index_; }

private:
  void start(Lane&);
  Fiber& slot(int who) { return who < 0 ? scheduler_ : lanes[size_t(who)].fiber; }
  int next_ready(int after) const;
  void transfer(int target);
  Fiber leave(int self);
  bool complete(Wave&);
  bool release_barrier();
  void report_stall();
  bool spin(); // a pass in which lanes only yielded; false once the launch has failed
  void abort();
  std::string describe(Wave const&) const;

  Grid& grid_;
  Dim3 index_;
  bool failed_ = false, aborting_ = false;
  // Lanes hand the OS thread to one another: `running_` runs (-1: the scheduler), `previous_`
  // ran before it and finds its continuation in its slot.
  Fiber scheduler_;
  int running_ = -1, previous_ = -1;
  uint64_t idle_passes_ = 0; // consecutive passes in which lanes only yielded
  int64_t spin_since_ = 0;
  uint64_t done_at_spin_ = 0; // the grid's finished blocks when the spin began
  bool asked_thread_ = false;
};

inline Lane& this_lane(char const* what) { return static_cast<Lane&>(const_cast<LaneContext&>(lane(what))); }

// --- the lanes' hot path, inline ----------------------------------------------------------------

inline bool Wait::operator==(Wait const& o) const {
  // Lanes at one call site share the file name's storage: compare the text only when they do not.
  return kind == o.kind && op == o.op && detail == o.detail && site.line() == o.site.line() &&
         site.column() == o.site.column() &&
         (site.file_name() == o.site.file_name() || std::strcmp(site.file_name(), o.site.file_name()) == 0);
}

[[gnu::always_inline]] inline int Block::next_ready(int after) const {
  if (failed_) return -1;
  for (size_t i = size_t(after + 1); i < lanes.size(); ++i)
    if (lanes[i].state == LaneState::kReady) return static_cast<int>(i);
  return -1;
}

// Starts loading the saved registers and innermost frames of a suspended lane, so that they are
// in the cache when it resumes: lanes run round-robin, and by the time a lane resumes the 100 or
// so that ran since have pushed its stack out of L1.
[[gnu::always_inline]] inline void prefetch_lane(Lane const& l) {
#if defined(WAVEMMA_SIMT_OWN_FIBERS)
  if (auto const* ctx = static_cast<char const*>(l.fiber.saved_context()))
    for (int line = 0; line < 6; ++line) __builtin_prefetch(ctx + 64 * line);
#endif
  __builtin_prefetch(&l);
}

// Switches from the running context to `target`; returns when some context switches back, and
// files that context's continuation in its slot.
[[gnu::always_inline]] inline void Block::transfer(int target) {
  if (target >= 0 && size_t(target) + 1 < lanes.size()) prefetch_lane(lanes[size_t(target) + 1]);
  previous_ = running_;
  running_ = target;
  current_lane = target < 0 ? nullptr : &lanes[size_t(target)];
  Fiber from = std::move(slot(target)).resume();
  slot(previous_) = std::move(from);
}

// A lane resumes from a collective or a barrier with every lane of its wave (or block) past it: its
// next access starts the lockstep's next step (block.cpp).
[[gnu::always_inline]] inline void restart_steps(Lane& l) { l.phase = Lane::Phase::kLoads; }

[[gnu::always_inline]] inline void Block::suspend(Lane& l) {
  restart_steps(l);
  l.state = LaneState::kWaiting;
  transfer(next_ready(l.id));
}

// The last thread of a block whose threads are all alive releases the barrier itself and hands
// over to thread 0, as the scheduler would after its pass: two switches and a pass fewer.
// Anything else (threads that returned, a failure here or in another block) is the scheduler's.
[[gnu::always_inline]] inline void Block::wait_at_barrier(Lane& l) {
  restart_steps(l);
  l.state = LaneState::kWaiting;
  int next = next_ready(l.id);
  if (++at_barrier == live && next < 0 && live == static_cast<int>(lanes.size()) && !failed_ && !grid_.failed) {
    for (auto& other : lanes) other.state = LaneState::kReady;
    at_barrier = 0;
    if (l.id == 0) return;
    next = 0;
  }
  transfer(next);
}

inline bool Block::arrive(Lane& l, Wait const& wait) {
  Wave& w = waves[size_t(l.wave)];
  l.wait = wait;
  if (w.arrived++ == 0) {
    w.wait = wait;
    return true;
  }
  bool const same = w.wait == wait;
  w.mismatch = w.mismatch || !same;
  return same;
}

// The operation of a completed collective, run by the scheduler on the OS thread's own stack.
// Each returns false after reporting an error through Block::fail.
bool complete_permute(Block&, Wave&);
bool complete_read_first_lane(Block&, Wave&);
bool complete_matrix(Block&, Wave&);
bool complete_transpose(Block&, Wave&);
bool complete_wave_op(Block&, Wave&); // cross_lane.cpp

// A resident grid's block has returned (launch.cpp): the grid barrier counts it as never arriving.
void block_finished(Grid&, Dim3 block);

// "lane 3", "lanes 0-15", "lanes 0-3,8,12-15".
std::string lanes_text(std::vector<int> const& lanes);
// "__syncthreads() (k.hip:12)"
std::string op_text(Wait const&);

} // namespace wavemma::simt::detail
