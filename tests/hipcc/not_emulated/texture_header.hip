// A program that includes HIP's texture types: the compile stops naming what is not emulated.
#include <hip/hip_runtime.h>
#include <hip/hip_texture_types.h>
int main() { return 0; }
