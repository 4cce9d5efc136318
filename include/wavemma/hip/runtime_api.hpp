#pragma once
// The hip* runtime API of wavemma::simt (hip_runtime_api.h's names and values), for both ways in.
// One device, the emulated GPU: its properties are the launched target's with the figures of its
// flagship GPU (isa::flagship_gpu). Launches are synchronous, so every stream is in order and
// complete when a call returns; an event records the host's time. Device memory is host memory
// entered in an allocation table (host-pinned and managed memory too), so every kind of copy is a
// memmove whose device side is checked. src/hip/*.cpp; docs/hipcc.md lists what differs.

#include <cstddef>
#include <cstdint>

// --- errors (hip_runtime_api.h's values) -------------------------------------------------------
enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorNotInitialized = 3,
  hipErrorInitializationError = 3,
  hipErrorDeinitialized = 4,
  hipErrorProfilerDisabled = 5,
  hipErrorProfilerNotInitialized = 6,
  hipErrorProfilerAlreadyStarted = 7,
  hipErrorProfilerAlreadyStopped = 8,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidPitchValue = 12,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorInsufficientDriver = 35,
  hipErrorMissingConfiguration = 52,
  hipErrorPriorLaunchFailure = 53,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorInvalidContext = 201,
  hipErrorContextAlreadyCurrent = 202,
  hipErrorMapFailed = 205,
  hipErrorMapBufferObjectFailed = 205,
  hipErrorUnmapFailed = 206,
  hipErrorArrayIsMapped = 207,
  hipErrorAlreadyMapped = 208,
  hipErrorNoBinaryForGpu = 209,
  hipErrorAlreadyAcquired = 210,
  hipErrorNotMapped = 211,
  hipErrorNotMappedAsArray = 212,
  hipErrorNotMappedAsPointer = 213,
  hipErrorECCNotCorrectable = 214,
  hipErrorUnsupportedLimit = 215,
  hipErrorContextAlreadyInUse = 216,
  hipErrorPeerAccessUnsupported = 217,
  hipErrorInvalidKernelFile = 218,
  hipErrorInvalidGraphicsContext = 219,
  hipErrorInvalidSource = 300,
  hipErrorFileNotFound = 301,
  hipErrorSharedObjectSymbolNotFound = 302,
  hipErrorSharedObjectInitFailed = 303,
  hipErrorOperatingSystem = 304,
  hipErrorInvalidHandle = 400,
  hipErrorInvalidResourceHandle = 400,
  hipErrorIllegalState = 401,
  hipErrorNotFound = 500,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchTimeOut = 702,
  hipErrorPeerAccessAlreadyEnabled = 704,
  hipErrorPeerAccessNotEnabled = 705,
  hipErrorSetOnActiveProcess = 708,
  hipErrorContextIsDestroyed = 709,
  hipErrorAssert = 710,
  hipErrorHostMemoryAlreadyRegistered = 712,
  hipErrorHostMemoryNotRegistered = 713,
  hipErrorLaunchFailure = 719,
  hipErrorCooperativeLaunchTooLarge = 720,
  hipErrorNotSupported = 801,
  hipErrorStreamCaptureUnsupported = 900,
  hipErrorStreamCaptureInvalidated = 901,
  hipErrorStreamCaptureMerge = 902,
  hipErrorStreamCaptureUnmatched = 903,
  hipErrorStreamCaptureUnjoined = 904,
  hipErrorStreamCaptureIsolation = 905,
  hipErrorStreamCaptureImplicit = 906,
  hipErrorCapturedEvent = 907,
  hipErrorStreamCaptureWrongThread = 908,
  hipErrorGraphExecUpdateFailure = 910,
  hipErrorUnknown = 999,
  hipErrorRuntimeMemory = 1052,
  hipErrorRuntimeOther = 1053,
};

// HIP's driver-API result codes (an unnamed enum of hip_runtime_api.h).
enum {
  HIP_SUCCESS = 0,
  HIP_ERROR_INVALID_VALUE,
  HIP_ERROR_NOT_INITIALIZED,
  HIP_ERROR_LAUNCH_OUT_OF_RESOURCES,
};

// --- handles and enums -----------------------------------------------------------------------
using hipStream_t = struct ihipStream_t*;
using hipEvent_t = struct ihipEvent_t*;
using hipDeviceptr_t = void*;
using hipDevice_t = int; // a device number

