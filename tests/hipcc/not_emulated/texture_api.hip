// A program that creates a texture object: the compile stops naming the call.
#include <hip/hip_runtime.h>
int main() {
  hipTextureObject_t texture = nullptr;
  return hipCreateTextureObject(&texture, nullptr, nullptr, nullptr) != hipSuccess;
}
