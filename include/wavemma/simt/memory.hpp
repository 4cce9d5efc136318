#pragma once
// Device memory: host memory entered in an allocation table, so that the runtime can check the
// pointers it sees (hipMemcpy, hipMemset, hipFree, the transpose loads).

#include <cstddef>
#include <string>

namespace wavemma::simt::detail {

void* device_allocate(size_t bytes); // 256-byte aligned; nullptr when out of memory
bool device_free(void* pointer);     // false if pointer is not the start of an allocation
// hipHostRegister: host memory the program owns, entered in the table; false if it overlaps.
bool device_register(void* pointer, size_t bytes);
bool device_unregister(void* pointer); // false if pointer is not the start of a registered range
size_t device_bytes_in_use();          // hipMalloc'd bytes not yet freed
bool in_device_memory(void const* pointer);
// Empty if [pointer, pointer + bytes) lies within one allocation, else why not (one phrase).
std::string check_device_range(void const* pointer, size_t bytes);

} // namespace wavemma::simt::detail
