// Launches: the target, the worker threads, and the grid's blocks handed out to them.

#include "block.hpp"
#include "environment.hpp"
#include "faults.hpp"
#include "progress.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <fmt/format.h>
#include <mutex>
#include <new>
#include <stdexcept>
#include <thread>
#include <tuple>

namespace wavemma::simt {
namespace {

// --- target -------------------------------------------------------------------------------------

Target resolve(std::string_view arch_name, int wave) {
  isa::Arch const* arch = isa::find_arch(arch_name);
  if (!arch)
    throw std::invalid_argument(
        fmt::format("unknown architecture '{}' (known: {})", arch_name, isa::known_arch_names()));
  if (wave == 0) wave = arch->default_wave();
  if (!arch->has_wave(wave)) throw std::invalid_argument(fmt::format("{} has no wave{}", arch->name, wave));
  return {arch, wave};
}

// The environment's target until set_target(). A program built by wavemma-hipcc names the targets
// it has device code for: the first is the default, and the environment must pick one of them.
struct TargetSetting {
  std::mutex mutex;
  Target target;
  std::string error; // a bad environment, reported when the target is used
  char const* arch = std::getenv("WAVEMMA_ARCH");
  char const* wave = std::getenv("WAVEMMA_WAVE");

  TargetSetting() { choose({}); }

  void choose(std::vector<Target> const& compiled) {
    error.clear();
    try {
      int w = 0;
      if (wave && *wave) {
        char* end = nullptr;
        w = static_cast<int>(std::strtol(wave, &end, 10));
        if (*end != '\0' || w == 0) throw std::invalid_argument(fmt::format("'{}' is not a wave size", wave));
      }
      bool const named = (arch && *arch) || w != 0;
      if (compiled.empty() || named) {
        target = resolve(arch && *arch      ? std::string_view(arch)
                         : compiled.empty() ? isa::default_arch().name
                                            : compiled.front().arch->name,
                         w);
      } else {
        target = compiled.front();
      }
      if (!compiled.empty() && std::find_if(compiled.begin(), compiled.end(), [&](Target const& t) {
                                 return t.arch == target.arch && t.wave == target.wave;
                               }) == compiled.end()) {
        std::string names;
        for (auto const& t : compiled)
          names += fmt::format("{}{} wave{}", names.empty() ? "" : ", ", t.arch->name, t.wave);
        throw std::invalid_argument(
            fmt::format("this program has device code for {} only (wavemma-hipcc --offload-arch)", names));
      }
    } catch (std::invalid_argument const& e) {
      error = fmt::format("WAVEMMA_ARCH={} WAVEMMA_WAVE={}: {}", arch ? arch : "", wave ? wave : "", e.what());
    }
  }
};

TargetSetting& setting() {
  static TargetSetting s;
  return s;
}

// --- threads ------------------------------------------------------------------------------------

std::atomic<int> g_threads{0};

int default_threads() {
  static int const n = [] {
    if (int const v = detail::env_threads(); v > 0) return v;
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  }();
  return n;
}

// Each OS thread that runs blocks keeps its dynamic shared memory from block to block.
std::byte* dynamic_shared(size_t bytes) {
  struct alignas(64) Line {
    std::byte bytes[64];
  };
  thread_local std::vector<Line> buffer;
  if (buffer.size() * sizeof(Line) < bytes || buffer.empty()) buffer.resize(std::max<size_t>(1, (bytes + 63) / 64));
  return buffer.front().bytes;
}

// --- progress -----------------------------------------------------------------------------------
// WAVEMMA_PROGRESS=S: every launch reports on stderr every S seconds while it runs (blocks done, time,
// time left at the rate so far) and once when it ends. Unset, empty or 0: silent.
using Clock = std::chrono::steady_clock;

double progress_interval() { return detail::env_progress(); }

class Progress {
public:
  explicit Progress(detail::Grid const& grid) : grid_(grid), interval_(progress_interval()), next_(interval_) {}
  bool on() const { return interval_ > 0; }