enum hipMemcpyKind : int { // a fixed type: a bad kind is a value to reject, not undefined behaviour
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,
};

// Flags, accepted and recorded; with synchronous launches none changes what happens. Macros, as
// in hip_runtime_api.h (`<<<g, b, 0, hipStreamDefault>>>` passes a null stream).
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4
#define hipEventReleaseToDevice 0x40000000
#define hipEventReleaseToSystem 0x80000000
#define hipHostMallocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostMallocNumaUser 0x20000000
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipMemAttachSingle 0x04
#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define hipHostRegisterIoMemory 0x4
#define hipDeviceScheduleAuto 0x0
#define hipDeviceScheduleSpin 0x1
#define hipDeviceScheduleYield 0x2
#define hipDeviceScheduleBlockingSync 0x4
#define hipDeviceScheduleMask 0x7
#define hipDeviceMapHost 0x8
#define hipDeviceLmemResizeToMax 0x16
#define hipOccupancyDefault 0x00
#define hipIpcMemLazyEnablePeerAccess 0
#define hipStreamPerThread ((hipStream_t)2)
#define hipStreamLegacy ((hipStream_t)1)

// The kernel-launch type HIP's headers define for hipExtLaunchKernelGGL and friends.
struct hipDeviceArch_t {
  unsigned hasGlobalInt32Atomics : 1;
  unsigned hasGlobalFloatAtomicExch : 1;
  unsigned hasSharedInt32Atomics : 1;
  unsigned hasSharedFloatAtomicExch : 1;
  unsigned hasFloatAtomicAdd : 1;
  unsigned hasGlobalInt64Atomics : 1;
  unsigned hasSharedInt64Atomics : 1;
  unsigned hasDoubles : 1;
  unsigned hasWarpVote : 1;
  unsigned hasWarpBallot : 1;
  unsigned hasWarpShuffle : 1;
  unsigned hasFunnelShift : 1;
  unsigned hasThreadFenceSystem : 1;
  unsigned hasSyncThreadsExt : 1;
  unsigned hasSurfaceFuncs : 1;
  unsigned has3dGrid : 1;
  unsigned hasDynamicParallelism : 1;
};

// HIP 6's hipDeviceProp_t fields that describe a compute device, in its order, and its texture and
// surface limits (HIP 5.2's maxTexture1D, maxTexture1DLinear, maxTexture2D and maxTexture3D among
// them), which are 0: wavemma has no textures or surfaces. The LUID, UUID, HDP and interop fields
// are left out: a program that reads one fails to compile, naming the field.
struct hipDeviceProp_t {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate; // kHz
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int deviceOverlap;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture1DLinear;
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate; // kHz
  int memoryBusWidth;  // bits
  int l2CacheSize;     // bytes
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int memoryPoolsSupported;
  char gcnArchName[256]; // with ROCm's feature suffix: "gfx942:sramecc+:xnack-"
  size_t maxSharedMemoryPerMultiProcessor;
  int clockInstructionRate; // kHz: s_memrealtime's constant 100 MHz clock
  hipDeviceArch_t arch;
  int cooperativeMultiDeviceUnmatchedFunc;
  int cooperativeMultiDeviceUnmatchedGridDim;
  int cooperativeMultiDeviceUnmatchedBlockDim;
  int cooperativeMultiDeviceUnmatchedSharedMem;
  int isLargeBar;
  int asicRevision;
};

