#pragma once
// The name a TilePolicy or ComputePolicy carries for people (`static constexpr PolicyName name`,
// e.g. "LdsTile<32x32x32, 2 buffers>"), spelled at compile time from its own template arguments:
// the host registry (`wavemma gemm --list-policies`) reads it instead of guessing the policy from
// its members. No allocation and no formatting library, so device code may include it.

#include <string_view>

namespace wavemma::gemm {

struct PolicyName {
  static constexpr int kCapacity = 96;
  char text[kCapacity] = {};
  int size = 0;

  constexpr PolicyName() = default;
  constexpr PolicyName(char const* s) { append(s); } // NOLINT: a literal is a name

  // Past kCapacity the write is out of bounds, which a constant evaluation refuses: a compile error.
  constexpr PolicyName operator+(char const* s) const {
    PolicyName out = *this;
    out.append(s);
    return out;
  }
  constexpr PolicyName operator+(int v) const {
    char digits[12] = {};
    int n = 0;
    unsigned u = v < 0 ? 0u - static_cast<unsigned>(v) : static_cast<unsigned>(v);
    do {
      digits[n++] = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u);
    PolicyName out = *this;
    if (v < 0) out.text[out.size++] = '-';
    while (n) out.text[out.size++] = digits[--n];
    return out;
  }
  constexpr std::string_view view() const { return {text, static_cast<std::string_view::size_type>(size)}; }

private:
  constexpr void append(char const* s) {
    while (*s) text[size++] = *s++;
  }
};

// "MxNxK", the extent of a block tile in a TilePolicy's name.
constexpr PolicyName tile_extent(PolicyName const& prefix, int m, int n, int k) {
  return prefix + m + "x" + n + "x" + k;
}

} // namespace wavemma::gemm
