#pragma once
#include <hip/hip_runtime.h>
__global__ void saxpy(float a, float const* x, float* y, int n);
template <int Block>
__global__ void reduce(float const* x, float* out, int n) {
  __shared__ float part[Block];
  int const t = threadIdx.x;
  float s = 0;
  for (int i = t; i < n; i += Block) s += x[i];
  part[t] = s;
  __syncthreads();
  for (int w = Block / 2; w > 0; w /= 2) {
    if (t < w) part[t] += part[t + w];
    __syncthreads();
  }
  if (t == 0) *out = part[0];
}
void run_saxpy(float a, float const* x, float* y, int n);
