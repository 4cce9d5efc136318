#pragma once
// HIP API that wavemma does not emulate, declared so that a use stops the compile with a message
// that names it, rather than an unknown identifier or a silent wrong answer.

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
#define WAVEMMA_COOPERATIVE "cooperative launches (grid-wide synchronisation) are not emulated by wavemma"
WAVEMMA_NOT_EMULATED(hipLaunchCooperativeKernel, WAVEMMA_COOPERATIVE)
WAVEMMA_NOT_EMULATED(hipLaunchCooperativeKernelMultiDevice, WAVEMMA_COOPERATIVE)
#define WAVEMMA_MODULES "code objects (hipModule*) are not emulated by wavemma: build the kernels with wavemma-hipcc"
WAVEMMA_NOT_EMULATED(hipModuleLoad, WAVEMMA_MODULES)
WAVEMMA_NOT_EMULATED(hipModuleLoadData, WAVEMMA_MODULES)
WAVEMMA_NOT_EMULATED(hipModuleGetFunction, WAVEMMA_MODULES)
WAVEMMA_NOT_EMULATED(hipModuleLaunchKernel, WAVEMMA_MODULES)
WAVEMMA_NOT_EMULATED(
    hipLaunchKernel,
    "launching by function pointer and argument array is not emulated by wavemma: use <<< >>> or hipLaunchKernelGGL")
WAVEMMA_NOT_EMULATED(hipDeviceEnablePeerAccess, "there is one emulated device: no peer")
WAVEMMA_NOT_EMULATED(hipMemcpyPeer, "there is one emulated device: no peer")
#undef WAVEMMA_NOT_EMULATED
#undef WAVEMMA_TEXTURES
#undef WAVEMMA_GRAPHS
#undef WAVEMMA_COOPERATIVE
#undef WAVEMMA_MODULES
using hipTextureObject_t = struct wavemma_textures_are_not_emulated*;
using hipSurfaceObject_t = struct wavemma_surfaces_are_not_emulated*;
