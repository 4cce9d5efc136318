#include "memory.hpp"

#include <fmt/format.h>
#include <iterator>
#include <map>
#include <mutex>
#include <new>

namespace wavemma::simt::detail {
namespace {

constexpr std::align_val_t kAlignment{256}; // as hipMalloc

struct Table {
  std::mutex mutex;
  std::map<uintptr_t, size_t> allocations; // base -> bytes
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
  t.allocations[reinterpret_cast<uintptr_t>(p)] = bytes;
  return p;
}

bool device_free(void* pointer) {
  Table& t = table();
  {
    std::lock_guard lock(t.mutex);
    if (t.allocations.erase(reinterpret_cast<uintptr_t>(pointer)) == 0) return false;
  }
  ::operator delete(pointer, kAlignment);
  return true;
}

bool in_device_memory(void const* pointer) {
  return check_device_range(pointer, 1).empty();
}

std::string check_device_range(void const* pointer, size_t bytes) {
  auto const p = reinterpret_cast<uintptr_t>(pointer);
  Table& t = table();
  std::lock_guard lock(t.mutex);
  auto it = t.allocations.upper_bound(p);
  if (it == t.allocations.begin())
    return fmt::format("{} is not in any device allocation", pointer);
  --it;
  auto const [base, size] = *it;
  if (p >= base + std::max<size_t>(size, 1))
    return fmt::format("{} is not in any device allocation", pointer);
  if (p + bytes > base + size)
    return fmt::format("{} + {} bytes overruns the {}-byte device allocation at {:#x} by {} bytes",
                       pointer, bytes, size, base, p + bytes - (base + size));
  return {};
}

} // namespace wavemma::simt::detail
