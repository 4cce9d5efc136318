// Decimal numbers as the user wrote them: the exact binary value of a decimal string, for one
// correct rounding into any operand format (numeric::encode) instead of two (through double).

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <vector>

#include "cli.hpp"

namespace wavemma::cli {
namespace {

// A non-negative integer as 32-bit limbs, least significant first, no leading zero limbs.
struct Natural {
  std::vector<uint32_t> limbs;

  void trim() {
    while (!limbs.empty() && limbs.back() == 0) limbs.pop_back();
  }
  bool zero() const { return limbs.empty(); }
  int64_t bit_length() const {
    if (limbs.empty()) return 0;
    return int64_t(limbs.size() - 1) * 32 + (32 - __builtin_clz(limbs.back()));
  }
  // *this = *this * factor + addend
  void multiply_add(uint32_t factor, uint32_t addend) {
    uint64_t carry = addend;
    for (auto& l : limbs) {
      uint64_t const v = uint64_t{l} * factor + carry;
      l = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
    if (carry) limbs.push_back(static_cast<uint32_t>(carry));
    trim();
  }
  void multiply_pow10(int64_t n) {
    for (; n >= 9; n -= 9) multiply_add(1000000000u, 0);
    uint32_t p = 1;
    for (; n > 0; --n) p *= 10;
    multiply_add(p, 0);
  }
  void shift_left(int64_t n) {
    if (zero() || n == 0) return;
    size_t const words = static_cast<size_t>(n / 32);
    int const bits = static_cast<int>(n % 32);
    std::vector<uint32_t> out(limbs.size() + words + 1, 0);
    for (size_t i = 0; i < limbs.size(); ++i) {
      uint64_t const v = uint64_t{limbs[i]} << bits;
      out[i + words] |= static_cast<uint32_t>(v);
      out[i + words + 1] |= static_cast<uint32_t>(v >> 32);
    }
    limbs = std::move(out);
    trim();
  }
  void shift_right_one() {
    for (size_t i = 0; i < limbs.size(); ++i)
      limbs[i] = (limbs[i] >> 1) | (i + 1 < limbs.size() ? limbs[i + 1] << 31 : 0);
    trim();
  }
  friend bool operator<(Natural const& a, Natural const& b) {
    if (a.limbs.size() != b.limbs.size()) return a.limbs.size() < b.limbs.size();
    return std::lexicographical_compare(a.limbs.rbegin(), a.limbs.rend(), b.limbs.rbegin(), b.limbs.rend());
  }
  // *this -= b, where b <= *this.
  void subtract(Natural const& b) {
    int64_t borrow = 0;
    for (size_t i = 0; i < limbs.size(); ++i) {
      int64_t v = int64_t{limbs[i]} - (i < b.limbs.size() ? int64_t{b.limbs[i]} : 0) - borrow;
      borrow = v < 0;
      limbs[i] = static_cast<uint32_t>(v + (borrow << 32));
    }
    trim();
  }
};

// Significant digits kept: every midpoint between two neighbouring values of a format no wider
// than f64 has an exact decimal expansion of at most 767 significant digits, so a value cut after
// 800 digits, with a nonzero digit appended when anything nonzero was cut, rounds as the whole
// string does.
constexpr size_t kKeptDigits = 800;
// Beyond 10^400 every format overflows; below 10^-400 every value rounds like an infinitesimal.
constexpr int64_t kExponentReach = 400;

} // namespace

std::optional<ExactReal> parse_decimal(std::string_view s) {
  ExactReal out;
  size_t i = 0;
  out.neg = s.starts_with('-');
  if (out.neg) ++i;
  std::string digits; // significant digits, without leading zeros (the cut happens on the fly)
  bool cut_nonzero = false;
  int64_t exponent = 0; // value = digits * 10^exponent
  size_t mantissa = 0;
  auto const take = [&](bool fraction) {
    for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); ++i, ++mantissa) {
      char const c = s[i];
      if (digits.empty() && c == '0') {
        if (fraction) --exponent;
        continue;
      }
      if (digits.size() < kKeptDigits) {
        digits += c;
        if (fraction) --exponent;
      } else {
        cut_nonzero |= c != '0';
        if (!fraction) ++exponent;
      }
    }
  };
  take(false);
  if (i < s.size() && s[i] == '.') ++i, take(true);
  if (mantissa == 0) return std::nullopt;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool const neg_exp = i < s.size() && s[i] == '-';
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t const start = i;
    int64_t e = 0;
    for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); ++i)
      e = std::min<int64_t>(e * 10 + (s[i] - '0'), int64_t{1} << 40); // saturates far beyond any reach
    if (i == start) return std::nullopt;
    exponent += neg_exp ? -e : e;
  }
  if (i != s.size()) return std::nullopt;
  if (digits.empty()) return out; // a zero, sign kept
  if (cut_nonzero) digits += '1', --exponent;
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back(), ++exponent;

  int64_t const leading = int64_t(digits.size()) - 1 + exponent; // value in [10^leading, 10^(leading+1))
  if (leading > kExponentReach) {
    out.sig = 1, out.exp = 4 * kExponentReach;
    return out;
  }
  if (leading < -kExponentReach) {
    out.sig = 1, out.exp = -8 * kExponentReach;
    return out;
  }
  // value = num / den exactly; q = floor(num * 2^shift / den) has 63 or 64 bits, the rest is sticky.
  Natural num, den;
  for (char c : digits) num.multiply_add(10, static_cast<uint32_t>(c - '0'));
  den.limbs = {1};
  if (exponent >= 0)
    num.multiply_pow10(exponent);
  else
    den.multiply_pow10(-exponent);
  int64_t const shift = den.bit_length() - num.bit_length() + 63;
  if (shift >= 0)
    num.shift_left(shift);
  else
    den.shift_left(-shift);
  // num / den lies in (2^62, 2^64): 64 steps of long division.
  den.shift_left(63);
  uint64_t q = 0;
  for (int bit = 63; bit >= 0; --bit) {
    if (!(num < den)) {
      num.subtract(den);
      q |= uint64_t{1} << bit;
    }
    den.shift_right_one();
  }
  out.sig = q;
  out.exp = static_cast<int>(-shift);
  out.sticky = !num.zero();
  return out;
}

} // namespace wavemma::cli
