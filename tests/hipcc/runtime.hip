// The runtime as a HIP program uses it: the path chosen from gcnArchName, device code guarded by
// target macros, events around launches (hipExtLaunchKernelGGL too), streams, every copy and fill
// form, __device__/__constant__ symbols, host-pinned and managed memory, device attributes,
// kernel queries, and the error codes HIP returns for bad calls and launch configurations.

#include <hip/hip_ext.h>
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static int failures = 0;
#define EXPECT(cond, ...)                                                                                              \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      ++failures;                                                                                                      \
      std::printf("FAILED line %d: ", __LINE__);                                                                       \
      std::printf(__VA_ARGS__);                                                                                        \
      std::printf("\n");                                                                                               \
    }                                                                                                                  \
  } while (0)
#define HIP_CHECK(call)                                                                                                \
  do {                                                                                                                 \
    hipError_t const e = (call);                                                                                       \
    if (e != hipSuccess) {                                                                                             \
      std::printf("FAILED %s: %s\n", #call, hipGetErrorString(e));                                                     \
      return 1;                                                                                                        \
    }                                                                                                                  \
  } while (0)

__constant__ int table[16];
__device__ float scale = 2.0f;
__device__ int counter;

// What the device pass compiled for: its target macro and wave size.
__global__ void which_target(int* out) {
#if defined(__gfx942__)
  out[0] = 942;
#elif defined(__gfx1201__)
  out[0] = 1201;
#else
  out[0] = -1;
#endif
#if defined(__HIP_DEVICE_COMPILE__) && defined(__GFX9__)
  out[1] = 64;
#elif defined(__HIP_DEVICE_COMPILE__)
  out[1] = 32; // RDNA's default wave size; clang-22 no longer defines __AMDGCN_WAVEFRONT_SIZE
#endif
  out[2] = warpSize;
}
// Two paths, chosen on the host by gcnArchName as programs do.
__global__ void cdna_path(int* out) { out[threadIdx.x] = 9000 + static_cast<int>(threadIdx.x); }
__global__ void rdna_path(int* out) { out[threadIdx.x] = 12000 + static_cast<int>(threadIdx.x); }

__global__ void use_symbols(float* out) {
  int const i = static_cast<int>(threadIdx.x);
  out[i] = static_cast<float>(table[i]) * scale;
  atomicAdd(&counter, 1);
}
template <typename T>
__global__ void axpy(T a, T const* x, T* y, int n) {
  int const i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void touch(int* host_memory, int n) {
  for (int i = static_cast<int>(threadIdx.x); i < n; i += static_cast<int>(blockDim.x)) host_memory[i] += i;
}

int main() {
  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  std::string const arch = props.gcnArchName;
  bool const cdna = arch.find("gfx94") == 0;
  std::printf("%s (%s)\n", props.name, arch.c_str());
  int count = 0, device = -1, value = 0;
  HIP_CHECK(hipGetDeviceCount(&count));
  HIP_CHECK(hipGetDevice(&device));
  EXPECT(count == 1 && device == 0, "one device");
  HIP_CHECK(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, 0));
  EXPECT(value == props.warpSize && value == (cdna ? 64 : 32), "warp size %d", value);
  HIP_CHECK(hipDeviceGetAttribute(&value, hipDeviceAttributeMultiprocessorCount, 0));
  EXPECT(value == (cdna ? 304 : 64), "CUs %d (MI300X / RX 9070 XT)", value);
  HIP_CHECK(hipDeviceGetAttribute(&value, hipDeviceAttributeMaxSharedMemoryPerBlock, 0));
  EXPECT(value == 65536, "LDS per block %d", value);
  EXPECT(arch == (cdna ? "gfx942:sramecc+:xnack-" : "gfx1201"), "gcnArchName %s", arch.c_str());
  // No textures or surfaces: HIP's limit fields and attributes for them are 0 (HIP 5.2's fields
  // and HIP 6's); the LUID's attribute is refused.
  auto all_zero = [](auto const& field) { // an int or an array of ints
    int const* const v = reinterpret_cast<int const*>(&field);
    for (size_t i = 0; i < sizeof field / sizeof(int); ++i)
      if (v[i] != 0) return false;
    return true;
  };
#define EXPECT_ZERO(field) EXPECT(all_zero(props.field), #field " is not 0")
  EXPECT_ZERO(maxTexture1D);
  EXPECT_ZERO(maxTexture1DMipmap);
  EXPECT_ZERO(maxTexture1DLinear);
  EXPECT_ZERO(maxTexture2D);
  EXPECT_ZERO(maxTexture2DMipmap);
  EXPECT_ZERO(maxTexture2DLinear);
  EXPECT_ZERO(maxTexture2DGather);
  EXPECT_ZERO(maxTexture3D);
  EXPECT_ZERO(maxTexture3DAlt);
  EXPECT_ZERO(maxTextureCubemap);
  EXPECT_ZERO(maxTexture1DLayered);
  EXPECT_ZERO(maxTexture2DLayered);
  EXPECT_ZERO(maxTextureCubemapLayered);
  EXPECT_ZERO(maxSurface1D);
  EXPECT_ZERO(maxSurface2D);
  EXPECT_ZERO(maxSurface3D);
  EXPECT_ZERO(maxSurface1DLayered);
  EXPECT_ZERO(maxSurface2DLayered);
  EXPECT_ZERO(maxSurfaceCubemap);
  EXPECT_ZERO(maxSurfaceCubemapLayered);
#undef EXPECT_ZERO
  EXPECT(props.surfaceAlignment == 0, "surfaceAlignment %zu", props.surfaceAlignment);
  hipDeviceAttribute_t const texture_attributes[] = {hipDeviceAttributeMaxSurface1D,
                                                     hipDeviceAttributeMaxSurface1DLayered,
                                                     hipDeviceAttributeMaxSurface2D,
                                                     hipDeviceAttributeMaxSurface2DLayered,
                                                     hipDeviceAttributeMaxSurface3D,
                                                     hipDeviceAttributeMaxSurfaceCubemap,
                                                     hipDeviceAttributeMaxSurfaceCubemapLayered,
                                                     hipDeviceAttributeMaxTexture1DWidth,
                                                     hipDeviceAttributeMaxTexture1DLayered,
                                                     hipDeviceAttributeMaxTexture1DLinear,
                                                     hipDeviceAttributeMaxTexture1DMipmap,
                                                     hipDeviceAttributeMaxTexture2DWidth,
                                                     hipDeviceAttributeMaxTexture2DHeight,
                                                     hipDeviceAttributeMaxTexture2DGather,
                                                     hipDeviceAttributeMaxTexture2DLayered,
                                                     hipDeviceAttributeMaxTexture2DLinear,
                                                     hipDeviceAttributeMaxTexture2DMipmap,
                                                     hipDeviceAttributeMaxTexture3DWidth,
                                                     hipDeviceAttributeMaxTexture3DHeight,
                                                     hipDeviceAttributeMaxTexture3DDepth,
                                                     hipDeviceAttributeMaxTexture3DAlt,
                                                     hipDeviceAttributeMaxTextureCubemap,
                                                     hipDeviceAttributeMaxTextureCubemapLayered,
                                                     hipDeviceAttributeSurfaceAlignment,
                                                     hipDeviceAttributeImageSupport};
  for (hipDeviceAttribute_t const a : texture_attributes) {
    value = -1;
    EXPECT(hipDeviceGetAttribute(&value, a, 0) == hipSuccess && value == 0, "attribute %d: %d", int(a), value);
  }
  EXPECT(hipDeviceGetAttribute(&value, hipDeviceAttributeLuid, 0) == hipErrorInvalidValue, "LUID is refused");
  (void)hipGetLastError();
  size_t free_bytes = 0, total_bytes = 0;
  HIP_CHECK(hipMemGetInfo(&free_bytes, &total_bytes));
  EXPECT(total_bytes == props.totalGlobalMem && free_bytes <= total_bytes, "hipMemGetInfo");

  // The device pass's target macros, and the dispatch by gcnArchName.
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, 64 * sizeof(int)));
  which_target<<<1, 1>>>(d);
  int got[3];
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  EXPECT(got[0] == (cdna ? 942 : 1201) && got[1] == props.warpSize && got[2] == props.warpSize,
         "device pass: target %d, wave %d/%d", got[0], got[1], got[2]);
  if (cdna) {
    cdna_path<<<dim3(1), dim3(4), 0, 0>>>(d);
  } else {
    rdna_path<<<dim3(1), dim3(4), 0, 0>>>(d);
  }
  HIP_CHECK(hipMemcpy(got, d, sizeof got, hipMemcpyDeviceToHost));
  EXPECT(got[2] == (cdna ? 9002 : 12002), "dispatch by gcnArchName: %d", got[2]);

  // Symbols.
  int const t[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(table), t, sizeof t));
  float const three = 3.0f;
  HIP_CHECK(hipMemcpyToSymbol(scale, &three, sizeof three, 0, hipMemcpyHostToDevice));
  int zero = 0;
  HIP_CHECK(hipMemcpyToSymbolAsync(counter, &zero, sizeof zero, 0, hipMemcpyHostToDevice, nullptr));
  float* fout = nullptr;
  HIP_CHECK(hipMalloc(&fout, 16 * sizeof(float)));
  use_symbols<<<1, 16>>>(fout);
  float fhost[16];
  HIP_CHECK(hipMemcpy(fhost, fout, sizeof fhost, hipMemcpyDeviceToHost));
  for (int i = 0; i < 16; ++i) EXPECT(fhost[i] == 3.0f * float(i + 1), "symbol read %d", i);
  int n_calls = 0;
  HIP_CHECK(hipMemcpyFromSymbol(&n_calls, HIP_SYMBOL(counter), sizeof n_calls));
  EXPECT(n_calls == 16, "counter %d", n_calls);
  void* where = nullptr;
  size_t size = 0;
  HIP_CHECK(hipGetSymbolAddress(&where, HIP_SYMBOL(table)));
  HIP_CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(table)));
  EXPECT(where != nullptr && size == sizeof t, "symbol address/size %zu", size);
  EXPECT(hipMemcpyToSymbol(table, t, sizeof t + 4) == hipErrorInvalidValue, "a copy past a symbol is refused");
  (void)hipGetLastError(); // the refused calls above set it

  // Fills and copies, every form.
  unsigned char* bytes = nullptr;
  HIP_CHECK(hipMalloc(&bytes, 256));
  HIP_CHECK(hipMemset(bytes, 0xAB, 256));
  HIP_CHECK(hipMemsetD16(bytes + 2, 0x1234, 3));
  HIP_CHECK(hipMemsetD32Async(bytes + 16, 0x0A0B0C0D, 2, nullptr));
  HIP_CHECK(hipMemsetD8(bytes + 40, 0x55, 4));
  std::vector<unsigned char> hb(256);
  HIP_CHECK(hipMemcpyDtoH(hb.data(), bytes, 256));
  EXPECT(hb[0] == 0xAB && hb[2] == 0x34 && hb[3] == 0x12 && hb[7] == 0x12 && hb[8] == 0xAB, "D16 fill");
  EXPECT(hb[16] == 0x0D && hb[19] == 0x0A && hb[23] == 0x0A && hb[24] == 0xAB, "D32 fill");
  EXPECT(hb[40] == 0x55 && hb[43] == 0x55 && hb[44] == 0xAB, "D8 fill");
  std::vector<unsigned char> pattern(64);
  for (int i = 0; i < 64; ++i) pattern[size_t(i)] = static_cast<unsigned char>(i * 3);
  HIP_CHECK(hipMemcpyHtoD(bytes, pattern.data(), 64));
  HIP_CHECK(hipMemcpyDtoD(bytes + 128, bytes, 64));
  HIP_CHECK(hipMemcpyAsync(hb.data(), bytes + 128, 64, hipMemcpyDefault, nullptr));
  EXPECT(std::memcmp(hb.data(), pattern.data(), 64) == 0, "HtoD, DtoD, DtoH");
  // 2D: four rows of 8 bytes from a pitch of 16 into a pitch of 32.
  HIP_CHECK(hipMemcpy2D(bytes + 64, 32, pattern.data(), 16, 8, 4, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(hb.data(), bytes + 64, 128, hipMemcpyDeviceToHost));
  EXPECT(hb[0] == pattern[0] && hb[32] == pattern[16] && hb[96 + 7] == pattern[48 + 7], "2D copy");
  EXPECT(hipMemcpy(bytes, pattern.data(), 300, hipMemcpyHostToDevice) == hipErrorInvalidValue,
         "a copy past the allocation is refused");
  EXPECT(hipMemcpy(bytes, pattern.data(), 4, static_cast<hipMemcpyKind>(7)) == hipErrorInvalidMemcpyDirection,
         "a bad kind");
  EXPECT(hipGetLastError() == hipErrorInvalidMemcpyDirection && hipGetLastError() == hipSuccess,
         "the last error, then success");

  // Host-pinned and managed memory are used by kernels directly.
  int* pinned = nullptr;
  int* managed = nullptr;
  HIP_CHECK(hipHostMalloc(&pinned, 100 * sizeof(int), hipHostMallocDefault));
  HIP_CHECK(hipMallocManaged(&managed, 100 * sizeof(int)));
  for (int i = 0; i < 100; ++i) pinned[i] = managed[i] = 1000;
  touch<<<1, 32>>>(pinned, 100);
  touch<<<1, 32>>>(managed, 100);
  HIP_CHECK(hipDeviceSynchronize());
  EXPECT(pinned[99] == 1099 && managed[50] == 1050, "pinned/managed");
  hipPointerAttribute_t attr;
  HIP_CHECK(hipPointerGetAttributes(&attr, managed));
  EXPECT(attr.type == hipMemoryTypeDevice, "pointer attributes");
  HIP_CHECK(hipHostFree(pinned));
  HIP_CHECK(hipFree(managed));

  // Events around launches, streams, hipExtLaunchKernelGGL.
  int const n = 4096;
  float *x = nullptr, *y = nullptr;
  HIP_CHECK(hipMalloc(&x, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&y, n * sizeof(float)));
  std::vector<float> hx(n), hy(n);
  for (int i = 0; i < n; ++i) hx[size_t(i)] = float(i), hy[size_t(i)] = 1.0f;
  hipStream_t stream;
  HIP_CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  hipEvent_t start, stop, untimed;
  HIP_CHECK(hipEventCreate(&start));
  HIP_CHECK(hipEventCreate(&stop));
  HIP_CHECK(hipEventCreateWithFlags(&untimed, hipEventDisableTiming));
  HIP_CHECK(hipMemcpyAsync(x, hx.data(), n * sizeof(float), hipMemcpyHostToDevice, stream));
  HIP_CHECK(hipMemcpyAsync(y, hy.data(), n * sizeof(float), hipMemcpyHostToDevice, stream));
  HIP_CHECK(hipEventRecord(start, stream));
  axpy<float><<<n / 256, 256, 0, stream>>>(2.0f, x, y, n);
  HIP_CHECK(hipEventRecord(stop, stream));
  HIP_CHECK(hipEventSynchronize(stop));
  HIP_CHECK(hipStreamWaitEvent(stream, stop, 0));
  float ms = -1;
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  EXPECT(ms >= 0, "elapsed %f ms", double(ms));
  EXPECT(hipEventElapsedTime(&ms, start, untimed) == hipErrorInvalidHandle, "an untimed event");
  (void)hipGetLastError();
  EXPECT(hipEventQuery(stop) == hipSuccess && hipStreamQuery(stream) == hipSuccess, "complete");
  hipExtLaunchKernelGGL(axpy<float>, dim3(n / 128), dim3(128), 0, stream, start, stop, 0, 1.0f, x, y, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  HIP_CHECK(hipStreamSynchronize(stream));
  HIP_CHECK(hipMemcpy(hy.data(), y, n * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; i += 97)
    EXPECT(hy[size_t(i)] == 3.0f * float(i) + 1.0f, "axpy %d: %g", i, double(hy[size_t(i)]));
  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  HIP_CHECK(hipEventDestroy(untimed));
  HIP_CHECK(hipStreamDestroy(stream));
  EXPECT(hipStreamDestroy(stream) == hipErrorInvalidHandle, "a destroyed stream");
  (void)hipGetLastError();

  // Kernel queries.
  hipFuncAttributes fa;
  HIP_CHECK(hipFuncGetAttributes(&fa, reinterpret_cast<void const*>(axpy<float>)));
  EXPECT(fa.maxThreadsPerBlock == 1024, "hipFuncGetAttributes");
  int blocks = 0, grid = 0, block = 0;
  HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, axpy<float>, 256, 0));
  EXPECT(blocks == 8, "occupancy %d (2048 threads per CU)", blocks);
  HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, axpy<float>, 0, 0));
  EXPECT(block == 1024 && grid == 2 * props.multiProcessorCount, "potential %d x %d", grid, block);

  // Bad launches: HIP's codes, from hipGetLastError.
  axpy<float><<<1, 2048>>>(1.0f, x, y, n);
  hipError_t e = hipGetLastError();
  EXPECT(e == hipErrorInvalidConfiguration, "a 2048-thread block: %s", hipGetErrorName(e));
  EXPECT(hipGetLastError() == hipSuccess, "hipGetLastError resets");
  axpy<float><<<1, 64, 1 << 20>>>(1.0f, x, y, n);
  e = hipPeekAtLastError();
  EXPECT(e == hipErrorInvalidValue && hipPeekAtLastError() == e, "too much dynamic LDS: %s", hipGetErrorName(e));
  (void)hipGetLastError();
  (void)hipDeviceSynchronize();
  EXPECT(std::string(hipGetErrorName(hipErrorNotReady)) == "hipErrorNotReady", "names");
  EXPECT(std::string(hipGetErrorString(hipErrorInvalidDevicePointer)) == "invalid device pointer", "strings");
  EXPECT(hipSetDevice(1) == hipErrorInvalidDevice, "device 1");
  (void)hipGetLastError();
  HIP_CHECK(hipDeviceReset());

  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(fout));
  HIP_CHECK(hipFree(bytes));
  HIP_CHECK(hipFree(x));
  HIP_CHECK(hipFree(y));
  if (failures) return 1;
  std::printf("runtime: PASSED\n");
  return 0;
}
