#pragma once
// HIP's vector types (float4, int2, uchar3, ...) and their make_* functions, for <hip/hip_vector_types.h>
// and for C++ that includes this header directly. Sizes and alignments are HIP's: N x sizeof(T),
// aligned to the whole size for 1, 2 and 4 components and to the element for 3 (amd_hip_vector_types.h,
// checked in tests/hipcc/headers_test.cpp). Operators are component-wise; a scalar operand is broadcast,
// as HIP's are; == and != compare every component and return one bool, as HIP's do. C++17.

#include <cstddef>
#include <type_traits>
#include <utility>

namespace wavemma::simt::hip {

template <class T, unsigned N>
struct VectorStorage;
template <class T>
struct alignas(sizeof(T)) VectorStorage<T, 1> {
  T x;
};
template <class T>
struct alignas(2 * sizeof(T)) VectorStorage<T, 2> {
  T x, y;
};
template <class T>
struct VectorStorage<T, 3> {
  T x, y, z;
};
template <class T>
struct alignas(4 * sizeof(T)) VectorStorage<T, 4> {
  T x, y, z, w;
};

template <class T, unsigned N>
struct Vector : VectorStorage<T, N> {
  using value_type = T;
  static constexpr unsigned size = N;

  Vector() = default;
  // A scalar fills every component (explicit, as in HIP).
  template <class U, std::enable_if_t<std::is_convertible_v<U, T>, int> = 0>
  explicit constexpr Vector(U v) : Vector(v, std::make_index_sequence<N>{}) {}
  template <class... U, std::enable_if_t<(N > 1) && sizeof...(U) == N, int> = 0>
  constexpr Vector(U... v) : VectorStorage<T, N>{static_cast<T>(v)...} {}

  T& operator[](unsigned i) { return reinterpret_cast<T*>(this)[i]; }
  T const& operator[](unsigned i) const { return reinterpret_cast<T const*>(this)[i]; }

  // Every compound operator of HIP's vector types, with a vector or a broadcast scalar.
#define WAVEMMA_VECTOR_COMPOUND(op)                                                                                    \
  Vector& operator op## = (Vector const& o) {                                                                          \
    for (unsigned i = 0; i < N; ++i) (*this)[i] op## = o[i];                                                           \
    return *this;                                                                                                      \
  }                                                                                                                    \
  template <class U, std::enable_if_t<std::is_convertible_v<U, T>, int> = 0>                                           \
  Vector& operator op## = (U s) {                                                                                      \
    return *this op## = Vector(s);                                                                                     \
  }
  WAVEMMA_VECTOR_COMPOUND(+)
  WAVEMMA_VECTOR_COMPOUND(-)
  WAVEMMA_VECTOR_COMPOUND(*)
  WAVEMMA_VECTOR_COMPOUND(/)
#undef WAVEMMA_VECTOR_COMPOUND
#define WAVEMMA_VECTOR_INTEGER_COMPOUND(op)                                                                            \
  template <class V = T, std::enable_if_t<std::is_integral_v<V>, int> = 0>                                             \
  Vector& operator op## = (Vector const& o) {                                                                          \
    for (unsigned i = 0; i < N; ++i) (*this)[i] op## = o[i];                                                           \
    return *this;                                                                                                      \
  }                                                                                                                    \
  template <class U, class V = T, std::enable_if_t<std::is_integral_v<V> && std::is_convertible_v<U, T>, int> = 0>     \
  Vector& operator op## = (U s) {                                                                                      \
    return *this op## = Vector(s);                                                                                     \
  }
  WAVEMMA_VECTOR_INTEGER_COMPOUND(%)
  WAVEMMA_VECTOR_INTEGER_COMPOUND(&)
  WAVEMMA_VECTOR_INTEGER_COMPOUND(|)
  WAVEMMA_VECTOR_INTEGER_COMPOUND(^)
  WAVEMMA_VECTOR_INTEGER_COMPOUND(<<)
  WAVEMMA_VECTOR_INTEGER_COMPOUND(>>)
