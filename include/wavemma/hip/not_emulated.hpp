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
WAVEMMA_NOT_EMULATED(hipCreateTextureObject, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipDestroyTextureObject, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipCreateSurfaceObject, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipDestroySurfaceObject, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipBindTexture, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipBindTexture2D, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipBindTextureToArray, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipUnbindTexture, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipMallocArray, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipMalloc3DArray, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipFreeArray, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipMemcpyToArray, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipMemcpy2DToArray, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(hipCreateChannelDesc, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(tex1Dfetch, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(tex1D, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(tex2D, WAVEMMA_TEXTURES)
WAVEMMA_NOT_EMULATED(tex3D, WAVEMMA_TEXTURES)
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
using hipTextureObject_t = struct wavemma_textures_are_not_emulated*;
using hipSurfaceObject_t = struct wavemma_surfaces_are_not_emulated*;

// --- refused at the first call -------------------------------------------------------------------
namespace wavemma::simt::hip::detail {
// Prints `file:line: call: what (wavemma-hipcc runs kernels on the CPU; docs/hipcc.md)` and ends
// the program with exit status 1.
[[noreturn]] void refuse(char const* call, char const* what, ::wavemma::simt::Site site);
inline constexpr char const* kModules =
    "code objects (the module API) are not emulated by wavemma: build the kernels into the program with wavemma-hipcc";
inline constexpr char const* kLaunchByAddress =
    "launching by kernel address and argument array is not emulated by wavemma: use <<< >>> or hipLaunchKernelGGL";
inline constexpr char const* kCooperative = "cooperative launches are not emulated by wavemma";
inline constexpr char const* kPeers = "peer access is not emulated by wavemma: there is one emulated device";
} // namespace wavemma::simt::hip::detail

#define WAVEMMA_REFUSED(name, what, ...)                                                                               \
  inline hipError_t name(__VA_ARGS__, ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {                 \
    ::wavemma::simt::hip::detail::refuse(#name, ::wavemma::simt::hip::detail::what, site);                             \
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

// Launches by address and argument array, and cooperative ones.
inline hipError_t hipLaunchKernel(void const*, dim3, dim3, void**, size_t = 0, hipStream_t = nullptr,
                                  ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  ::wavemma::simt::hip::detail::refuse("hipLaunchKernel", ::wavemma::simt::hip::detail::kLaunchByAddress, site);
}
WAVEMMA_REFUSED(hipLaunchCooperativeKernel, kCooperative, void const*, dim3, dim3, void**, unsigned int, hipStream_t)
template <class F>
hipError_t hipLaunchCooperativeKernel(F f, dim3 grid, dim3 block, void** arguments, unsigned int shared,
                                      hipStream_t stream,
                                      ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  return hipLaunchCooperativeKernel(reinterpret_cast<void const*>(f), grid, block, arguments, shared, stream, site);
}

// Peers: one device.
WAVEMMA_REFUSED(hipDeviceEnablePeerAccess, kPeers, int, unsigned int)
WAVEMMA_REFUSED(hipDeviceDisablePeerAccess, kPeers, int)
WAVEMMA_REFUSED(hipMemcpyPeer, kPeers, void*, int, void const*, int, size_t)
inline hipError_t hipMemcpyPeerAsync(void*, int, void const*, int, size_t, hipStream_t = nullptr,
                                     ::wavemma::simt::Site site = ::wavemma::simt::Site::current()) {
  ::wavemma::simt::hip::detail::refuse("hipMemcpyPeerAsync", ::wavemma::simt::hip::detail::kPeers, site);
}
#undef WAVEMMA_REFUSED
