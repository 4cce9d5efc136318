// HIP's complex operators (amd_hip_complex.h): built once with HIP's own headers (HIP 5.2, host
// pass) and once with wavemma-hipcc; compare_with_hip.py requires the same output, bit for bit.
// hipFloatComplex is float2: a * b and a / b are the complex product and quotient, not the
// component-wise ones, and so are those of two float2 once <hip/hip_complex.h> is included. (The
// compound forms, a += b, are ambiguous with HIP's headers: the vector's member and the free operator.)
#include <hip/hip_complex.h>
#include <hip/hip_runtime.h>

#include <cstdio>

template <typename C>
void print(char const* what, C c) {
  std::printf("%s %a %a\n", what, static_cast<double>(c.x), static_cast<double>(c.y));
}

int main() {
  float const values[] = {1.0f, -2.5f, 3.0f, 0.1f, -7.25f, 1e-3f, 65504.0f, 0.0f};
  for (float ar : values)
    for (float ai : values)
      for (float br : {3.0f, -0.5f, 1e4f, 0.3f}) {
        float const bi = ar - br;
        hipFloatComplex a = make_hipFloatComplex(ar, ai), b = make_hipFloatComplex(br, bi);
        print("add", a + b);
        print("sub", a - b);
        print("mul", a * b);
        print("div", a / b);
        print("neg", -a);
        print("scale", a * 3);
        print("scale_f", a * 0.1f);
        print("scale_d", a * 0.1);
        print("float2_mul", float2(ar, ai) * float2(br, bi));
        std::printf("eq %d %d\n", int(a == a), int(a != b));
        hipDoubleComplex da = make_hipDoubleComplex(ar, ai), db = make_hipDoubleComplex(br, bi);
        print("dmul", da * db);
        print("ddiv", da / db);
        print("dscale", da * 7LL);
      }
  return 0;
}
