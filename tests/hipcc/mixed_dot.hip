// HIP's amd_mixed_dot on integers in a kernel built by wavemma-hipcc (wavemma/hip/mixed_dot.hpp):
// each of the six overloads, with and without saturate, on 1,024 random (a, b, c) words and the
// edges of their ranges, against the definition written out here: the fields of a and b as the
// vector's components (or nibbles of an int), their products and c summed in 64-bit integers,
// then wrapped to 32 bits or clamped to the result type's range. Prints "mixed_dot: ok".
#include <hip/hip_runtime.h>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

constexpr int kForms = 6; // short2, ushort2, char4, uchar4, int, uint

__global__ void dots(unsigned const* a, unsigned const* b, unsigned const* c, unsigned* out, int n) {
  int const i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  unsigned const x = a[i], y = b[i], z = c[i];
  short2 const sx = make_short2(short(x & 0xFFFF), short(x >> 16)), sy = make_short2(short(y & 0xFFFF), short(y >> 16));
  ushort2 const ux = make_ushort2(x & 0xFFFF, x >> 16), uy = make_ushort2(y & 0xFFFF, y >> 16);
  char4 const cx = make_char4(char(x), char(x >> 8), char(x >> 16), char(x >> 24));
  char4 const cy = make_char4(char(y), char(y >> 8), char(y >> 16), char(y >> 24));
  uchar4 const bx = make_uchar4(x & 0xFF, (x >> 8) & 0xFF, (x >> 16) & 0xFF, x >> 24);
  uchar4 const by = make_uchar4(y & 0xFF, (y >> 8) & 0xFF, (y >> 16) & 0xFF, y >> 24);
  for (int s = 0; s < 2; ++s) {
    bool const saturate = s == 1;
    unsigned* o = out + (i * 2 + s) * kForms;
    o[0] = unsigned(amd_mixed_dot(sx, sy, int(z), saturate));
    o[1] = amd_mixed_dot(ux, uy, z, saturate);
    o[2] = unsigned(amd_mixed_dot(cx, cy, int(z), saturate));
    o[3] = amd_mixed_dot(bx, by, z, saturate);
    o[4] = unsigned(amd_mixed_dot(int(x), int(y), int(z), saturate));
    o[5] = amd_mixed_dot(x, y, z, saturate);
  }
}

// Field i of `width` bits, sign-extended or not.
int64_t field(unsigned w, int width, int i, bool is_signed) {
  unsigned const raw = (w >> (width * i)) & ((1u << width) - 1u);
  return is_signed && raw >= (1u << (width - 1)) ? int64_t(raw) - (int64_t(1) << width) : int64_t(raw);
}
unsigned reference(int form, unsigned a, unsigned b, unsigned c, bool saturate) {
  int const width = form < 2 ? 16 : form < 4 ? 8 : 4;
  bool const is_signed = form % 2 == 0;
  int64_t sum = is_signed ? int64_t(int32_t(c)) : int64_t(c);
  for (int i = 0; i < 32 / width; ++i) sum += field(a, width, i, is_signed) * field(b, width, i, is_signed);
  if (!saturate) return unsigned(uint64_t(sum) & 0xFFFFFFFFu);
  int64_t const lo = is_signed ? INT32_MIN : 0, hi = is_signed ? INT32_MAX : int64_t(UINT32_MAX);
  return unsigned(uint64_t(sum < lo ? lo : sum > hi ? hi : sum) & 0xFFFFFFFFu);
}