// hip_runtime_api.h's names, in its order.
enum hipDeviceAttribute_t {
  hipDeviceAttributeCudaCompatibleBegin = 0,
  hipDeviceAttributeEccEnabled = hipDeviceAttributeCudaCompatibleBegin,
  hipDeviceAttributeAccessPolicyMaxWindowSize,
  hipDeviceAttributeAsyncEngineCount,
  hipDeviceAttributeCanMapHostMemory,
  hipDeviceAttributeCanUseHostPointerForRegisteredMem,
  hipDeviceAttributeClockRate,
  hipDeviceAttributeComputeMode,
  hipDeviceAttributeComputePreemptionSupported,
  hipDeviceAttributeConcurrentKernels,
  hipDeviceAttributeConcurrentManagedAccess,
  hipDeviceAttributeCooperativeLaunch,
  hipDeviceAttributeCooperativeMultiDeviceLaunch,
  hipDeviceAttributeDeviceOverlap,
  hipDeviceAttributeDirectManagedMemAccessFromHost,
  hipDeviceAttributeGlobalL1CacheSupported,
  hipDeviceAttributeHostNativeAtomicSupported,
  hipDeviceAttributeIntegrated,
  hipDeviceAttributeIsMultiGpuBoard,
  hipDeviceAttributeKernelExecTimeout,
  hipDeviceAttributeL2CacheSize,
  hipDeviceAttributeLocalL1CacheSupported,
  hipDeviceAttributeLuid,
  hipDeviceAttributeLuidDeviceNodeMask,
  hipDeviceAttributeComputeCapabilityMajor,
  hipDeviceAttributeManagedMemory,
  hipDeviceAttributeMaxBlocksPerMultiProcessor,
  hipDeviceAttributeMaxBlockDimX,
  hipDeviceAttributeMaxBlockDimY,
  hipDeviceAttributeMaxBlockDimZ,
  hipDeviceAttributeMaxGridDimX,
  hipDeviceAttributeMaxGridDimY,
  hipDeviceAttributeMaxGridDimZ,
  hipDeviceAttributeMaxSurface1D,
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
  hipDeviceAttributeMaxThreadsDim,
  hipDeviceAttributeMaxThreadsPerBlock,
  hipDeviceAttributeMaxThreadsPerMultiProcessor,
  hipDeviceAttributeMaxPitch,
  hipDeviceAttributeMemoryBusWidth,
  hipDeviceAttributeMemoryClockRate,
  hipDeviceAttributeComputeCapabilityMinor,
  hipDeviceAttributeMultiGpuBoardGroupID,
  hipDeviceAttributeMultiprocessorCount,
  hipDeviceAttributeName,
  hipDeviceAttributePageableMemoryAccess,
  hipDeviceAttributePageableMemoryAccessUsesHostPageTables,
  hipDeviceAttributePciBusId,
  hipDeviceAttributePciDeviceId,
  hipDeviceAttributePciDomainID,
  hipDeviceAttributePersistingL2CacheMaxSize,
  hipDeviceAttributeMaxRegistersPerBlock,
  hipDeviceAttributeMaxRegistersPerMultiprocessor,
  hipDeviceAttributeReservedSharedMemPerBlock,
  hipDeviceAttributeMaxSharedMemoryPerBlock,
  hipDeviceAttributeSharedMemPerBlockOptin,
  hipDeviceAttributeSharedMemPerMultiprocessor,
  hipDeviceAttributeSingleToDoublePrecisionPerfRatio,
  hipDeviceAttributeStreamPrioritiesSupported,
  hipDeviceAttributeSurfaceAlignment,
  hipDeviceAttributeTccDriver,
  hipDeviceAttributeTextureAlignment,
  hipDeviceAttributeTexturePitchAlignment,
  hipDeviceAttributeTotalConstantMemory,
  hipDeviceAttributeTotalGlobalMem,
  hipDeviceAttributeUnifiedAddressing,
  hipDeviceAttributeUuid,
  hipDeviceAttributeWarpSize,
  hipDeviceAttributeMemoryPoolsSupported,
  hipDeviceAttributeVirtualMemoryManagementSupported,
  hipDeviceAttributeHostRegisterSupported,
  hipDeviceAttributeCudaCompatibleEnd = 9999,
  hipDeviceAttributeAmdSpecificBegin = 10000,
  hipDeviceAttributeClockInstructionRate = hipDeviceAttributeAmdSpecificBegin,
  hipDeviceAttributeArch,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
  hipDeviceAttributeGcnArch,
  hipDeviceAttributeGcnArchName,
  hipDeviceAttributeHdpMemFlushCntl,
  hipDeviceAttributeHdpRegFlushCntl,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem,
  hipDeviceAttributeIsLargeBar,
  hipDeviceAttributeAsicRevision,
  hipDeviceAttributeCanUseStreamWaitValue,
  hipDeviceAttributeImageSupport,
  hipDeviceAttributePhysicalMultiProcessorCount,
  hipDeviceAttributeFineGrainSupport,
  hipDeviceAttributeWallClockRate,
  hipDeviceAttributeAmdSpecificEnd = 19999,
  hipDeviceAttributeVendorSpecificBegin = 20000,
};

