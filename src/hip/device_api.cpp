// The device: hipGetDeviceProperties and hipDeviceGetAttribute from the launched target and the
// figures of its flagship GPU (isa::flagship_gpu), and the kernel queries (attributes, occupancy).

#include "errors.hpp"
#include "wavemma/simt/memory.hpp"
#include "wavemma/isa/arch.hpp"
#include "wavemma/hip/host.hpp"

#include <algorithm>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <string>
#include <thread>
#include <unistd.h>

namespace {

using wavemma::hip::detail::check_device;
using wavemma::hip::detail::report;

constexpr int kMaxThreadsPerBlock = 1024;
// Waves a CU holds: 32 wave64 on CDNA3 (8 per SIMD), 32 wave32 per SIMD pair on RDNA (16 per
// SIMD) [DOC: the ISA guides]; 2048 threads either way [ASSUME: the figure ROCm reports].
constexpr int kMaxThreadsPerCu = 2048;

size_t host_memory() {
  return static_cast<size_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<size_t>(sysconf(_SC_PAGESIZE));
}
size_t host_available() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  size_t kib = 0;
  while (meminfo >> key >> kib)
    if (key == "MemAvailable:") return kib * 1024;
  return host_memory();
}

// ROCm's target ID: CDNA GPUs report their default features (SRAM ECC on, XNACK off).
std::string target_id(wavemma::isa::Arch const& a) {
  return wavemma::isa::is_rdna(a.gen) ? std::string(a.name) : fmt::format("{}:sramecc+:xnack-", a.name);
}

// gfx<major><minor><stepping>: gfx1201 -> 12.0, gfx942 -> 9.4, gfx90a -> 9.0.
void version(std::string_view arch, int* major, int* minor) {
  std::string const digits(arch.substr(3));
  *major = std::atoi(digits.substr(0, digits.size() - 2).c_str());
  *minor = digits[digits.size() - 2] - '0';
}

void fill(hipDeviceProp_t* p, wavemma::simt::Target const& t) {
  wavemma::isa::Arch const& a = *t.arch;
  wavemma::isa::Gpu const* g = wavemma::isa::flagship_gpu(a.name);
  *p = hipDeviceProp_t{};
  // A GPU row gives the figures; an architecture without one reports the host's cores and memory.
  int const cus = g ? g->compute_units : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (g)
    fmt::format_to_n(p->name, sizeof p->name - 1, "AMD {}, wavemma emulated {}", g->name, a.name);
  else
    fmt::format_to_n(p->name, sizeof p->name - 1, "wavemma emulated {}", a.name);
  fmt::format_to_n(p->gcnArchName, sizeof p->gcnArchName - 1, "{}", target_id(a));
  version(a.name, &p->major, &p->minor);
  size_t const lds = size_t(a.lds_kib) * 1024; // what simt::launch accepts per block
  p->totalGlobalMem = g ? size_t(g->memory_gib) << 30 : host_memory();
  p->sharedMemPerBlock = lds;
  p->sharedMemPerBlockOptin = p->sharedMemPerBlock;
  p->sharedMemPerMultiprocessor = lds;
  p->maxSharedMemoryPerMultiProcessor = lds;
  p->regsPerBlock = 65536;
  p->regsPerMultiprocessor = 65536;
  p->warpSize = t.wave;
  p->memPitch = 2147483647;
  p->maxThreadsPerBlock = kMaxThreadsPerBlock;
  p->maxThreadsDim[0] = p->maxThreadsDim[1] = p->maxThreadsDim[2] = kMaxThreadsPerBlock;
  p->maxGridSize[0] = 2147483647;
  p->maxGridSize[1] = p->maxGridSize[2] = 65536;
  p->clockRate = g ? g->peak_clock_mhz * 1000 : 0;
  p->totalConstMem = 2147483647;
  p->multiProcessorCount = cus;
  p->maxThreadsPerMultiProcessor = kMaxThreadsPerCu;
  p->maxBlocksPerMultiProcessor = kMaxThreadsPerCu / 64;
  // memoryClockRate: the data rate per pin halved (kHz), so that 2 x clock x width is the peak
  // bandwidth [ASSUME: CUDA's convention; ROCm's own figure may differ].
  p->memoryClockRate = g ? g->memory_mtps * 500 : 0;
  p->memoryBusWidth = g ? g->memory_bus_bits : 0;
  p->l2CacheSize = g ? g->l2_kib * 1024 : 0;
  p->integrated = g && g->integrated;
  p->canMapHostMemory = 1;
  p->concurrentKernels = 1;
  p->cooperativeLaunch = 1; // hipLaunchCooperativeKernel (one device: no multi-device launch)
  p->ECCEnabled = !wavemma::isa::is_rdna(a.gen);
  p->unifiedAddressing = 1;
  p->managedMemory = 1;
  p->directManagedMemAccessFromHost = 1;
  p->concurrentManagedAccess = 1;
  p->pageableMemoryAccess = 1;
  p->hostNativeAtomicSupported = 1;
  p->hostRegisterSupported = 1;
  p->globalL1CacheSupported = 1;
  p->localL1CacheSupported = 1;
  p->singleToDoublePrecisionPerfRatio = wavemma::isa::is_rdna(a.gen) ? 32 : 1;
  p->clockInstructionRate = 100000; // s_memrealtime: a constant 100 MHz [DOC: the ISA guides]
  p->arch = hipDeviceArch_t{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0};
  p->textureAlignment = 256;
  p->texturePitchAlignment = 256;
  // The texture and surface limits (maxTexture*, maxSurface*, surfaceAlignment) stay 0: wavemma
  // has no textures or surfaces (hipDeviceAttributeImageSupport is 0).
}