int main() {
  std::vector<unsigned> a, b, c;
  std::mt19937 rng(18);
  for (int i = 0; i < 1024; ++i) a.push_back(rng()), b.push_back(rng()), c.push_back(rng());
  // The edges: the most negative and positive fields of each width, against themselves, their
  // complement and 1, with c at and next to the ends of both ranges.
  for (unsigned x : {0u, 1u, 0x7FFF7FFFu, 0x80008000u, 0x7F7F7F7Fu, 0x80808080u, 0x77777777u, 0x88888888u, 0xFFFFFFFFu})
    for (unsigned y : {x, ~x, 1u})
      for (unsigned z : {0u, 0x7FFFFFFEu, 0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFFu})
        a.push_back(x), b.push_back(y), c.push_back(z);
  int const n = static_cast<int>(a.size());
  unsigned *da, *db, *dc, *dout;
  hipMalloc(&da, n * sizeof(unsigned));
  hipMalloc(&db, n * sizeof(unsigned));
  hipMalloc(&dc, n * sizeof(unsigned));
  hipMalloc(&dout, n * 2 * kForms * sizeof(unsigned));
  hipMemcpy(da, a.data(), n * sizeof(unsigned), hipMemcpyHostToDevice);
  hipMemcpy(db, b.data(), n * sizeof(unsigned), hipMemcpyHostToDevice);
  hipMemcpy(dc, c.data(), n * sizeof(unsigned), hipMemcpyHostToDevice);
  dots<<<(n + 255) / 256, 256>>>(da, db, dc, dout, n);
  std::vector<unsigned> out(size_t(n) * 2 * kForms);
  hipMemcpy(out.data(), dout, out.size() * sizeof(unsigned), hipMemcpyDeviceToHost);
  char const* const names[kForms] = {"short2", "ushort2", "char4", "uchar4", "int", "uint"};
  int bad = 0;
  for (int i = 0; i < n; ++i)
    for (int s = 0; s < 2; ++s)
      for (int f = 0; f < kForms; ++f) {
        unsigned const got = out[size_t(i * 2 + s) * kForms + f], want = reference(f, a[i], b[i], c[i], s == 1);
        if (got != want && bad++ < 10)
          std::printf("%s (0x%08x, 0x%08x, 0x%08x, %d): got 0x%08x, want 0x%08x\n", names[f], a[i], b[i], c[i], s, got,
                      want);
      }
  // A few by hand: the components pair x with x; the sums leave the range by one or by much.
  auto check = [&](char const* what, long long got, long long want) {
    if (got != want && bad++ < 20) std::printf("%s: got %lld, want %lld\n", what, got, want);
  };
  check("(1, 2).(3, 5) + 7", amd_mixed_dot(make_short2(1, 2), make_short2(3, 5), 7, false), 20);
  check("(1, 2, 3, 4).(5, 6, 7, -8) - 1", amd_mixed_dot(make_char4(1, 2, 3, 4), make_char4(5, 6, 7, -8), -1, false),
        5 + 12 + 21 - 32 - 1);
  check("nibbles 0x21 . 0x35", amd_mixed_dot(0x21, 0x35, 0, false), 1 * 5 + 2 * 3);
  check("nibbles 0xF . 0xF", amd_mixed_dot(0xF, 0xF, 0, false), 1);               // -1 * -1
  check("unsigned nibbles 0xF . 0xF", amd_mixed_dot(0xFu, 0xFu, 0u, false), 225); // 15 * 15
  short2 const most = make_short2(-32768, -32768);
  check("2^31 + INT_MAX, saturated", amd_mixed_dot(most, most, INT_MAX, true), INT_MAX);
  check("2^31 + INT_MAX, wrapped", amd_mixed_dot(most, most, INT_MAX, false), -1);
  check("-2^31 + 2^16 + INT_MIN, saturated", amd_mixed_dot(most, make_short2(32767, 32767), INT_MIN, true), INT_MIN);
  check("INT_MAX + 1, saturated", amd_mixed_dot(make_char4(1, 0, 0, 0), make_char4(1, 0, 0, 0), INT_MAX, true),
        INT_MAX);
  check("INT_MAX + 1, wrapped", amd_mixed_dot(make_char4(1, 0, 0, 0), make_char4(1, 0, 0, 0), INT_MAX, false), INT_MIN);
  check("INT_MAX exactly", amd_mixed_dot(make_char4(1, 0, 0, 0), make_char4(1, 0, 0, 0), INT_MAX - 1, true), INT_MAX);
  check("INT_MIN - 1, saturated", amd_mixed_dot(1, 0xF, INT_MIN, true), INT_MIN); // 1 * -1
  check("UINT_MAX + 1, saturated", amd_mixed_dot(make_ushort2(1, 0), make_ushort2(1, 0), UINT_MAX, true), UINT_MAX);
  check("UINT_MAX + 1, wrapped", amd_mixed_dot(make_uchar4(1, 0, 0, 0), make_uchar4(1, 0, 0, 0), UINT_MAX, false), 0);
  check("8 x 225 + UINT_MAX, saturated", amd_mixed_dot(0xFFFFFFFFu, 0xFFFFFFFFu, UINT_MAX, true), UINT_MAX);
  if (bad) return 1;
  std::printf("mixed_dot: ok (%d cases x %d forms x 2)\n", n, kForms);
  return 0;
}
