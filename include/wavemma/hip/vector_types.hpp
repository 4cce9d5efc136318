#pragma once
// HIP's vector types (float4, int2, uchar3, ...) and their make_* functions, for <hip/hip_vector_types.h>
// and for C++ that includes this header directly, declared as amd_hip_vector_types.h declares them for
// clang: global templates HIP_vector_base<T, N> (the storage) and HIP_vector_type<T, N> (constructors
// and operators), float4 being HIP_vector_type<float, 4>.
//
// HIP_vector_base<T, N> holds `data`, of type Native_vec_ (a clang vector of N T's; for N = 3 a struct of
// three T's with component-wise operators), in a union with the members x, y, z, w. HIP_vector_type's
// operators act on `data` with data's own operators, so a library that specializes HIP_vector_base for
// its own element type or size (rocWMMA does, for __half and for vectors of 8 to 256 components) gets
// HIP_vector_type's operators from its own storage, as with HIP's headers.
//
// Sizes and alignments are those of clang's vectors: N x sizeof(T), aligned to the whole size, for 1, 2
// and 4 components; 3 x sizeof(T), aligned to T, for 3 (checked in tests/hipcc/headers_test.cpp). A scalar
// operand of a binary operator is broadcast; == and != compare every component and give one bool. C++17.

#include <type_traits>

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wgnu-anonymous-struct"
#pragma clang diagnostic ignored "-Wnested-anon-types"

template <typename T, unsigned int n>
struct HIP_vector_base;

template <typename T>
struct HIP_vector_base<T, 1> {
  using Native_vec_ = T __attribute__((ext_vector_type(1)));
  union {
    Native_vec_ data;
    struct {
      T x;
    };
  };
  using value_type = T;

  HIP_vector_base() = default;
  explicit constexpr HIP_vector_base(T x_) noexcept : data{x_} {}
  constexpr HIP_vector_base(HIP_vector_base const&) = default;
  constexpr HIP_vector_base(HIP_vector_base&&) = default;
  ~HIP_vector_base() = default;
  HIP_vector_base& operator=(HIP_vector_base const& o) noexcept {
    data = o.data;
    return *this;
  }
};

template <typename T>
struct HIP_vector_base<T, 2> {
  using Native_vec_ = T __attribute__((ext_vector_type(2)));
  union {
    Native_vec_ data;
    struct {
      T x, y;
    };
  };
  using value_type = T;

  HIP_vector_base() = default;
  explicit constexpr HIP_vector_base(T x_) noexcept : data{x_, x_} {}
  constexpr HIP_vector_base(T x_, T y_) noexcept : data{x_, y_} {}
  constexpr HIP_vector_base(HIP_vector_base const&) = default;
  constexpr HIP_vector_base(HIP_vector_base&&) = default;
  ~HIP_vector_base() = default;
  HIP_vector_base& operator=(HIP_vector_base const& o) noexcept {
    data = o.data;
    return *this;
  }
};

template <typename T>
struct HIP_vector_base<T, 3> {
  // Three components have no clang vector of their size (it would be padded to four): a struct of
  // three with the operators HIP_vector_type uses.
  struct Native_vec_ {
    T d[3];

    Native_vec_() = default;
    explicit constexpr Native_vec_(T x_) noexcept : d{x_, x_, x_} {}
    constexpr Native_vec_(T x_, T y_, T z_) noexcept : d{x_, y_, z_} {}

    T& operator[](unsigned int i) noexcept { return d[i]; }
    T operator[](unsigned int i) const noexcept { return d[i]; }

#define WAVEMMA_NATIVE3_COMPOUND(op)                                                                                   \
  Native_vec_& operator op## = (Native_vec_ const& o) noexcept {                                                       \
    for (unsigned i = 0; i < 3; ++i) d[i] op## = o.d[i];                                                               \
    return *this;                                                                                                      \
  }
    WAVEMMA_NATIVE3_COMPOUND(+)
    WAVEMMA_NATIVE3_COMPOUND(-)
    WAVEMMA_NATIVE3_COMPOUND(*)
    WAVEMMA_NATIVE3_COMPOUND(/)
#undef WAVEMMA_NATIVE3_COMPOUND
#define WAVEMMA_NATIVE3_INTEGER_COMPOUND(op)                                                                           \
  template <typename U = T, std::enable_if_t<std::is_integral_v<U>, int> = 0>                                          \
  Native_vec_& operator op## = (Native_vec_ const& o) noexcept {                                                       \
    for (unsigned i = 0; i < 3; ++i) d[i] op## = o.d[i];                                                               \
    return *this;                                                                                                      \
  }
    WAVEMMA_NATIVE3_INTEGER_COMPOUND(%)
    WAVEMMA_NATIVE3_INTEGER_COMPOUND(^)
    WAVEMMA_NATIVE3_INTEGER_COMPOUND(|)
    WAVEMMA_NATIVE3_INTEGER_COMPOUND(&)
    WAVEMMA_NATIVE3_INTEGER_COMPOUND(>>)
    WAVEMMA_NATIVE3_INTEGER_COMPOUND(<<)
