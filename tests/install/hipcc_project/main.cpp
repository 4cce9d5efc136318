#include "kernels.hpp"
#include <cstdio>
#include <vector>
int main() {
  int const n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  float *dx, *dy, *dsum;
  hipMalloc(&dx, n * sizeof(float));
  hipMalloc(&dy, n * sizeof(float));
  hipMalloc(&dsum, sizeof(float));
  hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice);
  hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice);
  run_saxpy(2.0f, dx, dy, n);                       // a launch in another file
  saxpy<<<(n + 255) / 256, 256>>>(1.0f, dx, dy, n); // a kernel of another file
  reduce<64><<<1, 64>>>(dy, dsum, n);
  float sum = 0;
  hipMemcpy(&sum, dsum, sizeof(float), hipMemcpyDeviceToHost);
  double expect = 0;
  for (int i = 0; i < n; ++i) expect += 3.0 * i + 1.0;
  std::printf("sum %.1f expect %.1f %s\n", sum, expect, sum == expect ? "PASS" : "FAIL");
  return sum == expect ? 0 : 1;
}
