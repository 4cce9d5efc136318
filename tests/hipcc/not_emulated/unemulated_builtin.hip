// A builtin wavemma does not emulate, in device code: the compile stops naming it.
#include <hip/hip_runtime.h>
__global__ void k(float* out) { out[threadIdx.x] = __builtin_amdgcn_cubeid(1.0f, 2.0f, 3.0f); }
int main() { return 0; }
