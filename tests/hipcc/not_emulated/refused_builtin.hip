// A builtin of clang-22's list that wavemma refuses (include/wavemma/hip/refused_builtins.hpp): the
// compile stops at its first use with one line naming it and why; a call in a template that is never
// instantiated, whose arguments depend on the template's parameters, is no use.
#include <hip/hip_runtime.h>
template <class T>
__device__ float unused(T v) {
  return __builtin_amdgcn_cubeid(v, v, v);
}
__device__ unsigned long long where(int x) {
  unsigned long long const pc = __builtin_amdgcn_s_getpc();
  return pc + x;
}
__global__ void k(unsigned long long* out) { out[0] = where(1); }
int main() { return 0; }
