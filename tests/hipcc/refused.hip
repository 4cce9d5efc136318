// What wavemma does not emulate compiles with HIP's declarations, and the first call stops the
// program with one line naming the call, the feature, this file and the line of the call.
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

__global__ void kernel(int* out) { out[0] = 1; }
__global__ void fetch(hipTextureObject_t texture, int* out) { out[0] = tex2D<int>(texture, 0.5f, 0.5f); }
__global__ void half_dot(float* out) { out[0] = amd_mixed_dot(__float2half2_rn(1), __float2half2_rn(3), 1, false); }

int main(int argc, char** argv) {
  char const* what = argc > 1 ? argv[1] : "";
  std::printf("before the call\n");
  std::fflush(stdout);
  if (std::strcmp(what, "module") == 0) {
    hipModule_t module;
    hipFunction_t function;
    hipError_t const e = hipModuleLoad(&module, "kernels.co");
    if (e != HIP_SUCCESS) return 2;
    hipModuleGetFunction(&function, module, "kernel");
    int* out = nullptr;
    struct {
      int* out;
    } args{out};
    size_t size = sizeof(args);
    void* config[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
                      HIP_LAUNCH_PARAM_END};
    hipModuleLaunchKernel(function, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, config);
  } else if (std::strcmp(what, "launch") == 0) {
    int* out = nullptr;
    void* args[] = {&out};
    hipLaunchKernel(reinterpret_cast<void const*>(kernel), dim3(1), dim3(1), args);
  } else if (std::strcmp(what, "peer") == 0) {
    hipDeviceEnablePeerAccess(1, 0);
  } else if (std::strcmp(what, "module_launch") == 0) {
    hipModuleLaunchKernel(nullptr, 1, 1, 1, 64, 1, 1, 0, hipStreamDefault, nullptr, nullptr);
  } else if (std::strcmp(what, "texture") == 0) {
    hipChannelFormatDesc const channel = hipCreateChannelDesc(8, 0, 0, 0, hipChannelFormatKindUnsigned);
    if (channel.x != 8 || channel.f != hipChannelFormatKindUnsigned) return 2;
    hipResourceDesc resource{};
    resource.resType = hipResourceTypeArray;
    hipTextureDesc texture{};
    texture.addressMode[0] = hipAddressModeWrap;
    texture.filterMode = hipFilterModePoint;
    hipTextureObject_t object{};
    hipCreateTextureObject(&object, &resource, &texture, nullptr);
  } else if (std::strcmp(what, "fetch") == 0) {
    int* out = nullptr;
    hipMalloc(&out, sizeof(int));
    fetch<<<1, 1>>>(hipTextureObject_t{}, out);
    hipDeviceSynchronize();
  } else if (std::strcmp(what, "half_dot") == 0) {
    float* out = nullptr;
    hipMalloc(&out, sizeof(float));
    half_dot<<<1, 1>>>(out);
    hipDeviceSynchronize();
  }
  std::printf("after the call\n");
  return 0;
}