hipError_t current(char const* call, int device, wavemma::simt::Target* t) {
  if (hipError_t e = check_device(call, device); e != hipSuccess) return e;
  if (wavemma::simt::Error e = wavemma::simt::target_error(); !e.ok()) return report(e.status, e.message);
  *t = wavemma::simt::target();
  return hipSuccess;
}

} // namespace

hipError_t hipGetDeviceProperties(hipDeviceProp_t* p, int device) {
  if (!p) return report(hipErrorInvalidValue, "hipGetDeviceProperties: null properties");
  wavemma::simt::Target t;
  if (hipError_t e = current("hipGetDeviceProperties", device, &t); e != hipSuccess) return e;
  fill(p, t);
  return hipSuccess;
}

hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attribute, int device) {
  if (!value) return report(hipErrorInvalidValue, "hipDeviceGetAttribute: null value");
  wavemma::simt::Target t;
  if (hipError_t e = current("hipDeviceGetAttribute", device, &t); e != hipSuccess) return e;
  hipDeviceProp_t p;
  fill(&p, t);
  auto clamp = [](size_t v) { return int(std::min<size_t>(v, 2147483647)); };
  switch (attribute) {
    // clang-format off
  case hipDeviceAttributeEccEnabled: *value = p.ECCEnabled; break;
  case hipDeviceAttributeAsyncEngineCount: *value = p.asyncEngineCount; break;
  case hipDeviceAttributeCanMapHostMemory: *value = p.canMapHostMemory; break;
  case hipDeviceAttributeCanUseHostPointerForRegisteredMem: *value = 1; break;
  case hipDeviceAttributeClockRate: *value = p.clockRate; break;
  case hipDeviceAttributeComputeMode: *value = p.computeMode; break;
  case hipDeviceAttributeComputePreemptionSupported: *value = 0; break;
  case hipDeviceAttributeConcurrentKernels: *value = p.concurrentKernels; break;
  case hipDeviceAttributeConcurrentManagedAccess: *value = p.concurrentManagedAccess; break;
  case hipDeviceAttributeCooperativeLaunch: *value = p.cooperativeLaunch; break;
  case hipDeviceAttributeCooperativeMultiDeviceLaunch: *value = p.cooperativeMultiDeviceLaunch; break;
  case hipDeviceAttributeDeviceOverlap: *value = p.deviceOverlap; break;
  case hipDeviceAttributeDirectManagedMemAccessFromHost: *value = p.directManagedMemAccessFromHost; break;
  case hipDeviceAttributeGlobalL1CacheSupported: *value = p.globalL1CacheSupported; break;
  case hipDeviceAttributeHostNativeAtomicSupported: *value = p.hostNativeAtomicSupported; break;
  case hipDeviceAttributeIntegrated: *value = p.integrated; break;
  case hipDeviceAttributeIsMultiGpuBoard: *value = p.isMultiGpuBoard; break;
  case hipDeviceAttributeKernelExecTimeout: *value = p.kernelExecTimeoutEnabled; break;
  case hipDeviceAttributeL2CacheSize: *value = p.l2CacheSize; break;
  case hipDeviceAttributeLocalL1CacheSupported: *value = p.localL1CacheSupported; break;
  case hipDeviceAttributeComputeCapabilityMajor: *value = p.major; break;
  case hipDeviceAttributeComputeCapabilityMinor: *value = p.minor; break;
  case hipDeviceAttributeManagedMemory: *value = p.managedMemory; break;
  case hipDeviceAttributeMaxBlocksPerMultiProcessor: *value = p.maxBlocksPerMultiProcessor; break;
  case hipDeviceAttributeMaxBlockDimX: *value = p.maxThreadsDim[0]; break;
  case hipDeviceAttributeMaxBlockDimY: *value = p.maxThreadsDim[1]; break;
  case hipDeviceAttributeMaxBlockDimZ: *value = p.maxThreadsDim[2]; break;
  case hipDeviceAttributeMaxGridDimX: *value = p.maxGridSize[0]; break;
  case hipDeviceAttributeMaxGridDimY: *value = p.maxGridSize[1]; break;
  case hipDeviceAttributeMaxGridDimZ: *value = p.maxGridSize[2]; break;
  case hipDeviceAttributeMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; break;
  case hipDeviceAttributeMaxThreadsPerMultiProcessor: *value = p.maxThreadsPerMultiProcessor; break;
  case hipDeviceAttributeMaxPitch: *value = clamp(p.memPitch); break;
  case hipDeviceAttributeMemoryBusWidth: *value = p.memoryBusWidth; break;
  case hipDeviceAttributeMemoryClockRate: *value = p.memoryClockRate; break;
  case hipDeviceAttributeMultiGpuBoardGroupID: *value = p.multiGpuBoardGroupID; break;
  case hipDeviceAttributeMultiprocessorCount: *value = p.multiProcessorCount; break;
  case hipDeviceAttributePhysicalMultiProcessorCount: *value = p.multiProcessorCount; break;
  case hipDeviceAttributePageableMemoryAccess: *value = p.pageableMemoryAccess; break;
  case hipDeviceAttributePageableMemoryAccessUsesHostPageTables: *value = p.pageableMemoryAccessUsesHostPageTables; break;
  case hipDeviceAttributePciBusId: *value = p.pciBusID; break;
  case hipDeviceAttributePciDeviceId: *value = p.pciDeviceID; break;
  case hipDeviceAttributePciDomainID: *value = p.pciDomainID; break;
  case hipDeviceAttributePersistingL2CacheMaxSize: *value = p.persistingL2CacheMaxSize; break;
  case hipDeviceAttributeMaxRegistersPerBlock: *value = p.regsPerBlock; break;
  case hipDeviceAttributeMaxRegistersPerMultiprocessor: *value = p.regsPerMultiprocessor; break;
  case hipDeviceAttributeReservedSharedMemPerBlock: *value = 0; break;
  case hipDeviceAttributeMaxSharedMemoryPerBlock: *value = clamp(p.sharedMemPerBlock); break;
  case hipDeviceAttributeSharedMemPerBlockOptin: *value = clamp(p.sharedMemPerBlockOptin); break;
  case hipDeviceAttributeSharedMemPerMultiprocessor: *value = clamp(p.sharedMemPerMultiprocessor); break;
  case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor: *value = clamp(p.maxSharedMemoryPerMultiProcessor); break;
  case hipDeviceAttributeSingleToDoublePrecisionPerfRatio: *value = p.singleToDoublePrecisionPerfRatio; break;
  case hipDeviceAttributeStreamPrioritiesSupported: *value = p.streamPrioritiesSupported; break;
  case hipDeviceAttributeTccDriver: *value = p.tccDriver; break;
  case hipDeviceAttributeTextureAlignment: *value = clamp(p.textureAlignment); break;
  case hipDeviceAttributeTexturePitchAlignment: *value = clamp(p.texturePitchAlignment); break;
  case hipDeviceAttributeTotalConstantMemory: *value = clamp(p.totalConstMem); break;
  case hipDeviceAttributeTotalGlobalMem: *value = clamp(p.totalGlobalMem); break;
  case hipDeviceAttributeUnifiedAddressing: *value = p.unifiedAddressing; break;
  case hipDeviceAttributeWarpSize: *value = p.warpSize; break;
  case hipDeviceAttributeMemoryPoolsSupported: *value = 0; break;
  case hipDeviceAttributeVirtualMemoryManagementSupported: *value = 0; break;
  case hipDeviceAttributeHostRegisterSupported: *value = p.hostRegisterSupported; break;
  case hipDeviceAttributeClockInstructionRate: *value = p.clockInstructionRate; break;
  case hipDeviceAttributeWallClockRate: *value = p.clockInstructionRate; break;
  case hipDeviceAttributeIsLargeBar: *value = p.isLargeBar; break;
  case hipDeviceAttributeAsicRevision: *value = p.asicRevision; break;
  case hipDeviceAttributeCanUseStreamWaitValue: *value = 0; break;
  case hipDeviceAttributeImageSupport: *value = 0; break; // textures are not emulated
  case hipDeviceAttributeFineGrainSupport: *value = 1; break;
  case hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc:
  case hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim:
  case hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim:
  case hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem: *value = 0; break;
  // The texture and surface limits: 0, as their fields (no textures or surfaces).
  case hipDeviceAttributeMaxSurface1D: *value = p.maxSurface1D; break;
  case hipDeviceAttributeMaxSurface1DLayered: *value = p.maxSurface1DLayered[0]; break;
  case hipDeviceAttributeMaxSurface2D: *value = p.maxSurface2D[0]; break;
  case hipDeviceAttributeMaxSurface2DLayered: *value = p.maxSurface2DLayered[0]; break;
  case hipDeviceAttributeMaxSurface3D: *value = p.maxSurface3D[0]; break;
  case hipDeviceAttributeMaxSurfaceCubemap: *value = p.maxSurfaceCubemap; break;
  case hipDeviceAttributeMaxSurfaceCubemapLayered: *value = p.maxSurfaceCubemapLayered[0]; break;
  case hipDeviceAttributeMaxTexture1DWidth: *value = p.maxTexture1D; break;
  case hipDeviceAttributeMaxTexture1DLayered: *value = p.maxTexture1DLayered[0]; break;
  case hipDeviceAttributeMaxTexture1DLinear: *value = p.maxTexture1DLinear; break;
  case hipDeviceAttributeMaxTexture1DMipmap: *value = p.maxTexture1DMipmap; break;
  case hipDeviceAttributeMaxTexture2DWidth: *value = p.maxTexture2D[0]; break;
  case hipDeviceAttributeMaxTexture2DHeight: *value = p.maxTexture2D[1]; break;
  case hipDeviceAttributeMaxTexture2DGather: *value = p.maxTexture2DGather[0]; break;
  case hipDeviceAttributeMaxTexture2DLayered: *value = p.maxTexture2DLayered[0]; break;
  case hipDeviceAttributeMaxTexture2DLinear: *value = p.maxTexture2DLinear[0]; break;
  case hipDeviceAttributeMaxTexture2DMipmap: *value = p.maxTexture2DMipmap[0]; break;
  case hipDeviceAttributeMaxTexture3DWidth: *value = p.maxTexture3D[0]; break;
  case hipDeviceAttributeMaxTexture3DHeight: *value = p.maxTexture3D[1]; break;
  case hipDeviceAttributeMaxTexture3DDepth: *value = p.maxTexture3D[2]; break;
  case hipDeviceAttributeMaxTexture3DAlt: *value = p.maxTexture3DAlt[0]; break;
  case hipDeviceAttributeMaxTextureCubemap: *value = p.maxTextureCubemap; break;
  case hipDeviceAttributeMaxTextureCubemapLayered: *value = p.maxTextureCubemapLayered[0]; break;
  case hipDeviceAttributeSurfaceAlignment: *value = clamp(p.surfaceAlignment); break;
  // clang-format on
  default:
    return report(hipErrorInvalidValue,
                  fmt::format("hipDeviceGetAttribute: attribute {} is not emulated (docs/hipcc.md, \"The "
                              "runtime API\", lists the eleven that are not)",
                              static_cast<int>(attribute)));
  }
  return hipSuccess;
}

