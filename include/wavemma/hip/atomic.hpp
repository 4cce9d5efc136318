#pragma once
// HIP's atomic functions (amd_hip_atomic.h) on global and shared memory: real host atomics, since
// a grid's blocks run on several OS threads (the lanes of one block run one at a time, so they
// never race among themselves). Each returns the old value. The _system and _block forms are the
// same operation (every scope is the host's coherent memory). Float and double min/max follow
// fmin/fmax (a NaN operand yields the other one). C++17.

#include "wavemma/simt/lane.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace wavemma::hip::atomic {

// A read-modify-write by compare-and-swap on the value's bits (for the float forms, min/max, inc
// and dec, which have no host instruction).
template <class T, class F>
T update(T* address, F f) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8);
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  auto* bits = reinterpret_cast<Bits*>(address);
  Bits old = __atomic_load_n(bits, __ATOMIC_RELAXED);
  for (;;) {
    T value, next;
    std::memcpy(&value, &old, sizeof(T));
    next = f(value);
    Bits next_bits;
    std::memcpy(&next_bits, &next, sizeof(T));
    if (__atomic_compare_exchange_n(bits, &old, next_bits, true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) return value;
  }
}

template <class T>
T add(T* a, T v) {
  if constexpr (std::is_integral_v<T>)
    return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST);
  else
    return update(a, [v](T old) { return old + v; });
}
template <class T>
T sub(T* a, T v) {
  if constexpr (std::is_integral_v<T>)
    return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST);
  else
    return update(a, [v](T old) { return old - v; });
}
template <class T>
T exchange(T* a, T v) {
  return update(a, [v](T) { return v; });
}
template <class T>
T minimum(T* a, T v) {
  if constexpr (std::is_integral_v<T>)
    return update(a, [v](T old) { return v < old ? v : old; });
  else
    return update(a, [v](T old) { return std::fmin(old, v); });
}
template <class T>
T maximum(T* a, T v) {
  if constexpr (std::is_integral_v<T>)
    return update(a, [v](T old) { return v > old ? v : old; });
  else
    return update(a, [v](T old) { return std::fmax(old, v); });
}
template <class T>
T compare_swap(T* a, T compare, T v) {
  return update(a, [compare, v](T old) {
    return std::memcmp(&old, &compare, sizeof(T)) == 0 ? v : old; // the bits, as the hardware does
  });
}

} // namespace wavemma::hip::atomic

// Each form, with HIP's overloads, and its _system and _block twins.
// A lane that spins on an atomic lets the other lanes of its block run (lane.hpp: at_atomic).
#define WAVEMMA_ATOMIC_SCOPES(name, params, call)                                                                      \
  inline auto name params { return ::wavemma::simt::detail::at_atomic(), call; }                                       \
  inline auto name##_system params { return ::wavemma::simt::detail::at_atomic(), call; }                              \
  inline auto name##_block params { return ::wavemma::simt::detail::at_atomic(), call; }
#define WAVEMMA_ATOMIC2(name, impl, T)                                                                                 \
  WAVEMMA_ATOMIC_SCOPES(name, (T * address, T value), ::wavemma::hip::atomic::impl(address, value))
#define WAVEMMA_ATOMIC_ALL_TYPES(name, impl)                                                                           \
  WAVEMMA_ATOMIC2(name, impl, int)                                                                                     \
  WAVEMMA_ATOMIC2(name, impl, unsigned int)                                                                            \
  WAVEMMA_ATOMIC2(name, impl, unsigned long)                                                                           \
  WAVEMMA_ATOMIC2(name, impl, long long)                                                                               \
  WAVEMMA_ATOMIC2(name, impl, unsigned long long)                                                                      \
  WAVEMMA_ATOMIC2(name, impl, float)                                                                                   \
  WAVEMMA_ATOMIC2(name, impl, double)
