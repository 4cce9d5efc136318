#pragma once
// Device memory: host memory entered in an allocation table, so that the runtime can check the
// pointers it sees (hipMemcpy, hipMemset, hipFree, the transpose loads).

#include <cstddef>
#include <cstdint>
#include <string>

namespace wavemma::simt::detail {

// The largest allocation attempted (1 TiB, AddressSanitizer's own limit): a larger request, such as
// a negative int converted to size_t, is out of memory at once, as on a GPU.
constexpr size_t kMaxAllocation = size_t{1} << 40;

void* device_allocate(size_t bytes); // 256-byte aligned; nullptr when out of memory or > kMaxAllocation
bool device_free(void* pointer);     // false if pointer is not the start of an allocation
// hipHostRegister: host memory the program owns, entered in the table; false if it overlaps.
bool device_register(void* pointer, size_t bytes);
bool device_unregister(void* pointer); // false if pointer is not the start of a registered range
size_t device_bytes_in_use();          // hipMalloc'd bytes not yet freed
bool in_device_memory(void const* pointer);
// Empty if [pointer, pointer + bytes) lies within one allocation, else why not (one phrase); any
// `bytes`, however large, is checked without overflow. Lock-free: lanes call it per access.
std::string check_device_range(void const* pointer, size_t bytes);

} // namespace wavemma::simt::detail