hipError_t hipDeviceGetName(char* name, int length, hipDevice_t device) {
  if (!name || length <= 0) return report(hipErrorInvalidValue, "hipDeviceGetName: no room for the name");
  hipDeviceProp_t p;
  if (hipError_t e = hipGetDeviceProperties(&p, device); e != hipSuccess) return e;
  std::snprintf(name, size_t(length), "%s", p.name);
  return hipSuccess;
}

hipError_t hipMemGetInfo(size_t* free, size_t* total) {
  if (!free || !total) return report(hipErrorInvalidValue, "hipMemGetInfo: null result");
  hipDeviceProp_t p;
  if (hipError_t e = hipGetDeviceProperties(&p, 0); e != hipSuccess) return e;
  *total = p.totalGlobalMem;
  size_t const used = wavemma::simt::detail::device_bytes_in_use();
  *free = std::min(host_available(), used < *total ? *total - used : 0);
  return hipSuccess;
}

hipError_t hipGetDeviceCount(int* count) {
  if (!count) return report(hipErrorInvalidValue, "hipGetDeviceCount: null count");
  *count = 1;
  return hipSuccess;
}
hipError_t hipGetDevice(int* device) {
  if (!device) return report(hipErrorInvalidValue, "hipGetDevice: null device");
  *device = 0;
  return hipSuccess;
}
hipError_t hipSetDevice(int device) { return check_device("hipSetDevice", device); }
hipError_t hipSetDeviceFlags(unsigned int) { return hipSuccess; }
hipError_t hipGetDeviceFlags(unsigned int* flags) {
  if (!flags) return report(hipErrorInvalidValue, "hipGetDeviceFlags: null flags");
  *flags = 0;
  return hipSuccess;
}
hipError_t hipInit(unsigned int flags) {
  if (flags != 0) return report(hipErrorInvalidValue, "hipInit: flags must be 0");
  return hipSuccess;
}
// HIP 6.2's version numbers, the API these headers follow (HIP_VERSION in hip/hip_version.h).
hipError_t hipDriverGetVersion(int* version) {
  if (!version) return report(hipErrorInvalidValue, "hipDriverGetVersion: null version");
  *version = 60241512;
  return hipSuccess;
}
hipError_t hipRuntimeGetVersion(int* version) {
  if (!version) return report(hipErrorInvalidValue, "hipRuntimeGetVersion: null version");
  *version = 60241512;
  return hipSuccess;
}
hipError_t hipDeviceSynchronize() { return wavemma::hip::detail::take_launch_error(); }
hipError_t hipDeviceReset() {
  wavemma::hip::detail::clear_errors();
  return hipSuccess;
}
hipError_t hipDeviceCanAccessPeer(int* can, int device, int peer) {
  if (!can) return report(hipErrorInvalidValue, "hipDeviceCanAccessPeer: null result");
  if (hipError_t e = check_device("hipDeviceCanAccessPeer", device); e != hipSuccess) return e;
  if (hipError_t e = check_device("hipDeviceCanAccessPeer", peer); e != hipSuccess) return e;
  *can = 0;
  return hipSuccess;
}
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t) { return hipSuccess; }
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* config) {
  if (!config) return report(hipErrorInvalidValue, "hipDeviceGetCacheConfig: null result");
  *config = hipFuncCachePreferNone;
  return hipSuccess;
}
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig) { return hipSuccess; }
hipError_t hipDeviceGetStreamPriorityRange(int* least, int* greatest) {
  if (least) *least = 0;
  if (greatest) *greatest = 0;
  return hipSuccess;
}
hipError_t hipProfilerStart() { return hipSuccess; }
hipError_t hipProfilerStop() { return hipSuccess; }