  // Called by the launching thread between its blocks.
  void tick() {
    double const t = elapsed();
    if (t < next_) return;
    next_ = t + interval_;
    uint64_t const done = grid_.done_blocks;
    double const left = done ? t * double(grid_.blocks - done) / double(done) : 0;
    std::fprintf(stderr, "wavemma: %.*s: %llu/%llu blocks (%.1f%%) in %.0f s, about %.0f s left\n",
                 int(grid_.kernel.size()), grid_.kernel.data(), static_cast<unsigned long long>(done),
                 static_cast<unsigned long long>(grid_.blocks), 100.0 * double(done) / double(grid_.blocks), t, left);
  }
  void end() const {
    std::fprintf(stderr, "wavemma: %.*s: grid (%u,%u,%u) x block (%u,%u,%u): %llu blocks in %.3f s\n",
                 int(grid_.kernel.size()), grid_.kernel.data(), grid_.dims.x, grid_.dims.y, grid_.dims.z,
                 grid_.block_dim.x, grid_.block_dim.y, grid_.block_dim.z,
                 static_cast<unsigned long long>(grid_.done_blocks.load()), elapsed());
  }

private:
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  detail::Grid const& grid_;
  double interval_, next_;
  Clock::time_point start_ = Clock::now();
};

void run_blocks(detail::Grid& grid, Progress* progress = nullptr) {
  detail::prepare_fault_thread();
  std::byte* shared = dynamic_shared(grid.dynamic_shared);
  for (;;) {
    if (grid.failed) return;
    uint64_t const b = grid.next_block++;
    if (b >= grid.blocks) return;
    {
      detail::Block block(grid, b, shared);
      block.run();
      if (grid.resident) detail::block_finished(grid, block.index());
    }
    ++grid.done_blocks;
    if (progress) progress->tick();
  }
}

// Workers that join the calling thread in running a grid's blocks.
class Pool {
public:
  static Pool& instance() {
    static Pool pool;
    return pool;
  }

  void run(detail::Grid& grid, int helpers, Progress* progress) {
    {
      std::lock_guard lock(mutex_);
      while (static_cast<int>(workers_.size()) < helpers)
        workers_.emplace_back([this, index = static_cast<int>(workers_.size())] { loop(index); });
      grid_ = &grid;
      helpers_ = helpers;
      busy_ = helpers;
      ++generation_;
    }
    wake_.notify_all();
    run_blocks(grid, progress);
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return busy_ == 0; });
    grid_ = nullptr;
  }

  ~Pool() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
  }

private:
  void loop(int index) {
    uint64_t seen = 0;
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      if (index >= helpers_) continue;
      detail::Grid* grid = grid_;
      lock.unlock();
      run_blocks(*grid);
      lock.lock();
      if (--busy_ == 0) done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::vector<std::thread> workers_;
  detail::Grid* grid_ = nullptr;
  uint64_t generation_ = 0;
  int helpers_ = 0, busy_ = 0;
  bool stop_ = false;
};

// OS threads beyond the pool's, started for a launch whose blocks spin (progress.hpp) and joined
// before it returns. One launch runs at a time.
struct ExtraThreads {
  std::mutex mutex;
  std::vector<std::thread> threads;
  static constexpr size_t kMax = 256;
};
ExtraThreads& extra_threads() {
  static ExtraThreads e;
  return e;
}
void add_thread(detail::Grid& grid) {
  auto& e = extra_threads();
  std::lock_guard lock(e.mutex);
  if (e.threads.size() >= ExtraThreads::kMax || grid.next_block.load() >= grid.blocks) return;
  e.threads.emplace_back([&grid] { run_blocks(grid); });
}
void join_extra_threads() {
  auto& e = extra_threads();
  for (;;) {
    std::thread t;
    {
      std::lock_guard lock(e.mutex);
      if (e.threads.empty()) return;
      t = std::move(e.threads.back());
      e.threads.pop_back();
    }
    t.join();
  }
}

// A resident grid: a thread of its own for every block but the caller's, so that all the blocks
// run at once and may wait for one another (whatever WAVEMMA_THREADS says).
void run_resident(detail::Grid& grid, Progress* progress) {
  std::vector<std::thread> threads;
  threads.reserve(size_t(grid.blocks - 1));
  for (uint64_t i = 1; i < grid.blocks; ++i) threads.emplace_back([&grid] { run_blocks(grid); });
  run_blocks(grid, progress);
  for (auto& t : threads) t.join();
}

Error config_error(std::string_view kernel, std::string what) {
  return {Status::kInvalidConfiguration, fmt::format("kernel {}: {}", kernel, what)};
}

} // namespace

Target parse_target(std::string_view text) {
  size_t const colon = text.find(':');
  int wave = 0;
  if (colon != std::string_view::npos) {
    std::string_view const w = text.substr(colon + 1);
    if (w != "32" && w != "64") throw std::invalid_argument(fmt::format("'{}' is not a wave size", w));
    wave = w == "32" ? 32 : 64;
  }
  return resolve(text.substr(0, colon), wave);
}

void set_target(std::string_view arch, int wave) {
  Target const t = resolve(arch, wave);
  auto& s = setting();
  std::lock_guard lock(s.mutex);
  s.target = t;
  s.error.clear();
}

Target target() {
  auto& s = setting();
  std::lock_guard lock(s.mutex);
  if (!s.error.empty()) throw std::invalid_argument(s.error);
  return s.target;
}