#undef WAVEMMA_VECTOR_INTEGER_COMPOUND

  Vector& operator++() { return *this += Vector(1); }
  Vector operator++(int) {
    Vector old = *this;
    ++*this;
    return old;
  }
  Vector& operator--() { return *this -= Vector(1); }
  Vector operator--(int) {
    Vector old = *this;
    --*this;
    return old;
  }
  Vector operator-() const {
    Vector out = *this;
    for (unsigned i = 0; i < N; ++i) out[i] = -out[i];
    return out;
  }
  Vector operator+() const { return *this; }
  template <class V = T, std::enable_if_t<std::is_integral_v<V>, int> = 0>
  Vector operator~() const {
    Vector out = *this;
    for (unsigned i = 0; i < N; ++i) out[i] = ~out[i];
    return out;
  }

private:
  template <class U, size_t... I>
  constexpr Vector(U v, std::index_sequence<I...>) : VectorStorage<T, N>{((void)I, static_cast<T>(v))...} {}
};

#define WAVEMMA_VECTOR_BINARY(op)                                                                                      \
  template <class T, unsigned N>                                                                                       \
  Vector<T, N> operator op(Vector<T, N> a, Vector<T, N> const& b) {                                                    \
    return a op## = b;                                                                                                 \
  }                                                                                                                    \
  template <class T, unsigned N, class U, std::enable_if_t<std::is_convertible_v<U, T>, int> = 0>                      \
  Vector<T, N> operator op(Vector<T, N> a, U b) {                                                                      \
    return a op## = Vector<T, N>(b);                                                                                   \
  }                                                                                                                    \
  template <class T, unsigned N, class U, std::enable_if_t<std::is_convertible_v<U, T>, int> = 0>                      \
  Vector<T, N> operator op(U a, Vector<T, N> const& b) {                                                               \
    return Vector<T, N>(a) op## = b;                                                                                   \
  }
WAVEMMA_VECTOR_BINARY(+)
WAVEMMA_VECTOR_BINARY(-)
WAVEMMA_VECTOR_BINARY(*)
WAVEMMA_VECTOR_BINARY(/)
WAVEMMA_VECTOR_BINARY(%)
WAVEMMA_VECTOR_BINARY(&)
WAVEMMA_VECTOR_BINARY(|)
WAVEMMA_VECTOR_BINARY(^)
WAVEMMA_VECTOR_BINARY(<<)
WAVEMMA_VECTOR_BINARY(>>)
#undef WAVEMMA_VECTOR_BINARY

template <class T, unsigned N>
bool operator==(Vector<T, N> const& a, Vector<T, N> const& b) {
  for (unsigned i = 0; i < N; ++i)
    if (!(a[i] == b[i])) return false;
  return true;
}
template <class T, unsigned N>
bool operator!=(Vector<T, N> const& a, Vector<T, N> const& b) {
  return !(a == b);
}

} // namespace wavemma::simt::hip

// The names HIP gives them, and make_<name>N(...).
#define WAVEMMA_VECTOR_NAMES(name, T)                                                                                  \
  using name##1 = ::wavemma::simt::hip::Vector<T, 1>;                                                                  \
  using name##2 = ::wavemma::simt::hip::Vector<T, 2>;                                                                  \
  using name##3 = ::wavemma::simt::hip::Vector<T, 3>;                                                                  \
  using name##4 = ::wavemma::simt::hip::Vector<T, 4>;                                                                  \
  inline constexpr name##1 make_##name##1(T x) { return name##1(x); }                                                  \
  inline constexpr name##2 make_##name##2(T x, T y) { return name##2(x, y); }                                          \
  inline constexpr name##3 make_##name##3(T x, T y, T z) { return name##3(x, y, z); }                                  \
  inline constexpr name##4 make_##name##4(T x, T y, T z, T w) { return name##4(x, y, z, w); }
WAVEMMA_VECTOR_NAMES(char, char)
WAVEMMA_VECTOR_NAMES(uchar, unsigned char)
WAVEMMA_VECTOR_NAMES(short, short)
WAVEMMA_VECTOR_NAMES(ushort, unsigned short)
WAVEMMA_VECTOR_NAMES(int, int)
WAVEMMA_VECTOR_NAMES(uint, unsigned int)
WAVEMMA_VECTOR_NAMES(long, long)
WAVEMMA_VECTOR_NAMES(ulong, unsigned long)
WAVEMMA_VECTOR_NAMES(longlong, long long)
WAVEMMA_VECTOR_NAMES(ulonglong, unsigned long long)
WAVEMMA_VECTOR_NAMES(float, float)
WAVEMMA_VECTOR_NAMES(double, double)
#undef WAVEMMA_VECTOR_NAMES