#undef WAVEMMA_NATIVE3_INTEGER_COMPOUND

    template <typename U = T, std::enable_if_t<std::is_signed_v<U>, int> = 0>
    Native_vec_ operator-() const noexcept {
      return Native_vec_(-d[0], -d[1], -d[2]);
    }
    template <typename U = T, std::enable_if_t<std::is_integral_v<U>, int> = 0>
    Native_vec_ operator~() const noexcept {
      return Native_vec_(~d[0], ~d[1], ~d[2]);
    }

    // As a clang vector's ==: one int per component, 0 or -1 (HIP's is a vector of four ints).
    using Vec3_cmp = int __attribute__((vector_size(4 * sizeof(int))));
    Vec3_cmp operator==(Native_vec_ const& o) const noexcept {
      return Vec3_cmp{-int(d[0] == o.d[0]), -int(d[1] == o.d[1]), -int(d[2] == o.d[2])};
    }
  };

  union {
    Native_vec_ data;
    struct {
      T x, y, z;
    };
  };
  using value_type = T;

  HIP_vector_base() = default;
  explicit constexpr HIP_vector_base(T x_) noexcept : data{x_, x_, x_} {}
  constexpr HIP_vector_base(T x_, T y_, T z_) noexcept : data{x_, y_, z_} {}
  constexpr HIP_vector_base(HIP_vector_base const&) = default;
  constexpr HIP_vector_base(HIP_vector_base&&) = default;
  ~HIP_vector_base() = default;
  HIP_vector_base& operator=(HIP_vector_base const&) = default;
  HIP_vector_base& operator=(HIP_vector_base&&) = default;
};

template <typename T>
struct HIP_vector_base<T, 4> {
  using Native_vec_ = T __attribute__((ext_vector_type(4)));
  union {
    Native_vec_ data;
    struct {
      T x, y, z, w;
    };
  };
  using value_type = T;

  HIP_vector_base() = default;
  explicit constexpr HIP_vector_base(T x_) noexcept : data{x_, x_, x_, x_} {}
  constexpr HIP_vector_base(T x_, T y_, T z_, T w_) noexcept : data{x_, y_, z_, w_} {}
  constexpr HIP_vector_base(HIP_vector_base const&) = default;
  constexpr HIP_vector_base(HIP_vector_base&&) = default;
  ~HIP_vector_base() = default;
  HIP_vector_base& operator=(HIP_vector_base const& o) noexcept {
    data = o.data;
    return *this;
  }
};

#pragma clang diagnostic pop

template <typename T, unsigned int rank>
struct HIP_vector_type : public HIP_vector_base<T, rank> {
  using HIP_vector_base<T, rank>::data;
  using typename HIP_vector_base<T, rank>::Native_vec_;

  HIP_vector_type() = default;
  // A scalar fills every component (explicit, as in HIP).
  template <typename U, typename std::enable_if<std::is_convertible<U, T>::value>::type* = nullptr>
  explicit constexpr HIP_vector_type(U x_) noexcept : HIP_vector_base<T, rank>{static_cast<T>(x_)} {}
  template <typename... Us, typename std::enable_if<(rank > 1) && sizeof...(Us) == rank>::type* = nullptr>
  constexpr HIP_vector_type(Us... xs) noexcept : HIP_vector_base<T, rank>{static_cast<T>(xs)...} {}
  constexpr HIP_vector_type(HIP_vector_type const&) = default;
  constexpr HIP_vector_type(HIP_vector_type&&) = default;
  ~HIP_vector_type() = default;
  HIP_vector_type& operator=(HIP_vector_type const&) = default;
  HIP_vector_type& operator=(HIP_vector_type&&) = default;

