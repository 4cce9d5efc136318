#include "progress.hpp"

#include "block.hpp"
#include "environment.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace wavemma::simt::detail {
namespace {

constexpr int kSlots = 8192;
Activity g_slots[kSlots];
std::atomic<int> g_used{0};
std::atomic<Grid*> g_grid{nullptr};
std::atomic<bool> g_fired{false};

// Stuck threads: the running lane has reached no switch point for `limit` seconds.
[[noreturn]] void stop_process(int seconds, int const* stuck, int count) {
  std::fflush(stdout);
  for (int i = 0; i < count; ++i) {
    Activity const& a = g_slots[stuck[i]];
    auto const* lane = static_cast<Lane const*>(__atomic_load_n(a.running, __ATOMIC_RELAXED));
    char line[512];
    int const n =
        lane ? std::snprintf(line, sizeof line,
                             "wavemma: watchdog: %s, wave %d, lane %u has run %d s without reaching an atomic, a "
                             "barrier or a cross-lane operation (a spin on a plain or volatile load never lets "
                             "another lane run; WAVEMMA_WATCHDOG=%d)\n",
                             a.where, lane->wave, lane->lane, seconds, seconds)
             : std::snprintf(line, sizeof line, "wavemma: watchdog: %s made no progress for %d s (WAVEMMA_WATCHDOG)\n",
                             a.where, seconds);
    ssize_t const ignored = write(STDERR_FILENO, line, size_t(std::min(n, int(sizeof line) - 1)));
    (void)ignored;
  }
  _exit(1);
}

void watchdog_loop(double limit) {
  auto const period = std::chrono::duration<double>(std::min(1.0, limit / 4));
  std::vector<uint64_t> seen(kSlots, 0);
  std::vector<int64_t> since(kSlots, 0);
  for (;;) {
    std::this_thread::sleep_for(period);
    int64_t const now = now_ns();
    int const used = g_used.load();
    std::vector<int> stuck;
    bool spinning = false;
    for (int i = 0; i < used; ++i) {
      Activity const& a = g_slots[i];
      if (!a.busy.load(std::memory_order_relaxed)) {
        since[size_t(i)] = 0;
        continue;
      }
      uint64_t const passes = a.passes.load(std::memory_order_relaxed);
      if (passes != seen[size_t(i)] || since[size_t(i)] == 0) {
        seen[size_t(i)] = passes;
        since[size_t(i)] = now;
      } else if (double(now - since[size_t(i)]) * 1e-9 >= limit) {
        stuck.push_back(i);
      }
      int64_t const spin = a.spin_since_ns.load(std::memory_order_relaxed);
      if (spin && double(now - spin) * 1e-9 >= limit) spinning = true;
    }
    if (!stuck.empty()) stop_process(int(limit), stuck.data(), int(stuck.size()));
    if (spinning && g_grid.load()) g_fired = true;
  }
}

} // namespace

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

Activity& this_thread_activity() {
  thread_local Activity* slot = [] {
    int const i = g_used.fetch_add(1);
    static Activity overflow; // beyond kSlots threads: unwatched
    Activity* a = i < kSlots ? &g_slots[i] : &overflow;
    a->running = &current_lane;
    return a;
  }();
  return *slot;
}

void watch(Grid* grid) {
  double const limit = env_watchdog();
  if (limit <= 0) return;
  static std::once_flag once;
  std::call_once(once, [limit] { std::thread(watchdog_loop, limit).detach(); });
  g_fired = false;
  g_grid = grid;
}

bool watchdog_fired() { return g_fired.load(std::memory_order_relaxed); }

} // namespace wavemma::simt::detail
