#include "wavemma/simt/memory.hpp"

#include <fmt/format.h>
#include <iterator>
#include <map>
#include <mutex>
#include <new>

namespace wavemma::simt::detail {
namespace {

constexpr std::align_val_t kAlignment{256}; // as hipMalloc

struct Entry {
  size_t bytes;
  bool owned; // allocated here (hipMalloc) rather than registered (hipHostRegister)
};
struct Table {
  std::mutex mutex;
  std::map<uintptr_t, Entry> allocations; // base -> entry
};
// Never destroyed: device memory a program did not free stays allocated until the process ends,
// as a GPU's does, and is not a host leak (LeakSanitizer sees it reachable from here).
Table& table() {
  static Table* t = new Table;
  return *t;
}

} // namespace

void* device_allocate(size_t bytes) {
  // Exactly `bytes`, so that AddressSanitizer sees an overrun of the allocation itself.
  void* p = ::operator new(bytes == 0 ? 1 : bytes, kAlignment, std::nothrow);
  if (!p) return nullptr;
  Table& t = table();
  std::lock_guard lock(t.mutex);
  t.allocations[reinterpret_cast<uintptr_t>(p)] = {bytes, true};
  return p;
}

bool device_free(void* pointer) {
  Table& t = table();
  {
    std::lock_guard lock(t.mutex);
    auto it = t.allocations.find(reinterpret_cast<uintptr_t>(pointer));
    if (it == t.allocations.end() || !it->second.owned) return false;
    t.allocations.erase(it);
  }
  ::operator delete(pointer, kAlignment);
  return true;
}

bool device_register(void* pointer, size_t bytes) {
  auto const p = reinterpret_cast<uintptr_t>(pointer);
  Table& t = table();
  std::lock_guard lock(t.mutex);
  auto next = t.allocations.lower_bound(p);
  if (next != t.allocations.end() && next->first < p + bytes) return false;
  if (next != t.allocations.begin() && std::prev(next)->first + std::prev(next)->second.bytes > p) return false;
  t.allocations[p] = {bytes, false};
  return true;
}

bool device_unregister(void* pointer) {
  Table& t = table();
  std::lock_guard lock(t.mutex);
  auto it = t.allocations.find(reinterpret_cast<uintptr_t>(pointer));
  if (it == t.allocations.end() || it->second.owned) return false;
  t.allocations.erase(it);
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
  Table& t = table();
  std::lock_guard lock(t.mutex);
  auto it = t.allocations.upper_bound(p);
  if (it == t.allocations.begin()) return fmt::format("{} is not in any device allocation", pointer);
  --it;
  auto const base = it->first;
  size_t const size = it->second.bytes;
  if (p >= base + std::max<size_t>(size, 1)) return fmt::format("{} is not in any device allocation", pointer);
  if (p + bytes > base + size)
    return fmt::format("{} + {} bytes overruns the {}-byte device allocation at {:#x} by {} bytes", pointer, bytes,
                       size, base, p + bytes - (base + size));
  return {};
}

} // namespace wavemma::simt::detail