// What hipFuncGetAttributes can say about a kernel without its machine code: the launch limits;
// its registers, spills and static LDS are not known here (0).
struct hipFuncAttributes {
  int binaryVersion;
  int cacheModeCA;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxDynamicSharedSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int preferredShmemCarveout;
  int ptxVersion;
  size_t sharedSizeBytes;
};
enum hipFuncCache_t {
  hipFuncCachePreferNone,
  hipFuncCachePreferShared,
  hipFuncCachePreferL1,
  hipFuncCachePreferEqual,
};
enum hipSharedMemConfig {
  hipSharedMemBankSizeDefault,
  hipSharedMemBankSizeFourByte,
  hipSharedMemBankSizeEightByte,
};
enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
  hipFuncAttributeMax,
};
enum hipMemoryType {
  hipMemoryTypeUnregistered = 0,
  hipMemoryTypeHost = 1,
  hipMemoryTypeDevice = 2,
  hipMemoryTypeManaged = 3,
  hipMemoryTypeArray = 10,
  hipMemoryTypeUnified = 11,
};
struct hipPointerAttribute_t {
  hipMemoryType type;
  int device;
  void* devicePointer;
  void* hostPointer;
  int isManaged;
  unsigned allocationFlags;
};

// --- memory -------------------------------------------------------------------------------------
hipError_t hipMalloc(void** pointer, size_t bytes); // host memory, entered in the device allocation table
hipError_t hipFree(void* pointer);
hipError_t hipMallocManaged(void** pointer, size_t bytes, unsigned int flags = hipMemAttachGlobal);
hipError_t hipHostMalloc(void** pointer, size_t bytes, unsigned int flags);
hipError_t hipHostAlloc(void** pointer, size_t bytes, unsigned int flags);
hipError_t hipMallocHost(void** pointer, size_t bytes);
hipError_t hipHostFree(void* pointer);
hipError_t hipFreeHost(void* pointer);
hipError_t hipHostGetDevicePointer(void** device, void* host, unsigned int flags);
hipError_t hipHostRegister(void* host, size_t bytes, unsigned int flags);
hipError_t hipHostUnregister(void* host);
hipError_t hipMallocPitch(void** pointer, size_t* pitch, size_t width, size_t height);
hipError_t hipMemGetInfo(size_t* free, size_t* total); // total: the GPU's; free: at most the host's
hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes, void const* pointer);
template <class T>
hipError_t hipMalloc(T** pointer, size_t bytes) {
  return hipMalloc(reinterpret_cast<void**>(pointer), bytes);
}
template <class T>
hipError_t hipMallocManaged(T** pointer, size_t bytes, unsigned int flags = hipMemAttachGlobal) {
  return hipMallocManaged(reinterpret_cast<void**>(pointer), bytes, flags);
}
template <class T>
hipError_t hipHostMalloc(T** pointer, size_t bytes, unsigned int flags = hipHostMallocDefault) {
  return hipHostMalloc(reinterpret_cast<void**>(pointer), bytes, flags);
}
template <class T>
hipError_t hipMallocPitch(T** pointer, size_t* pitch, size_t width, size_t height) {
  return hipMallocPitch(reinterpret_cast<void**>(pointer), pitch, width, height);
}

// The device side of each kind must lie within one device allocation; hipMemcpyDefault checks
// whichever side points into one. The Async forms complete before they return.
hipError_t hipMemcpy(void* dst, void const* src, size_t bytes, hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void* dst, void const* src, size_t bytes, hipMemcpyKind kind, hipStream_t stream = nullptr);
hipError_t hipMemcpyWithStream(void* dst, void const* src, size_t bytes, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void const* src, size_t bytes);
hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t bytes);
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t bytes);
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void const* src, size_t bytes, hipStream_t stream);
hipError_t hipMemcpyDtoHAsync(void* dst, hipDeviceptr_t src, size_t bytes, hipStream_t stream);
hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t bytes, hipStream_t stream);
hipError_t hipMemcpy2D(void* dst, size_t dpitch, void const* src, size_t spitch, size_t width, size_t height,
                       hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, void const* src, size_t spitch, size_t width, size_t height,
                            hipMemcpyKind kind, hipStream_t stream = nullptr);
// __device__/__constant__ variables by their host address (wavemma-hipcc registers each target's
// copy; in C++ built without it the variable is its own device copy).
hipError_t hipMemcpyToSymbol(void const* symbol, void const* src, size_t bytes, size_t offset = 0,
                             hipMemcpyKind kind = hipMemcpyHostToDevice);
hipError_t hipMemcpyFromSymbol(void* dst, void const* symbol, size_t bytes, size_t offset = 0,
                               hipMemcpyKind kind = hipMemcpyDeviceToHost);