  HIP_vector_type& operator++() noexcept { return *this += HIP_vector_type{1}; }
  HIP_vector_type operator++(int) noexcept {
    HIP_vector_type old(*this);
    ++*this;
    return old;
  }
  HIP_vector_type& operator--() noexcept { return *this -= HIP_vector_type{1}; }
  HIP_vector_type operator--(int) noexcept {
    HIP_vector_type old(*this);
    --*this;
    return old;
  }

  // The compound operators of every element type, with a vector or a broadcast scalar.
#define WAVEMMA_HIP_VECTOR_COMPOUND(op)                                                                                \
  HIP_vector_type& operator op## = (HIP_vector_type const& o) noexcept {                                               \
    data op## = o.data;                                                                                                \
    return *this;                                                                                                      \
  }                                                                                                                    \
  template <typename U, typename std::enable_if<std::is_convertible<U, T>{}>::type* = nullptr>                         \
  HIP_vector_type& operator op## = (U s) noexcept {                                                                    \
    return *this op## = HIP_vector_type{s};                                                                            \
  }
  WAVEMMA_HIP_VECTOR_COMPOUND(+)
  WAVEMMA_HIP_VECTOR_COMPOUND(-)
  WAVEMMA_HIP_VECTOR_COMPOUND(*)
  WAVEMMA_HIP_VECTOR_COMPOUND(/)
#undef WAVEMMA_HIP_VECTOR_COMPOUND

  template <typename U = T, typename std::enable_if<std::is_signed<U>{}>::type* = nullptr>
  HIP_vector_type operator-() const noexcept {
    HIP_vector_type out(*this);
    out.data = -out.data;
    return out;
  }
  template <typename U = T, typename std::enable_if<std::is_integral<U>{}>::type* = nullptr>
  HIP_vector_type operator~() const noexcept {
    HIP_vector_type out(*this);
    out.data = ~out.data;
    return out;
  }

  // The integer types' compound operators take a vector only, as HIP's do.
#define WAVEMMA_HIP_VECTOR_INTEGER_COMPOUND(op)                                                                        \
  template <typename U = T, typename std::enable_if<std::is_integral<U>{}>::type* = nullptr>                           \
  HIP_vector_type& operator op## = (HIP_vector_type const& o) noexcept {                                               \
    data op## = o.data;                                                                                                \
    return *this;                                                                                                      \
  }
  WAVEMMA_HIP_VECTOR_INTEGER_COMPOUND(%)
  WAVEMMA_HIP_VECTOR_INTEGER_COMPOUND(^)
  WAVEMMA_HIP_VECTOR_INTEGER_COMPOUND(|)
  WAVEMMA_HIP_VECTOR_INTEGER_COMPOUND(&)
  WAVEMMA_HIP_VECTOR_INTEGER_COMPOUND(>>)
  WAVEMMA_HIP_VECTOR_INTEGER_COMPOUND(<<)
#undef WAVEMMA_HIP_VECTOR_INTEGER_COMPOUND
};

// Binary operators: vector with vector, and with a scalar on either side (broadcast). Those of the
// integer operators exist for integer element types only.
#define WAVEMMA_HIP_VECTOR_BINARY(op, ...)                                                                             \
  template <typename T, unsigned int n, typename std::enable_if<__VA_ARGS__>::type* = nullptr>                         \
  constexpr HIP_vector_type<T, n> operator op(HIP_vector_type<T, n> const& x,                                          \
                                              HIP_vector_type<T, n> const& y) noexcept {                               \
    return HIP_vector_type<T, n>{x} op## = y;                                                                          \
  }                                                                                                                    \
  template <typename T, unsigned int n, typename U, typename std::enable_if<__VA_ARGS__>::type* = nullptr>             \
  constexpr HIP_vector_type<T, n> operator op(HIP_vector_type<T, n> const& x, U y) noexcept {                          \
    return HIP_vector_type<T, n>{x} op## = HIP_vector_type<T, n>{y};                                                   \
  }                                                                                                                    \
  template <typename T, unsigned int n, typename U, typename std::enable_if<__VA_ARGS__>::type* = nullptr>             \
  constexpr HIP_vector_type<T, n> operator op(U x, HIP_vector_type<T, n> const& y) noexcept {                          \
    return HIP_vector_type<T, n>{x} op## = y;                                                                          \
  }
