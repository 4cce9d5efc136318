#pragma once
// HIP API that wavemma does not emulate, declared so that a use stops with a message that names
// it, rather than an unknown identifier or a silent wrong answer. The functions below the
// templates have HIP's signatures (hip_runtime_api.h), so a program that uses them compiles as
// with HIP; the first call stops the program with one line naming the call, what is not emulated
// and the caller's file and line (a trailing defaulted Site, which HIP's declarations lack).

#include "wavemma/simt/site.hpp"

// A template whose instantiation fails: the message names the feature.
#define WAVEMMA_NOT_EMULATED(name, what)                                                                               \
  template <class... A>                                                                                                \
  hipError_t name(A...) {                                                                                              \
    static_assert(sizeof...(A) < 0, #name ": " what " (docs/hipcc.md)");                                               \
    return hipErrorNotSupported;                                                                                       \
  }
#define WAVEMMA_TEXTURES "textures and surfaces are not emulated by wavemma"
WAVEMMA_NOT_EMULATED(hipCreateSurfaceObject, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipDestroySurfaceObject, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipBindTexture, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipBindTexture2D, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipBindTextureToArray, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipUnbindTexture, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipMalloc3DArray, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipMemcpyToArray, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(surf2Dread, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(surf2Dwrite, WAVEMMA_TEXTURES)
#define WAVEMMA_GRAPHS "graphs and stream capture are not emulated by wavemma (launches are synchronous)"
WAVEMMA_NOT_EMULATED(hipStreamBeginCapture, WAVEMMA_GRAPHS)
WAVEMMA_NOT_EMULATED(hipStreamEndCapture, WAVEMMA_GRAPHS)
WAVEMMA_NOT_EMULATED(hipGraphCreate, WAVEMMA_GRAPHS)
WAVEMMA_NOT_EMULATED(hipGraphInstantiate, WAVEMMA_GRAPHS)
WAVEMMA_NOT_EMULATED(hipGraphLaunch, WAVEMMA_GRAPHS)
#undef WAVEMMA_NOT_EMULATED
#undef WAVEMMA_TEXTURES
#undef WAVEMMA_GRAPHS
using hipSurfaceObject_t = struct __hip_surface*;

// --- refused at the first call -------------------------------------------------------------------
namespace wavemma::hip::detail {
// Prints `file:line: call: what (wavemma-hipcc runs kernels on the CPU; docs/hipcc.md)` and ends
// the program with exit status 1.
[[noreturn]] void refuse(char const* call, char const* what, ::wavemma::simt::Site site);
inline constexpr char const* kModules =
    "code objects (the module API) are not emulated by wavemma: build the kernels into the program with wavemma-hipcc";
inline constexpr char const* kLaunchByAddress =
    "launching by kernel address and argument array is not emulated by wavemma: use <<< >>> or hipLaunchKernelGGL";
inline constexpr char const* kCooperativeByAddress =
    "a cooperative launch of a kernel given as void* is not emulated by wavemma: pass the kernel itself (the "
    "template overload)";
inline constexpr char const* kTextures = "textures and surfaces are not emulated by wavemma";
inline constexpr char const* kPeers = "peer access is not emulated by wavemma: there is one emulated device";
inline constexpr char const* kHalfDot =
    "the f16 dot product (V_DOT2_F32_F16) is not emulated by wavemma: the GPU's sum is not rounded once";
} // namespace wavemma::hip::detail

#define WAVEMMA_REFUSED(name, what, ...)                                                                               \
  inline hipError_t name(__VA_ARGS__, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {                 \
    ::wavemma::hip::detail::refuse(#name, ::wavemma::hip::detail::what, site);                                         \
  }

// The module API: hip_runtime_api.h's types and launch-parameter markers.
using hipModule_t = struct ihipModule_t*;
using hipFunction_t = struct ihipModuleSymbol_t*;
#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void*)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void*)0x02)
#define HIP_LAUNCH_PARAM_END ((void*)0x03)
enum hipJitOption {
  hipJitOptionMaxRegisters = 0,
  hipJitOptionThreadsPerBlock,
  hipJitOptionWallTime,
  hipJitOptionInfoLogBuffer,
  hipJitOptionInfoLogBufferSizeBytes,
  hipJitOptionErrorLogBuffer,
  hipJitOptionErrorLogBufferSizeBytes,
  hipJitOptionOptimizationLevel,
  hipJitOptionTargetFromContext,
  hipJitOptionTarget,
  hipJitOptionFallbackStrategy,
  hipJitOptionGenerateDebugInfo,
  hipJitOptionLogVerbose,
  hipJitOptionGenerateLineInfo,
  hipJitOptionCacheMode,
  hipJitOptionSm3xOpt,
  hipJitOptionFastCompile,
  hipJitOptionNumOptions,
};
WAVEMMA_REFUSED(hipModuleLoad, kModules, hipModule_t*, char const*)
WAVEMMA_REFUSED(hipModuleUnload, kModules, hipModule_t)
WAVEMMA_REFUSED(hipModuleGetFunction, kModules, hipFunction_t*, hipModule_t, char const*)
WAVEMMA_REFUSED(hipModuleGetGlobal, kModules, hipDeviceptr_t*, size_t*, hipModule_t, char const*)
WAVEMMA_REFUSED(hipModuleLoadData, kModules, hipModule_t*, void const*)
WAVEMMA_REFUSED(hipModuleLoadDataEx, kModules, hipModule_t*, void const*, unsigned int, hipJitOption*, void**)
WAVEMMA_REFUSED(hipModuleLaunchKernel, kModules, hipFunction_t, unsigned int, unsigned int, unsigned int, unsigned int,
                unsigned int, unsigned int, unsigned int, hipStream_t, void**, void**)
WAVEMMA_REFUSED(hipModuleOccupancyMaxPotentialBlockSize, kModules, int*, int*, hipFunction_t, size_t, int)
WAVEMMA_REFUSED(hipModuleOccupancyMaxPotentialBlockSizeWithFlags, kModules, int*, int*, hipFunction_t, size_t, int,
                unsigned int)
WAVEMMA_REFUSED(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor, kModules, int*, hipFunction_t, int, size_t)
WAVEMMA_REFUSED(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags, kModules, int*, hipFunction_t, int, size_t,
                unsigned int)

// Launches by address and argument array (a cooperative launch of the kernel itself:
// cooperative_launch.hpp).
inline hipError_t hipLaunchKernel(void const*, dim3, dim3, void**, size_t = 0, hipStream_t = nullptr,
                                  ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  ::wavemma::hip::detail::refuse("hipLaunchKernel", ::wavemma::hip::detail::kLaunchByAddress, site);
}
WAVEMMA_REFUSED(hipLaunchCooperativeKernel, kCooperativeByAddress, void const*, dim3, dim3, void**, unsigned int,
                hipStream_t)

// Peers: one device.
WAVEMMA_REFUSED(hipDeviceEnablePeerAccess, kPeers, int, unsigned int)
WAVEMMA_REFUSED(hipDeviceDisablePeerAccess, kPeers, int)
WAVEMMA_REFUSED(hipMemcpyPeer, kPeers, void*, int, void const*, int, size_t)
inline hipError_t hipMemcpyPeerAsync(void*, int, void const*, int, size_t, hipStream_t = nullptr,
                                     ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  ::wavemma::hip::detail::refuse("hipMemcpyPeerAsync", ::wavemma::hip::detail::kPeers, site);
}

// Textures: HIP's types (driver_types.h, texture_types.h), so that a program that builds a texture
// object compiles; creating one, or reading one in a kernel, stops the program.
using hipTextureObject_t = struct __hip_texture*;
enum hipChannelFormatKind {
  hipChannelFormatKindSigned = 0,
  hipChannelFormatKindUnsigned = 1,
  hipChannelFormatKindFloat = 2,
  hipChannelFormatKindNone = 3,
};
struct hipChannelFormatDesc {
  int x, y, z, w;
  enum hipChannelFormatKind f;
};
using hipArray_t = struct hipArray*;
using hipArray_const_t = struct hipArray const*;
using hipMipmappedArray_t = struct hipMipmappedArray*;
#define hipArrayDefault 0x00
#define hipArrayLayered 0x01
#define hipArraySurfaceLoadStore 0x02
#define hipArrayCubemap 0x04
#define hipArrayTextureGather 0x08
enum hipResourceType {
  hipResourceTypeArray = 0x00,
  hipResourceTypeMipmappedArray = 0x01,
  hipResourceTypeLinear = 0x02,
  hipResourceTypePitch2D = 0x03,
};
struct hipResourceDesc {
  enum hipResourceType resType;
  union {
    struct {
      hipArray_t array;
    } array;
    struct {
      hipMipmappedArray_t mipmap;
    } mipmap;
    struct {
      void* devPtr;
      struct hipChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void* devPtr;
      struct hipChannelFormatDesc desc;
      size_t width;
      size_t height;
      size_t pitchInBytes;
    } pitch2D;
  } res;
};
struct hipResourceViewDesc; // its fields are not declared here
enum hipTextureAddressMode {
  hipAddressModeWrap = 0,
  hipAddressModeClamp = 1,
  hipAddressModeMirror = 2,
  hipAddressModeBorder = 3,
};
enum hipTextureFilterMode {
  hipFilterModePoint = 0,
  hipFilterModeLinear = 1,
};
enum hipTextureReadMode {
  hipReadModeElementType = 0,
  hipReadModeNormalizedFloat = 1,
};
struct hipTextureDesc {
  enum hipTextureAddressMode addressMode[3];
  enum hipTextureFilterMode filterMode;
  enum hipTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum hipTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
};
// A channel description is only data: made as HIP makes it (amd_channel_descriptor.h).
inline hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w, hipChannelFormatKind f) {
  return {x, y, z, w, f};
}
inline hipChannelFormatDesc hipCreateChannelDescHalf() {
  return hipCreateChannelDesc(16, 0, 0, 0, hipChannelFormatKindFloat);
}
inline hipChannelFormatDesc hipCreateChannelDescHalf1() { return hipCreateChannelDescHalf(); }
inline hipChannelFormatDesc hipCreateChannelDescHalf2() { return hipCreateChannelDescHalf(); }
// The legacy texture and surface references (texture_types.h, surface_types.h): declared, as data.
struct textureReference {
  int normalized;
  enum hipTextureReadMode readMode;
  enum hipTextureFilterMode filterMode;
  enum hipTextureAddressMode addressMode[3];
  struct hipChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum hipTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  hipTextureObject_t textureObject;
  int numChannels;
  int format; // HIP's enum hipArray_Format, which is not declared here (arrays are not emulated)
};
struct surfaceReference {
  hipSurfaceObject_t surfaceObject;
};
enum hipSurfaceBoundaryMode { hipBoundaryModeZero = 0, hipBoundaryModeTrap = 1, hipBoundaryModeClamp = 2 };
WAVEMMA_REFUSED(hipMallocArray, kTextures, hipArray**, hipChannelFormatDesc const*, size_t, size_t = 0,
                unsigned int = hipArrayDefault)
WAVEMMA_REFUSED(hipFreeArray, kTextures, hipArray*)
WAVEMMA_REFUSED(hipMemcpy2DToArray, kTextures, hipArray*, size_t, size_t, void const*, size_t, size_t, size_t,
                hipMemcpyKind)
WAVEMMA_REFUSED(hipCreateTextureObject, kTextures, hipTextureObject_t*, hipResourceDesc const*, hipTextureDesc const*,
                struct hipResourceViewDesc const*)
WAVEMMA_REFUSED(hipDestroyTextureObject, kTextures, hipTextureObject_t)
// The texture fetches of device code.
template <class T>
T tex1Dfetch(hipTextureObject_t, int, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  ::wavemma::hip::detail::refuse("tex1Dfetch", ::wavemma::hip::detail::kTextures, site);
}
template <class T>
T tex1D(hipTextureObject_t, float, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  ::wavemma::hip::detail::refuse("tex1D", ::wavemma::hip::detail::kTextures, site);
}
template <class T>
T tex2D(hipTextureObject_t, float, float, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  ::wavemma::hip::detail::refuse("tex2D", ::wavemma::hip::detail::kTextures, site);
}
template <class T>
T tex3D(hipTextureObject_t, float, float, float, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  ::wavemma::hip::detail::refuse("tex3D", ::wavemma::hip::detail::kTextures, site);
}

// amd_mixed_dot on __half2 (amd_hip_fp16.h; the integer forms: mixed_dot.hpp). The GPU's
// V_DOT2_F32_F16 does not round the exact a.x*b.x + a.y*b.y + c once: a gfx1100 gives 0x425c0001
// for (3, 8).(8, 4) - 1, whose exact value 55 is 0x425c0000 [HW: ../shared/testdata/hw,
// gfx1100-dot2-f16-000]. By reference, so that __half2 (float16.hpp) need not be complete here.
struct __half2;
inline float amd_mixed_dot(__half2 const&, __half2 const&, float, bool,
                           ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  ::wavemma::hip::detail::refuse("amd_mixed_dot", ::wavemma::hip::detail::kHalfDot, site);
}
#undef WAVEMMA_REFUSED