hipError_t hipMemcpyToSymbolAsync(void const* symbol, void const* src, size_t bytes, size_t offset, hipMemcpyKind kind,
                                  hipStream_t stream = nullptr);
hipError_t hipMemcpyFromSymbolAsync(void* dst, void const* symbol, size_t bytes, size_t offset, hipMemcpyKind kind,
                                    hipStream_t stream = nullptr);
hipError_t hipGetSymbolAddress(void** pointer, void const* symbol);
hipError_t hipGetSymbolSize(size_t* bytes, void const* symbol);
template <class T>
hipError_t hipMemcpyToSymbol(T const& symbol, void const* src, size_t bytes, size_t offset = 0,
                             hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol(static_cast<void const*>(&symbol), src, bytes, offset, kind);
}
template <class T>
hipError_t hipMemcpyFromSymbol(void* dst, T const& symbol, size_t bytes, size_t offset = 0,
                               hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol(dst, static_cast<void const*>(&symbol), bytes, offset, kind);
}
template <class T>
hipError_t hipMemcpyToSymbolAsync(T const& symbol, void const* src, size_t bytes, size_t offset, hipMemcpyKind kind,
                                  hipStream_t stream = nullptr) {
  return hipMemcpyToSymbolAsync(static_cast<void const*>(&symbol), src, bytes, offset, kind, stream);
}
template <class T>
hipError_t hipMemcpyFromSymbolAsync(void* dst, T const& symbol, size_t bytes, size_t offset, hipMemcpyKind kind,
                                    hipStream_t stream = nullptr) {
  return hipMemcpyFromSymbolAsync(dst, static_cast<void const*>(&symbol), bytes, offset, kind, stream);
}
template <class T>
hipError_t hipGetSymbolAddress(void** pointer, T const& symbol) {
  return hipGetSymbolAddress(pointer, static_cast<void const*>(&symbol));
}
template <class T>
hipError_t hipGetSymbolSize(size_t* bytes, T const& symbol) {
  return hipGetSymbolSize(bytes, static_cast<void const*>(&symbol));
}

hipError_t hipMemset(void* dst, int value, size_t bytes);
hipError_t hipMemsetAsync(void* dst, int value, size_t bytes, hipStream_t stream = nullptr);
hipError_t hipMemsetD8(hipDeviceptr_t dst, unsigned char value, size_t count);
hipError_t hipMemsetD16(hipDeviceptr_t dst, unsigned short value, size_t count);
hipError_t hipMemsetD32(hipDeviceptr_t dst, int value, size_t count);
hipError_t hipMemsetD8Async(hipDeviceptr_t dst, unsigned char value, size_t count, hipStream_t stream = nullptr);
hipError_t hipMemsetD16Async(hipDeviceptr_t dst, unsigned short value, size_t count, hipStream_t stream = nullptr);
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t stream = nullptr);
hipError_t hipMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height);

// --- errors ---------------------------------------------------------------------------------------
hipError_t hipGetLastError(); // the last error of any call on this thread, then hipSuccess
hipError_t hipPeekAtLastError();
// The detailed one-line message of the most recent error with this code on this thread (also
// printed once to stderr when it happened), else the code's generic text.
char const* hipGetErrorString(hipError_t error);
char const* hipGetErrorName(hipError_t error);

// --- device -------------------------------------------------------------------------------------
hipError_t hipInit(unsigned int flags);
hipError_t hipDriverGetVersion(int* version);
hipError_t hipRuntimeGetVersion(int* version);
hipError_t hipDeviceSynchronize(); // the first error of the launches since the last call
hipError_t hipDeviceReset();       // clears the errors; memory stays allocated
hipError_t hipGetDeviceCount(int* count);
hipError_t hipGetDevice(int* device);
hipError_t hipSetDevice(int device);
hipError_t hipSetDeviceFlags(unsigned int flags);
hipError_t hipGetDeviceFlags(unsigned int* flags);
hipError_t hipGetDeviceProperties(hipDeviceProp_t* properties, int device);
hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attribute, int device);
hipError_t hipDeviceGetName(char* name, int length, hipDevice_t device);
hipError_t hipDeviceCanAccessPeer(int* can, int device, int peer);
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t config);
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* config);
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipDeviceGetStreamPriorityRange(int* least, int* greatest);
hipError_t hipProfilerStart();
hipError_t hipProfilerStop();