#define WAVEMMA_ATOMIC_INTEGERS(name, impl)                                                                            \
  WAVEMMA_ATOMIC2(name, impl, int)                                                                                     \
  WAVEMMA_ATOMIC2(name, impl, unsigned int)                                                                            \
  WAVEMMA_ATOMIC2(name, impl, unsigned long)                                                                           \
  WAVEMMA_ATOMIC2(name, impl, long long)                                                                               \
  WAVEMMA_ATOMIC2(name, impl, unsigned long long)

WAVEMMA_ATOMIC_ALL_TYPES(atomicAdd, add)
WAVEMMA_ATOMIC_ALL_TYPES(atomicSub, sub)
WAVEMMA_ATOMIC_ALL_TYPES(atomicExch, exchange)
WAVEMMA_ATOMIC_ALL_TYPES(atomicMin, minimum)
WAVEMMA_ATOMIC_ALL_TYPES(atomicMax, maximum)
WAVEMMA_ATOMIC_ALL_TYPES(unsafeAtomicAdd, add)
WAVEMMA_ATOMIC_ALL_TYPES(safeAtomicAdd, add)
inline void atomicAddNoRet(float* address, float value) { atomicAdd(address, value); } // amd_hip_atomic.h
#define WAVEMMA_ATOMIC_BITS(name, builtin)                                                                             \
  WAVEMMA_ATOMIC_SCOPES(name, (int* a, int v), builtin(a, v, __ATOMIC_SEQ_CST))                                        \
  WAVEMMA_ATOMIC_SCOPES(name, (unsigned int* a, unsigned int v), builtin(a, v, __ATOMIC_SEQ_CST))                      \
  WAVEMMA_ATOMIC_SCOPES(name, (unsigned long* a, unsigned long v), builtin(a, v, __ATOMIC_SEQ_CST))                    \
  WAVEMMA_ATOMIC_SCOPES(name, (long long* a, long long v), builtin(a, v, __ATOMIC_SEQ_CST))                            \
  WAVEMMA_ATOMIC_SCOPES(name, (unsigned long long* a, unsigned long long v), builtin(a, v, __ATOMIC_SEQ_CST))
WAVEMMA_ATOMIC_BITS(atomicAnd, __atomic_fetch_and)
WAVEMMA_ATOMIC_BITS(atomicOr, __atomic_fetch_or)
WAVEMMA_ATOMIC_BITS(atomicXor, __atomic_fetch_xor)
#undef WAVEMMA_ATOMIC_BITS

#define WAVEMMA_ATOMIC_CAS(T)                                                                                          \
  WAVEMMA_ATOMIC_SCOPES(atomicCAS, (T * address, T compare, T value),                                                  \
                        ::wavemma::hip::atomic::compare_swap(address, compare, value))
WAVEMMA_ATOMIC_CAS(int)
WAVEMMA_ATOMIC_CAS(unsigned int)
WAVEMMA_ATOMIC_CAS(unsigned long)
WAVEMMA_ATOMIC_CAS(long long)
WAVEMMA_ATOMIC_CAS(unsigned long long)
WAVEMMA_ATOMIC_CAS(float)
WAVEMMA_ATOMIC_CAS(double)
#undef WAVEMMA_ATOMIC_CAS

// atomicInc: old >= limit ? 0 : old + 1; atomicDec: old == 0 || old > limit ? limit : old - 1
// (the ISA's BUFFER_ATOMIC_INC/DEC).
WAVEMMA_ATOMIC_SCOPES(atomicInc, (unsigned int* address, unsigned int limit),
                      ::wavemma::hip::atomic::update(address, [limit](unsigned int old) {
                        return old >= limit ? 0u : old + 1u;
                      }))
WAVEMMA_ATOMIC_SCOPES(atomicDec, (unsigned int* address, unsigned int limit),
                      ::wavemma::hip::atomic::update(address, [limit](unsigned int old) {
                        return old == 0 || old > limit ? limit : old - 1u;
                      }))
#undef WAVEMMA_ATOMIC_INTEGERS
#undef WAVEMMA_ATOMIC_ALL_TYPES
#undef WAVEMMA_ATOMIC2
#undef WAVEMMA_ATOMIC_SCOPES
