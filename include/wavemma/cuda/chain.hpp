#pragma once
// wavemma::cuda — the matrix products of wavemma::emu on an NVIDIA GPU, bit for bit: D = the chain
// of an instruction over K exactly as emu::chain (and Python's wavemma.matmul) forms it, each
// output element computed by the numeric core the CPU engines run (wavemma/numeric/core). Built
// when CMake finds a CUDA compiler (WAVEMMA_CUDA); docs/cuda.md describes it.
//
// This header needs no CUDA headers: a stream is a cudaStream_t (CUstream_st*), nullptr the
// default stream.

#include <cstdint>
#include <string>

#include "wavemma/emu/chain.hpp"

struct CUstream_st;

namespace wavemma::cuda {

// Whether a CUDA device can run the kernels; otherwise `why` (when given) says why not in one line
// ("no CUDA device: ...").
bool available(std::string* why = nullptr);

// The name of device 0 and its compute capability: "NVIDIA H200 (sm_90)".
std::string device_name();

// Which kernels compute a product: kAuto takes the fast formulation of the issue's model where
// there is one (docs/cuda.md, "The fast paths"), the reference kernel elsewhere and for
// what the fast one hands over; kReference runs the reference kernel (every element through the
// numeric core's engine) everywhere. Both give the same bits.
enum class Path { kAuto, kReference };

// The formulation kAuto runs for an issue: a fast path ("binary64": the DOT4 chains with f32 C/D;
// "fma": the f32 and f64 FMA chains; "integer": the integer sums) or "reference".
char const* formulation(emu::Issue const&);

// D (m x n) = emu::chain(issue, p) with every pointer of p (a, index, b, c, scale_a, scale_b) and d
// in device memory, raw element bits as emu::Product has them; queued on `stream`, which the call
// synchronises before it returns. Throws std::invalid_argument for what emu::chain refuses and
// std::runtime_error for a CUDA error.
void chain(emu::Issue const&, emu::Product const& device_product, uint64_t* device_d, CUstream_st* stream = nullptr,
           Path = Path::kAuto);

// chain() on host arrays: copies the operands to the device, runs, copies D back.
void chain_from_host(emu::Issue const&, emu::Product const& host_product, uint64_t* host_d,
                     CUstream_st* stream = nullptr, Path = Path::kAuto);

// A C-contiguous device array of raw codes, `bytes` (1, 2, 4 or 8) bytes each, as NumPy, PyTorch
// and CuPy store a format's elements (wavemma's Python dtypes); data = nullptr: absent (C: zeros).
struct DeviceArray {
  void const* data = nullptr;
  int bytes = 0;
};

// chain() on arrays of narrower elements (a: m x k, b: k x n, c and d: m x n), widened to and
// narrowed from emu::Product's 64-bit elements on the device, on `stream`: no copy through the
// host. Dense, unscaled instructions (the others take emu::Product's layout: chain()).
void chain_arrays(emu::Issue const&, int m, int n, int k, DeviceArray a, DeviceArray b, DeviceArray c, void* d,
                  int d_bytes, CUstream_st* stream = nullptr, Path = Path::kAuto);

// d[e] = numeric::dot(model, a[e·K .. e·K + K), b[e·K .. e·K + K), c[e]) for e < count on the GPU,
// from host arrays (copied in and out): one engine call per element, as the reference runs it.
// Throws std::invalid_argument as numeric::dot does, and for K above the kernel's 128.
void dot_batch(numeric::Model const&, int K, int count, uint64_t const* a, uint64_t const* b, uint64_t const* c,
               uint64_t* d, CUstream_st* stream = nullptr);

} // namespace wavemma::cuda