// --- kernels ------------------------------------------------------------------------------------
namespace wavemma::hip::detail {
hipError_t func_attributes(hipFuncAttributes* attributes, void const* kernel);
hipError_t occupancy_blocks(int* blocks, void const* kernel, int block_size, size_t dynamic_shared);
hipError_t occupancy_block_size(int* grid_size, int* block_size, void const* kernel, size_t dynamic_shared,
                                int block_size_limit);
hipError_t func_accepted(char const* call, void const* kernel);
} // namespace wavemma::hip::detail
// By the kernel's address, as HIP declares them; the templates take any kernel (a function pointer
// of any type), as HIP's hip_runtime.h templates do.
inline hipError_t hipFuncGetAttributes(struct hipFuncAttributes* attributes, void const* kernel) {
  return ::wavemma::hip::detail::func_attributes(attributes, kernel);
}
inline hipError_t hipFuncSetAttribute(void const* kernel, hipFuncAttribute, int) {
  return ::wavemma::hip::detail::func_accepted("hipFuncSetAttribute", kernel);
}
inline hipError_t hipFuncSetCacheConfig(void const* kernel, hipFuncCache_t) {
  return ::wavemma::hip::detail::func_accepted("hipFuncSetCacheConfig", kernel);
}
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, void const* kernel, int block_size,
                                                               size_t dynamic_shared) {
  return ::wavemma::hip::detail::occupancy_blocks(blocks, kernel, block_size, dynamic_shared);
}
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, void const* kernel, int block_size,
                                                                        size_t dynamic_shared,
                                                                        unsigned int = hipOccupancyDefault) {
  return ::wavemma::hip::detail::occupancy_blocks(blocks, kernel, block_size, dynamic_shared);
}
inline hipError_t hipOccupancyMaxPotentialBlockSize(int* grid_size, int* block_size, void const* kernel,
                                                    size_t dynamic_shared, int block_size_limit) {
  return ::wavemma::hip::detail::occupancy_block_size(grid_size, block_size, kernel, dynamic_shared, block_size_limit);
}
template <class F>
hipError_t hipFuncGetAttributes(hipFuncAttributes* attributes, F kernel) {
  return ::wavemma::hip::detail::func_attributes(attributes, reinterpret_cast<void const*>(kernel));
}
// Occupancy from the launch limits the emulator knows: threads per CU (2048) and LDS per CU; the
// kernel's register use is not known here, so it is never the limit.
template <class F>
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, F kernel, int block_size, size_t dynamic_shared) {
  return ::wavemma::hip::detail::occupancy_blocks(blocks, reinterpret_cast<void const*>(kernel), block_size,
                                                  dynamic_shared);
}
template <class F>
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, F kernel, int block_size,
                                                                 size_t dynamic_shared,
                                                                 unsigned int = hipOccupancyDefault) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(blocks, kernel, block_size, dynamic_shared);
}
template <class F>
hipError_t hipOccupancyMaxPotentialBlockSize(int* grid_size, int* block_size, F kernel, size_t dynamic_shared = 0,
                                             int block_size_limit = 0) {
  return ::wavemma::hip::detail::occupancy_block_size(grid_size, block_size, reinterpret_cast<void const*>(kernel),
                                                      dynamic_shared, block_size_limit);
}
template <class F>
hipError_t hipFuncSetCacheConfig(F kernel, hipFuncCache_t) {
  return ::wavemma::hip::detail::func_accepted("hipFuncSetCacheConfig", reinterpret_cast<void const*>(kernel));
}
template <class F>
hipError_t hipFuncSetAttribute(F kernel, hipFuncAttribute, int) {
  return ::wavemma::hip::detail::func_accepted("hipFuncSetAttribute", reinterpret_cast<void const*>(kernel));
}

// --- streams and events -------------------------------------------------------------------------
hipError_t hipStreamCreate(hipStream_t* stream);
hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags);
hipError_t hipStreamCreateWithPriority(hipStream_t* stream, unsigned int flags, int priority);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamQuery(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags);
hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags);
hipError_t hipStreamGetPriority(hipStream_t stream, int* priority);
hipError_t hipEventCreate(hipEvent_t* event);
hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned int flags);
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream = nullptr);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventQuery(hipEvent_t event);
// Milliseconds of host time between the two records (the launches in between ran to completion).
hipError_t hipEventElapsedTime(float* milliseconds, hipEvent_t start, hipEvent_t stop);
