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

// D (m x n) = emu::chain(issue, p) with every pointer of p (a, index, b, c, scale_a, scale_b) and d
// in device memory, raw element bits as emu::Product has them; queued on `stream`, which the call
// synchronises before it returns. Throws std::invalid_argument for what emu::chain refuses and
// std::runtime_error for a CUDA error.
void chain(emu::Issue const&, emu::Product const& device_product, uint64_t* device_d, CUstream_st* stream = nullptr);

// chain() on host arrays: copies the operands to the device, runs, copies D back.
void chain_from_host(emu::Issue const&, emu::Product const& host_product, uint64_t* host_d,
                     CUstream_st* stream = nullptr);

// d[e] = numeric::dot(model, a[e·K .. e·K + K), b[e·K .. e·K + K), c[e]) for e < count on the GPU,
// from host arrays (copied in and out): one engine call per element, as the reference runs it.
// Throws std::invalid_argument as numeric::dot does, and for K above the kernel's 128.
void dot_batch(numeric::Model const&, int K, int count, uint64_t const* a, uint64_t const* b, uint64_t const* c,
               uint64_t* d, CUstream_st* stream = nullptr);

} // namespace wavemma::cuda
