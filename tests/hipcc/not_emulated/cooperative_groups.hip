// A program that uses cooperative groups: the compile stops naming them.
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>
int main() { return 0; }