namespace wavemma::hip::detail {

hipError_t func_accepted(char const* call, void const* kernel) {
  if (!kernel) return report(hipErrorInvalidDeviceFunction, fmt::format("{}: null kernel", call));
  return hipSuccess;
}

hipError_t func_attributes(hipFuncAttributes* a, void const* kernel) {
  if (!a) return report(hipErrorInvalidValue, "hipFuncGetAttributes: null attributes");
  if (hipError_t e = func_accepted("hipFuncGetAttributes", kernel); e != hipSuccess) return e;
  if (simt::Error e = simt::target_error(); !e.ok()) return report(e.status, e.message);
  *a = hipFuncAttributes{};
  a->maxThreadsPerBlock = kMaxThreadsPerBlock;
  a->maxDynamicSharedSizeBytes = static_cast<int>(simt::target().arch->lds_kib * 1024);
  return hipSuccess;
}

hipError_t occupancy_blocks(int* blocks, void const* kernel, int block_size, size_t dynamic_shared) {
  if (!blocks) return report(hipErrorInvalidValue, "hipOccupancyMaxActiveBlocksPerMultiprocessor: null result");
  if (hipError_t e = func_accepted("hipOccupancyMaxActiveBlocksPerMultiprocessor", kernel); e != hipSuccess) return e;
  if (block_size <= 0 || block_size > kMaxThreadsPerBlock)
    return report(hipErrorInvalidValue,
                  fmt::format("hipOccupancyMaxActiveBlocksPerMultiprocessor: block size {}", block_size));
  hipDeviceProp_t p;
  if (hipError_t e = hipGetDeviceProperties(&p, 0); e != hipSuccess) return e;
  int const waves = (block_size + p.warpSize - 1) / p.warpSize;
  int by_threads = kMaxThreadsPerCu / (waves * p.warpSize);
  if (dynamic_shared > 0)
    by_threads = std::min<int>(by_threads, int(p.maxSharedMemoryPerMultiProcessor / dynamic_shared));
  *blocks = by_threads;
  return hipSuccess;
}

// A cooperative grid must fit on the device at once: at most
// hipOccupancyMaxActiveBlocksPerMultiprocessor x multiProcessorCount blocks, else
// hipErrorCooperativeLaunchTooLarge [DOC: hipLaunchCooperativeKernel's @returns, hip_runtime_api.h;
// the rule is CUDA's documented one for cudaLaunchCooperativeKernel, which HIP follows]. A block
// HIP cannot launch at all is left to the launch, which names it.
hipError_t cooperative_check(void const* kernel, simt::Dim3 grid, simt::Dim3 block, size_t dynamic_shared) {
  if (hipError_t e = func_accepted("hipLaunchCooperativeKernel", kernel); e != hipSuccess) return e;
  uint64_t const threads = block.count();
  if (threads == 0 || threads > uint64_t(kMaxThreadsPerBlock) || grid.count() == 0) return hipSuccess;
  int per_cu = 0;
  if (hipError_t e = occupancy_blocks(&per_cu, kernel, static_cast<int>(threads), dynamic_shared); e != hipSuccess)
    return e;
  hipDeviceProp_t p;
  if (hipError_t e = hipGetDeviceProperties(&p, 0); e != hipSuccess) return e;
  uint64_t const most = uint64_t(per_cu) * uint64_t(p.multiProcessorCount);
  if (grid.count() <= most) return hipSuccess;
  return report(hipErrorCooperativeLaunchTooLarge,
                fmt::format("hipLaunchCooperativeKernel: a grid of {} blocks of {} threads ({} bytes of dynamic shared "
                            "memory); {} holds at most {} at once ({} per CU x {} CUs: "
                            "hipOccupancyMaxActiveBlocksPerMultiprocessor x multiProcessorCount)",
                            grid.count(), threads, dynamic_shared, p.gcnArchName, most, per_cu, p.multiProcessorCount));
}

hipError_t occupancy_block_size(int* grid_size, int* block_size, void const* kernel, size_t dynamic_shared,
                                int block_size_limit) {
  if (!grid_size || !block_size) return report(hipErrorInvalidValue, "hipOccupancyMaxPotentialBlockSize: null result");
  int const size = block_size_limit > 0 ? std::min(block_size_limit, kMaxThreadsPerBlock) : kMaxThreadsPerBlock;
  int per_cu = 0;
  if (hipError_t e = occupancy_blocks(&per_cu, kernel, size, dynamic_shared); e != hipSuccess) return e;
  hipDeviceProp_t p;
  if (hipError_t e = hipGetDeviceProperties(&p, 0); e != hipSuccess) return e;
  *block_size = size;
  *grid_size = per_cu * p.multiProcessorCount;
  return hipSuccess;
}

} // namespace wavemma::hip::detail