void set_program_targets(std::vector<Target> const& compiled) {
  auto& s = setting();
  std::lock_guard lock(s.mutex);
  s.choose(compiled);
}

Error target_error() {
  auto& s = setting();
  std::lock_guard lock(s.mutex);
  if (s.error.empty()) return {};
  return {Status::kInvalidDevice, s.error};
}

uint64_t detail::max_resident_threads() {
  static uint64_t const n = [] {
    uint64_t maps = 65530; // Linux's default
    if (FILE* f = std::fopen("/proc/sys/vm/max_map_count", "r")) {
      unsigned long long v = 0;
      if (std::fscanf(f, "%llu", &v) == 1 && v > 0) maps = v;
      std::fclose(f);
    }
    // Two mappings a lane (stack and guard page); half the mappings are left to the rest of the
    // process (the worker threads' pooled stacks, the heap, the libraries).
    return std::max<uint64_t>(1024, maps / 4);
  }();
  return n;
}

void set_threads(int n) { g_threads = std::max(0, n); }
int threads() { return g_threads > 0 ? g_threads.load() : default_threads(); }

namespace detail {

Error launch(std::string_view name, Dim3 grid_dims, Dim3 block, size_t dynamic_shared, KernelRef kernel,
             bool resident) {
  check_environment();
  install_fault_handlers();
  if (Error e = target_error(); !e.ok()) return e;
  if (current_lane) return config_error(name, "launched from inside a kernel (dynamic parallelism is not supported)");
  if (grid_dims.count() == 0 || block.count() == 0)
    return config_error(name, fmt::format("empty grid ({},{},{}) or block ({},{},{})", grid_dims.x, grid_dims.y,
                                          grid_dims.z, block.x, block.y, block.z));
  if (block.count() > 1024)
    return config_error(
        name, fmt::format("block ({},{},{}) has {} threads; at most 1024", block.x, block.y, block.z, block.count()));
  // A dimension's work-items (blocks x threads) are counted in 32 bits: at most 2^32 - 1
  // [SRC: ROCclr hip_module.cpp, ihipLaunchKernel_validate; hipErrorInvalidConfiguration].
  for (auto [axis, g, b] :
       {std::tuple{'x', grid_dims.x, block.x}, {'y', grid_dims.y, block.y}, {'z', grid_dims.z, block.z}})
    if (uint64_t(g) * b > UINT32_MAX)
      return config_error(name, fmt::format("grid {} x block {} in {} is {} work-items; at most 2^32 - 1", g, b, axis,
                                            uint64_t(g) * b));
  // More LDS than a CU has is hipErrorInvalidValue in HIP, an oversized block
  // hipErrorInvalidConfiguration [SRC: ROCclr hip_module.cpp, ihipLaunchKernel_validate].
  Target const launched = target();
  if (size_t const lds = size_t(launched.arch->lds_kib) * 1024; dynamic_shared > lds)
    return {Status::kInvalidValue, fmt::format("kernel {}: {} bytes of dynamic shared memory; {} has {} bytes of LDS",
                                               name, dynamic_shared, launched.arch->name, lds)};

  if (uint64_t const lanes = grid_dims.count() * block.count(); resident && lanes > max_resident_threads())
    return {Status::kCooperativeLaunchTooLarge,
            fmt::format("kernel {}: a cooperative grid of {} blocks of {} threads ({} threads) cannot be resident at "
                        "once here: wavemma holds at most {} threads at once, each a fiber with a stack of its own "
                        "(vm.max_map_count / 4)",
                        name, grid_dims.count(), block.count(), lanes, max_resident_threads())};

  // One launch at a time: the pool runs one grid.
  static std::mutex one_launch;
  std::lock_guard lock(one_launch);
  Grid grid;
  grid.kernel = name;
  grid.dims = grid_dims;
  grid.block_dim = block;
  grid.dynamic_shared = dynamic_shared;
  grid.code = kernel;
  grid.target = launched;
  grid.blocks = grid_dims.count();
  grid.resident = resident;
  int const helpers = static_cast<int>(std::min<uint64_t>(grid.blocks, uint64_t(threads()))) - 1;
  grid.add_thread = add_thread;
  Progress progress(grid);
  Progress* const report = progress.on() ? &progress : nullptr;
  watch(&grid);
  if (resident)
    run_resident(grid, report);
  else if (helpers > 0)
    Pool::instance().run(grid, helpers, report);
  else
    run_blocks(grid, report);
  join_extra_threads();
  watch(nullptr);
  if (report) report->end();
  return std::move(grid.error);
}

} // namespace detail
} // namespace wavemma::simt