WAVEMMA_HIP_VECTOR_BINARY(+, true)
WAVEMMA_HIP_VECTOR_BINARY(-, true)
WAVEMMA_HIP_VECTOR_BINARY(*, true)
WAVEMMA_HIP_VECTOR_BINARY(/, true)
WAVEMMA_HIP_VECTOR_BINARY(%, std::is_integral<T>::value)
WAVEMMA_HIP_VECTOR_BINARY(^, std::is_integral<T>::value)
WAVEMMA_HIP_VECTOR_BINARY(|, std::is_integral<T>::value)
WAVEMMA_HIP_VECTOR_BINARY(&, std::is_integral<T>::value)
WAVEMMA_HIP_VECTOR_BINARY(>>, std::is_integral<T>::value)
WAVEMMA_HIP_VECTOR_BINARY(<<, std::is_integral<T>::value)
#undef WAVEMMA_HIP_VECTOR_BINARY

// True when no component of a component-wise comparison (a clang vector of 0 or -1) is 0, looking at
// components n down to 0.
template <typename V>
constexpr bool _hip_any_zero(V const& x, int n) noexcept {
  return n == -1 ? true : (x[n] == 0 ? false : _hip_any_zero(x, n - 1));
}

template <typename T, unsigned int n>
constexpr bool operator==(HIP_vector_type<T, n> const& x, HIP_vector_type<T, n> const& y) noexcept {
  return _hip_any_zero(x.data == y.data, n - 1);
}
template <typename T, unsigned int n, typename U>
constexpr bool operator==(HIP_vector_type<T, n> const& x, U y) noexcept {
  return x == HIP_vector_type<T, n>{y};
}
template <typename T, unsigned int n, typename U>
constexpr bool operator==(U x, HIP_vector_type<T, n> const& y) noexcept {
  return HIP_vector_type<T, n>{x} == y;
}
template <typename T, unsigned int n>
constexpr bool operator!=(HIP_vector_type<T, n> const& x, HIP_vector_type<T, n> const& y) noexcept {
  return !(x == y);
}
template <typename T, unsigned int n, typename U>
constexpr bool operator!=(HIP_vector_type<T, n> const& x, U y) noexcept {
  return !(x == y);
}
template <typename T, unsigned int n, typename U>
constexpr bool operator!=(U x, HIP_vector_type<T, n> const& y) noexcept {
  return !(x == y);
}

// The names HIP gives them, and make_<name>N(...) with HIP's parameter type P (signed char for char).
#define WAVEMMA_VECTOR_NAMES(name, T, P)                                                                               \
  using name##1 = HIP_vector_type<T, 1>;                                                                               \
  using name##2 = HIP_vector_type<T, 2>;                                                                               \
  using name##3 = HIP_vector_type<T, 3>;                                                                               \
  using name##4 = HIP_vector_type<T, 4>;                                                                               \
  inline constexpr name##1 make_##name##1(P x) { return name##1(static_cast<T>(x)); }                                  \
  inline constexpr name##2 make_##name##2(P x, P y) { return name##2(static_cast<T>(x), static_cast<T>(y)); }          \
  inline constexpr name##3 make_##name##3(P x, P y, P z) {                                                             \
    return name##3(static_cast<T>(x), static_cast<T>(y), static_cast<T>(z));                                           \
  }                                                                                                                    \
  inline constexpr name##4 make_##name##4(P x, P y, P z, P w) {                                                        \
    return name##4(static_cast<T>(x), static_cast<T>(y), static_cast<T>(z), static_cast<T>(w));                        \
  }
WAVEMMA_VECTOR_NAMES(char, char, signed char)
WAVEMMA_VECTOR_NAMES(uchar, unsigned char, unsigned char)
WAVEMMA_VECTOR_NAMES(short, short, short)
WAVEMMA_VECTOR_NAMES(ushort, unsigned short, unsigned short)
WAVEMMA_VECTOR_NAMES(int, int, int)
WAVEMMA_VECTOR_NAMES(uint, unsigned int, unsigned int)
WAVEMMA_VECTOR_NAMES(long, long, long)
WAVEMMA_VECTOR_NAMES(ulong, unsigned long, unsigned long)
WAVEMMA_VECTOR_NAMES(longlong, long long, long long)
WAVEMMA_VECTOR_NAMES(ulonglong, unsigned long long, unsigned long long)
WAVEMMA_VECTOR_NAMES(float, float, float)
WAVEMMA_VECTOR_NAMES(double, double, double)
#undef WAVEMMA_VECTOR_NAMES
