#include "wavemma/simt/memory.hpp"

#include <algorithm>
#include <atomic>
#include <fmt/format.h>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

// AddressSanitizer's, present when its runtime is linked into the program.
extern "C" __attribute__((weak)) void* __asan_region_is_poisoned(void* begin, size_t size);

namespace wavemma::simt::detail {
namespace {

constexpr std::align_val_t kAlignment{256}; // as hipMalloc

// On AMD's GPUs an allocation is not packed against the next one: ROCm places hipMallocs of 1, 65
// and 123 bytes 4 MiB apart on 2 MiB boundaries [SRC: ROCm/hip issue 2257], and reports 2 MiB as
// the recommended allocation granule [SRC: ROCm/rocm-systems PR 1176]. A kernel that reads or
// writes a few KiB past the end of an allocation (rocWMMA's sgemv and dgemv samples store 16
// columns of which the buffer holds one) touches padding there and passes [ASSUME: the padding is
// mapped]. Here device memory is host memory, so each allocation reserves its size rounded up to
// that granule, and such a program overwrites padding of its own instead of the host's heap. The
// pages of the padding are never touched unless a program does, and the table keeps the exact
// size: hipMemcpy, hipMemset and the checked loads still refuse a range past it. Under
// AddressSanitizer (wavemma's own sanitizer build, or a program built with wavemma-hipcc
// -fsanitize=address, whose memory checker must see an overrun) the allocation is exact.
constexpr size_t kGranule = size_t{2} << 20;
bool exact_allocations() { return __asan_region_is_poisoned != nullptr; }

struct Entry {
  size_t bytes;
  bool owned; // allocated here (hipMalloc) rather than registered (hipHostRegister)
};
struct Range {
  uintptr_t base;
  size_t bytes;
};
// The table as lookups read it: sorted, immutable, shared by every thread that read it since the
// last change.
using Snapshot = std::vector<Range>;

// Changes (allocations, frees) take the mutex and bump the generation; lookups, which the lanes make
// per access (the transpose loads, the global loads of the cross-lane builtins), take no lock: each
// thread keeps the snapshot of the generation it last saw and reads one atomic to see that it is
// still current. The first lookup after a change rebuilds the snapshot under the mutex.
struct Table {
  std::mutex mutex;
  std::map<uintptr_t, Entry> allocations; // base -> entry
  std::atomic<uint64_t> generation{1};
  uint64_t snapshot_generation = 0; // of `snapshot`, under the mutex
  std::shared_ptr<Snapshot const> snapshot;

  void changed() { generation.fetch_add(1, std::memory_order_release); }
};
// Never destroyed: device memory a program did not free stays allocated until the process ends,
// as a GPU's does, and is not a host leak (LeakSanitizer sees it reachable from here).
Table& table() {
  static Table* t = new Table;
  return *t;
}

Snapshot const& snapshot() {
  struct Cache {
    uint64_t generation = 0;
    std::shared_ptr<Snapshot const> snapshot;
  };
  thread_local Cache cache;
  Table& t = table();
  if (uint64_t const now = t.generation.load(std::memory_order_acquire); cache.generation != now) [[unlikely]] {
    std::lock_guard lock(t.mutex);
    uint64_t const current = t.generation.load(std::memory_order_relaxed);
    if (t.snapshot_generation != current) {
      auto fresh = std::make_shared<Snapshot>();
      fresh->reserve(t.allocations.size());
      for (auto const& [base, e] : t.allocations) fresh->push_back({base, e.bytes});
      t.snapshot = std::move(fresh);
      t.snapshot_generation = current;
    }
    cache = {t.snapshot_generation, t.snapshot};
  }
  return *cache.snapshot;
}

} // namespace

void* device_allocate(size_t bytes) {
  if (bytes > kMaxAllocation) return nullptr; // also keeps the rounded size from wrapping
  size_t const reserved = exact_allocations() ? std::max<size_t>(bytes, 1)
                                              : (std::max<size_t>(bytes, 1) + kGranule - 1) / kGranule * kGranule;
  void* p = ::operator new(reserved, kAlignment, std::nothrow);
  if (!p) return nullptr;
  Table& t = table();
  std::lock_guard lock(t.mutex);
  t.allocations[reinterpret_cast<uintptr_t>(p)] = {bytes, true};
  t.changed();
  return p;
}

bool device_free(void* pointer) {
  Table& t = table();
  {
    std::lock_guard lock(t.mutex);
    auto it = t.allocations.find(reinterpret_cast<uintptr_t>(pointer));
    if (it == t.allocations.end() || !it->second.owned) return false;
    t.allocations.erase(it);
    t.changed();
  }
  ::operator delete(pointer, kAlignment);
  return true;
}

bool device_register(void* pointer, size_t bytes) {
  auto const p = reinterpret_cast<uintptr_t>(pointer);
  if (bytes > UINTPTR_MAX - p) return false;
  Table& t = table();
  std::lock_guard lock(t.mutex);
  auto next = t.allocations.lower_bound(p);
  if (next != t.allocations.end() && next->first < p + bytes) return false;
  if (next != t.allocations.begin() && std::prev(next)->first + std::prev(next)->second.bytes > p) return false;
  t.allocations[p] = {bytes, false};
  t.changed();
  return true;
}

bool device_unregister(void* pointer) {
  Table& t = table();
  std::lock_guard lock(t.mutex);
  auto it = t.allocations.find(reinterpret_cast<uintptr_t>(pointer));
  if (it == t.allocations.end() || it->second.owned) return false;
  t.allocations.erase(it);
  t.changed();
  return true;
}

size_t device_bytes_in_use() {
  Table& t = table();
  std::lock_guard lock(t.mutex);
  size_t n = 0;
  for (auto const& [base, e] : t.allocations) n += e.owned ? e.bytes : 0;
  return n;
}

bool in_device_memory(void const* pointer) { return check_device_range(pointer, 1).empty(); }

std::string check_device_range(void const* pointer, size_t bytes) {
  auto const p = reinterpret_cast<uintptr_t>(pointer);
  Snapshot const& ranges = snapshot();
  auto it = std::upper_bound(ranges.begin(), ranges.end(), p, [](uintptr_t v, Range const& r) { return v < r.base; });
  if (it == ranges.begin()) return fmt::format("{} is not in any device allocation", pointer);
  --it;
  size_t const offset = p - it->base, size = it->bytes;
  if (offset >= std::max<size_t>(size, 1)) return fmt::format("{} is not in any device allocation", pointer);
  // Compared as counts, never as end addresses: p + bytes may wrap.
  if (bytes > size - offset)
    return fmt::format("{} + {} bytes overruns the {}-byte device allocation at {:#x} by {} bytes", pointer, bytes,
                       size, it->base, bytes - (size - offset));
  return {};
}

} // namespace wavemma::simt::detail
