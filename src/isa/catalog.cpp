// The catalog rows. Sources: reference/instructions.md §3 (CALC shapes, cycles, co-execution;
// LLVM opcodes and modifier legality; clang-22 builtin names) [DOC]; numeric models from
// reference/numerics.md and reference/cdna-generations.md. gfx908/gfx90a: CALC -a cdna1/cdna2
// (co-execution = cycles - issue delay 8/4); gfx950: llvm-mc-22 opcodes, LLVM's gfx950 schedule
// model for the new shapes' cycles (4 passes = 16 cycles for 16x16, 8 = 32 for 32x32).

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>
#include <string>

#include "wavemma/isa/arch.hpp"
#include "wavemma/isa/instruction.hpp"

namespace wavemma::isa {
namespace {

using enum Generation;
using enum Kind;
using enum numeric::Format;
using P = ModProfile;
using M = NumericModelId;
using numeric::Engine;

// clang-format off
constexpr std::array kRows = std::to_array<Instruction>({
// mnemonic                          gen     kind     op    M   N   K  blk  A             B             C/D    cyc cox profile           model             builtin stem                     aliases
// iu8/iu4 forms: A and B are u8/u4, their type without NEG; NEG makes them i8/i4 (Instruction::type_of)
// --- gfx11 WMMA (RDNA3) ----------------------------------------------------------------------------------------------------------------------------------------------------------------
{"v_wmma_f32_16x16x16_f16",       kGfx11, kWmma,   0x40, 16, 16, 16, 1, kF16,         kF16,         kF32,  32,  0, P::kRdna3Float32Out, M::kRdna3Dot2,       "wmma_f32_16x16x16_f16",         ""},
{"v_wmma_f32_16x16x16_bf16",      kGfx11, kWmma,   0x41, 16, 16, 16, 1, kBf16,        kBf16,        kF32,  32,  0, P::kRdna3Float32Out, M::kRdna3Dot2,       "wmma_f32_16x16x16_bf16",        ""},
{"v_wmma_f16_16x16x16_f16",       kGfx11, kWmma,   0x42, 16, 16, 16, 1, kF16,         kF16,         kF16,  32,  0, P::kRdna3Float16Out, M::kRdna3Dot2,       "wmma_f16_16x16x16_f16",         ""},
{"v_wmma_bf16_16x16x16_bf16",     kGfx11, kWmma,   0x43, 16, 16, 16, 1, kBf16,        kBf16,        kBf16, 32,  0, P::kRdna3Float16Out, M::kRdna3Dot2,       "wmma_bf16_16x16x16_bf16",       ""},
{"v_wmma_i32_16x16x16_iu8",       kGfx11, kWmma,   0x44, 16, 16, 16, 1, kU8,          kU8,          kI32,  32,  0, P::kRdna3Int,        M::kRdna3Int,        "wmma_i32_16x16x16_iu8",         ""},
{"v_wmma_i32_16x16x16_iu4",       kGfx11, kWmma,   0x45, 16, 16, 16, 1, kU4,          kU4,          kI32,  16,  0, P::kRdna3Int,        M::kRdna3Int,        "wmma_i32_16x16x16_iu4",         ""},
// --- gfx12 WMMA (RDNA4) ----------------------------------------------------------------------------------------------------------------------------------------------------------------
{"v_wmma_f32_16x16x16_f16",       kGfx12, kWmma,   0x40, 16, 16, 16, 1, kF16,         kF16,         kF32,  16,  0, P::kRdna4Float,      M::kRdna4Dot4,       "wmma_f32_16x16x16_f16",         ""},
{"v_wmma_f32_16x16x16_bf16",      kGfx12, kWmma,   0x41, 16, 16, 16, 1, kBf16,        kBf16,        kF32,  16,  0, P::kRdna4Float,      M::kRdna4Dot4,       "wmma_f32_16x16x16_bf16",        ""},
{"v_wmma_f16_16x16x16_f16",       kGfx12, kWmma,   0x42, 16, 16, 16, 1, kF16,         kF16,         kF16,  16,  0, P::kRdna4Float,      M::kRdna4Dot4,       "wmma_f16_16x16x16_f16",         ""},
{"v_wmma_bf16_16x16x16_bf16",     kGfx12, kWmma,   0x43, 16, 16, 16, 1, kBf16,        kBf16,        kBf16, 16,  0, P::kRdna4Float,      M::kRdna4Dot4,       "wmma_bf16_16x16x16_bf16",       ""},
{"v_wmma_i32_16x16x16_iu8",       kGfx12, kWmma,   0x44, 16, 16, 16, 1, kU8,          kU8,          kI32,   8,  0, P::kRdna4Int,        M::kRdna4Int,        "wmma_i32_16x16x16_iu8",         ""},
{"v_wmma_i32_16x16x16_iu4",       kGfx12, kWmma,   0x45, 16, 16, 16, 1, kU4,          kU4,          kI32,   8,  0, P::kRdna4Int,        M::kRdna4Int,        "wmma_i32_16x16x16_iu4",         ""},
{"v_wmma_f32_16x16x16_fp8_fp8",   kGfx12, kWmma,   0x46, 16, 16, 16, 1, kFp8E4M3,     kFp8E4M3,     kF32,   8,  0, P::kRdna4Fp8,        M::kRdna4Fp8Dot4,    "wmma_f32_16x16x16_fp8_fp8",     ""},
{"v_wmma_f32_16x16x16_fp8_bf8",   kGfx12, kWmma,   0x47, 16, 16, 16, 1, kFp8E4M3,     kBf8E5M2,     kF32,   8,  0, P::kRdna4Fp8,        M::kRdna4Fp8Dot4,    "wmma_f32_16x16x16_fp8_bf8",     ""},
{"v_wmma_f32_16x16x16_bf8_fp8",   kGfx12, kWmma,   0x48, 16, 16, 16, 1, kBf8E5M2,     kFp8E4M3,     kF32,   8,  0, P::kRdna4Fp8,        M::kRdna4Fp8Dot4,    "wmma_f32_16x16x16_bf8_fp8",     ""},
{"v_wmma_f32_16x16x16_bf8_bf8",   kGfx12, kWmma,   0x49, 16, 16, 16, 1, kBf8E5M2,     kBf8E5M2,     kF32,   8,  0, P::kRdna4Fp8,        M::kRdna4Fp8Dot4,    "wmma_f32_16x16x16_bf8_bf8",     ""},
{"v_wmma_i32_16x16x32_iu4",       kGfx12, kWmma,   0x4a, 16, 16, 32, 1, kU4,          kU4,          kI32,   8,  0, P::kRdna4Int,        M::kRdna4Int,        "wmma_i32_16x16x32_iu4",         ""},
// --- gfx12 SWMMAC (RDNA4, A stored 2:4) ------------------------------------------------------------------------------------------------------------------------------------------------
{"v_swmmac_f32_16x16x32_f16",     kGfx12, kSwmmac, 0x50, 16, 16, 32, 1, kF16,         kF16,         kF32,  16,  0, P::kSwmmacFloat16,   M::kRdna4SparseDot4, "swmmac_f32_16x16x32_f16",       ""},
{"v_swmmac_f32_16x16x32_bf16",    kGfx12, kSwmmac, 0x51, 16, 16, 32, 1, kBf16,        kBf16,        kF32,  16,  0, P::kSwmmacFloat16,   M::kRdna4SparseDot4, "swmmac_f32_16x16x32_bf16",      ""},
{"v_swmmac_f16_16x16x32_f16",     kGfx12, kSwmmac, 0x52, 16, 16, 32, 1, kF16,         kF16,         kF16,  16,  0, P::kSwmmacFloat16,   M::kRdna4SparseDot4, "swmmac_f16_16x16x32_f16",       ""},
{"v_swmmac_bf16_16x16x32_bf16",   kGfx12, kSwmmac, 0x53, 16, 16, 32, 1, kBf16,        kBf16,        kBf16, 16,  0, P::kSwmmacFloat16,   M::kRdna4SparseDot4, "swmmac_bf16_16x16x32_bf16",     ""},
{"v_swmmac_i32_16x16x32_iu8",     kGfx12, kSwmmac, 0x54, 16, 16, 32, 1, kU8,          kU8,          kI32,   8,  0, P::kSwmmacInt,       M::kRdna4SparseInt,  "swmmac_i32_16x16x32_iu8",       ""},
{"v_swmmac_i32_16x16x32_iu4",     kGfx12, kSwmmac, 0x55, 16, 16, 32, 1, kU4,          kU4,          kI32,   8,  0, P::kSwmmacInt,       M::kRdna4SparseInt,  "swmmac_i32_16x16x32_iu4",       ""},
{"v_swmmac_i32_16x16x64_iu4",     kGfx12, kSwmmac, 0x56, 16, 16, 64, 1, kU4,          kU4,          kI32,   8,  0, P::kSwmmacInt,       M::kRdna4SparseInt,  "swmmac_i32_16x16x64_iu4",       ""},
{"v_swmmac_f32_16x16x32_fp8_fp8", kGfx12, kSwmmac, 0x57, 16, 16, 32, 1, kFp8E4M3,     kFp8E4M3,     kF32,   8,  0, P::kSwmmacFp8,       M::kRdna4SparseDot4, "swmmac_f32_16x16x32_fp8_fp8",   ""},
{"v_swmmac_f32_16x16x32_fp8_bf8", kGfx12, kSwmmac, 0x58, 16, 16, 32, 1, kFp8E4M3,     kBf8E5M2,     kF32,   8,  0, P::kSwmmacFp8,       M::kRdna4SparseDot4, "swmmac_f32_16x16x32_fp8_bf8",   ""},
{"v_swmmac_f32_16x16x32_bf8_fp8", kGfx12, kSwmmac, 0x59, 16, 16, 32, 1, kBf8E5M2,     kFp8E4M3,     kF32,   8,  0, P::kSwmmacFp8,       M::kRdna4SparseDot4, "swmmac_f32_16x16x32_bf8_fp8",   ""},
{"v_swmmac_f32_16x16x32_bf8_bf8", kGfx12, kSwmmac, 0x5a, 16, 16, 32, 1, kBf8E5M2,     kBf8E5M2,     kF32,   8,  0, P::kSwmmacFp8,       M::kRdna4SparseDot4, "swmmac_f32_16x16x32_bf8_bf8",   ""},
// --- gfx942 MFMA (CDNA3) ---------------------------------------------------------------------------------------------------------------------------------------------------------------
{"v_mfma_f32_32x32x1_2b_f32",     kGfx94x, kMfma,  0x40, 32, 32,  1,  2, kF32,         kF32,         kF32,  64,  0, P::kMfmaBroadcast,   M::kCdna3FmaF32,     "mfma_f32_32x32x1f32",           "v_mfma_f32_32x32x1f32"},
{"v_mfma_f32_16x16x1_4b_f32",     kGfx94x, kMfma,  0x41, 16, 16,  1,  4, kF32,         kF32,         kF32,  32,  0, P::kMfmaBroadcast,   M::kCdna3FmaF32,     "mfma_f32_16x16x1f32",           "v_mfma_f32_16x16x1f32"},
{"v_mfma_f32_4x4x1_16b_f32",      kGfx94x, kMfma,  0x42,  4,  4,  1, 16, kF32,         kF32,         kF32,   8,  0, P::kMfmaBroadcast,   M::kCdna3FmaF32,     "mfma_f32_4x4x1f32",             "v_mfma_f32_4x4x1f32"},
{"v_mfma_f32_32x32x2_f32",        kGfx94x, kMfma,  0x44, 32, 32,  2,  1, kF32,         kF32,         kF32,  64,  0, P::kMfmaBlgp,        M::kCdna3FmaF32,     "mfma_f32_32x32x2f32",           "v_mfma_f32_32x32x2f32"},
{"v_mfma_f32_16x16x4_f32",        kGfx94x, kMfma,  0x45, 16, 16,  4,  1, kF32,         kF32,         kF32,  32,  0, P::kMfmaBlgp,        M::kCdna3FmaF32,     "mfma_f32_16x16x4f32",           "v_mfma_f32_16x16x4f32"},
{"v_mfma_f32_32x32x4_2b_f16",     kGfx94x, kMfma,  0x48, 32, 32,  4,  2, kF16,         kF16,         kF32,  64, 60, P::kMfmaBroadcast,   M::kCdna3Alg1G4,     "mfma_f32_32x32x4f16",           "v_mfma_f32_32x32x4f16"},
{"v_mfma_f32_16x16x4_4b_f16",     kGfx94x, kMfma,  0x49, 16, 16,  4,  4, kF16,         kF16,         kF32,  32, 28, P::kMfmaBroadcast,   M::kCdna3Alg1G4,     "mfma_f32_16x16x4f16",           "v_mfma_f32_16x16x4f16"},
{"v_mfma_f32_4x4x4_16b_f16",      kGfx94x, kMfma,  0x4a,  4,  4,  4, 16, kF16,         kF16,         kF32,   8,  4, P::kMfmaBroadcast,   M::kCdna3Alg1G4,     "mfma_f32_4x4x4f16",             "v_mfma_f32_4x4x4f16"},
{"v_mfma_f32_32x32x8_f16",        kGfx94x, kMfma,  0x4c, 32, 32,  8,  1, kF16,         kF16,         kF32,  32, 28, P::kMfmaPlain,       M::kCdna3Alg1G8,     "mfma_f32_32x32x8f16",           "v_mfma_f32_32x32x8f16"},
{"v_mfma_f32_16x16x16_f16",       kGfx94x, kMfma,  0x4d, 16, 16, 16,  1, kF16,         kF16,         kF32,  16, 12, P::kMfmaPlain,       M::kCdna3Alg1G8,     "mfma_f32_16x16x16f16",          "v_mfma_f32_16x16x16f16"},
{"v_mfma_f32_32x32x4_2b_bf16",    kGfx94x, kMfma,  0x5d, 32, 32,  4,  2, kBf16,        kBf16,        kF32,  64, 60, P::kMfmaBroadcast,   M::kCdna3Alg1G4,     "mfma_f32_32x32x4bf16_1k",       "v_mfma_f32_32x32x4bf16_1k ~v_mfma_f32_32x32x4bf16"},
{"v_mfma_f32_16x16x4_4b_bf16",    kGfx94x, kMfma,  0x5e, 16, 16,  4,  4, kBf16,        kBf16,        kF32,  32, 28, P::kMfmaBroadcast,   M::kCdna3Alg1G4,     "mfma_f32_16x16x4bf16_1k",       "v_mfma_f32_16x16x4bf16_1k ~v_mfma_f32_16x16x4bf16"},
{"v_mfma_f32_4x4x4_16b_bf16",     kGfx94x, kMfma,  0x5f,  4,  4,  4, 16, kBf16,        kBf16,        kF32,   8,  4, P::kMfmaBroadcast,   M::kCdna3Alg1G4,     "mfma_f32_4x4x4bf16_1k",         "v_mfma_f32_4x4x4bf16_1k ~v_mfma_f32_4x4x4bf16"},
{"v_mfma_f32_32x32x8_bf16",       kGfx94x, kMfma,  0x60, 32, 32,  8,  1, kBf16,        kBf16,        kF32,  32, 28, P::kMfmaPlain,       M::kCdna3Alg1G8,     "mfma_f32_32x32x8bf16_1k",       "v_mfma_f32_32x32x8bf16_1k ~v_mfma_f32_32x32x8bf16"},
{"v_mfma_f32_16x16x16_bf16",      kGfx94x, kMfma,  0x61, 16, 16, 16,  1, kBf16,        kBf16,        kF32,  16, 12, P::kMfmaPlain,       M::kCdna3Alg1G8,     "mfma_f32_16x16x16bf16_1k",      "v_mfma_f32_16x16x16bf16_1k ~v_mfma_f32_16x16x16bf16"},
{"v_mfma_i32_32x32x4_2b_i8",      kGfx94x, kMfma,  0x50, 32, 32,  4,  2, kI8,          kI8,          kI32,  64, 60, P::kMfmaBroadcast,   M::kCdna3Int,        "mfma_i32_32x32x4i8",            "v_mfma_i32_32x32x4i8"},
{"v_mfma_i32_16x16x4_4b_i8",      kGfx94x, kMfma,  0x51, 16, 16,  4,  4, kI8,          kI8,          kI32,  32, 28, P::kMfmaBroadcast,   M::kCdna3Int,        "mfma_i32_16x16x4i8",            "v_mfma_i32_16x16x4i8"},
{"v_mfma_i32_4x4x4_16b_i8",       kGfx94x, kMfma,  0x52,  4,  4,  4, 16, kI8,          kI8,          kI32,   8,  4, P::kMfmaBroadcast,   M::kCdna3Int,        "mfma_i32_4x4x4i8",              "v_mfma_i32_4x4x4i8"},
{"v_mfma_i32_32x32x16_i8",        kGfx94x, kMfma,  0x56, 32, 32, 16,  1, kI8,          kI8,          kI32,  32, 28, P::kMfmaPlain,       M::kCdna3Int,        "mfma_i32_32x32x16_i8",          ""},
{"v_mfma_i32_16x16x32_i8",        kGfx94x, kMfma,  0x57, 16, 16, 32,  1, kI8,          kI8,          kI32,  16, 12, P::kMfmaPlain,       M::kCdna3Int,        "mfma_i32_16x16x32_i8",          ""},
{"v_mfma_f32_32x32x4_xf32",       kGfx94x, kMfma,  0x3f, 32, 32,  4,  1, kXf32,        kXf32,        kF32,  32, 28, P::kMfmaPlain,       M::kCdna3Alg1G4,     "mfma_f32_32x32x4_xf32",         "v_mfma_f32_32x32x4xf32"},
{"v_mfma_f32_16x16x8_xf32",       kGfx94x, kMfma,  0x3e, 16, 16,  8,  1, kXf32,        kXf32,        kF32,  16, 12, P::kMfmaPlain,       M::kCdna3Alg1G4,     "mfma_f32_16x16x8_xf32",         "v_mfma_f32_16x16x8xf32"},
{"v_mfma_f32_32x32x16_fp8_fp8",   kGfx94x, kMfma,  0x77, 32, 32, 16,  1, kFp8E4M3Fnuz, kFp8E4M3Fnuz, kF32, 32, 28, P::kMfmaPlain,       M::kCdna3Alg2,       "mfma_f32_32x32x16_fp8_fp8",     ""},
{"v_mfma_f32_32x32x16_fp8_bf8",   kGfx94x, kMfma,  0x76, 32, 32, 16,  1, kFp8E4M3Fnuz, kBf8E5M2Fnuz, kF32, 32, 28, P::kMfmaPlain,       M::kCdna3Alg2,       "mfma_f32_32x32x16_fp8_bf8",     ""},
{"v_mfma_f32_32x32x16_bf8_fp8",   kGfx94x, kMfma,  0x75, 32, 32, 16,  1, kBf8E5M2Fnuz, kFp8E4M3Fnuz, kF32, 32, 28, P::kMfmaPlain,       M::kCdna3Alg2,       "mfma_f32_32x32x16_bf8_fp8",     ""},
{"v_mfma_f32_32x32x16_bf8_bf8",   kGfx94x, kMfma,  0x74, 32, 32, 16,  1, kBf8E5M2Fnuz, kBf8E5M2Fnuz, kF32, 32, 28, P::kMfmaPlain,       M::kCdna3Alg2,       "mfma_f32_32x32x16_bf8_bf8",     ""},
{"v_mfma_f32_16x16x32_fp8_fp8",   kGfx94x, kMfma,  0x73, 16, 16, 32,  1, kFp8E4M3Fnuz, kFp8E4M3Fnuz, kF32, 16, 12, P::kMfmaPlain,       M::kCdna3Alg2,       "mfma_f32_16x16x32_fp8_fp8",     ""},
{"v_mfma_f32_16x16x32_fp8_bf8",   kGfx94x, kMfma,  0x72, 16, 16, 32,  1, kFp8E4M3Fnuz, kBf8E5M2Fnuz, kF32, 16, 12, P::kMfmaPlain,       M::kCdna3Alg2,       "mfma_f32_16x16x32_fp8_bf8",     ""},
{"v_mfma_f32_16x16x32_bf8_fp8",   kGfx94x, kMfma,  0x71, 16, 16, 32,  1, kBf8E5M2Fnuz, kFp8E4M3Fnuz, kF32, 16, 12, P::kMfmaPlain,       M::kCdna3Alg2,       "mfma_f32_16x16x32_bf8_fp8",     ""},
{"v_mfma_f32_16x16x32_bf8_bf8",   kGfx94x, kMfma,  0x70, 16, 16, 32,  1, kBf8E5M2Fnuz, kBf8E5M2Fnuz, kF32, 16, 12, P::kMfmaPlain,       M::kCdna3Alg2,       "mfma_f32_16x16x32_bf8_bf8",     ""},
{"v_mfma_f64_16x16x4_f64",        kGfx94x, kMfma,  0x6e, 16, 16,  4,  1, kF64,         kF64,         kF64,  32,  0, P::kMfmaF64,         M::kCdna3FmaF64,     "mfma_f64_16x16x4f64",           "v_mfma_f64_16x16x4f64"},
{"v_mfma_f64_4x4x4_4b_f64",       kGfx94x, kMfma,  0x6f,  4,  4,  4,  4, kF64,         kF64,         kF64,  16,  0, P::kMfmaF64,         M::kCdna3FmaF64,     "mfma_f64_4x4x4f64",             "v_mfma_f64_4x4x4f64"},
// --- gfx942 SMFMAC (CDNA3, A stored 2:4) -----------------------------------------------------------------------------------------------------------------------------------------------
{"v_smfmac_f32_16x16x32_f16",     kGfx94x, kSmfmac, 0x62, 16, 16, 32, 1, kF16,         kF16,         kF32,  16,  8, P::kSmfmac,          M::kCdna3SparseAlg1, "smfmac_f32_16x16x32_f16",       ""},
{"v_smfmac_f32_32x32x16_f16",     kGfx94x, kSmfmac, 0x64, 32, 32, 16, 1, kF16,         kF16,         kF32,  32, 24, P::kSmfmac,          M::kCdna3SparseAlg1, "smfmac_f32_32x32x16_f16",       ""},
{"v_smfmac_f32_16x16x32_bf16",    kGfx94x, kSmfmac, 0x66, 16, 16, 32, 1, kBf16,        kBf16,        kF32,  16,  8, P::kSmfmac,          M::kCdna3SparseAlg1, "smfmac_f32_16x16x32_bf16",      ""},
{"v_smfmac_f32_32x32x16_bf16",    kGfx94x, kSmfmac, 0x68, 32, 32, 16, 1, kBf16,        kBf16,        kF32,  32, 24, P::kSmfmac,          M::kCdna3SparseAlg1, "smfmac_f32_32x32x16_bf16",      ""},
{"v_smfmac_i32_16x16x64_i8",      kGfx94x, kSmfmac, 0x6a, 16, 16, 64, 1, kI8,          kI8,          kI32,  16,  8, P::kSmfmac,          M::kCdna3SparseInt,  "smfmac_i32_16x16x64_i8",        ""},
{"v_smfmac_i32_32x32x32_i8",      kGfx94x, kSmfmac, 0x6c, 32, 32, 32, 1, kI8,          kI8,          kI32,  32, 24, P::kSmfmac,          M::kCdna3SparseInt,  "smfmac_i32_32x32x32_i8",        ""},
{"v_smfmac_f32_16x16x64_fp8_fp8", kGfx94x, kSmfmac, 0x7b, 16, 16, 64, 1, kFp8E4M3Fnuz, kFp8E4M3Fnuz, kF32, 16,  8, P::kSmfmac,          M::kCdna3SparseAlg2, "smfmac_f32_16x16x64_fp8_fp8",   ""},
{"v_smfmac_f32_16x16x64_fp8_bf8", kGfx94x, kSmfmac, 0x7a, 16, 16, 64, 1, kFp8E4M3Fnuz, kBf8E5M2Fnuz, kF32, 16,  8, P::kSmfmac,          M::kCdna3SparseAlg2, "smfmac_f32_16x16x64_fp8_bf8",   ""},
{"v_smfmac_f32_16x16x64_bf8_fp8", kGfx94x, kSmfmac, 0x79, 16, 16, 64, 1, kBf8E5M2Fnuz, kFp8E4M3Fnuz, kF32, 16,  8, P::kSmfmac,          M::kCdna3SparseAlg2, "smfmac_f32_16x16x64_bf8_fp8",   ""},
{"v_smfmac_f32_16x16x64_bf8_bf8", kGfx94x, kSmfmac, 0x78, 16, 16, 64, 1, kBf8E5M2Fnuz, kBf8E5M2Fnuz, kF32, 16,  8, P::kSmfmac,          M::kCdna3SparseAlg2, "smfmac_f32_16x16x64_bf8_bf8",   ""},
{"v_smfmac_f32_32x32x32_fp8_fp8", kGfx94x, kSmfmac, 0x7f, 32, 32, 32, 1, kFp8E4M3Fnuz, kFp8E4M3Fnuz, kF32, 32, 24, P::kSmfmac,          M::kCdna3SparseAlg2, "smfmac_f32_32x32x32_fp8_fp8",   ""},
{"v_smfmac_f32_32x32x32_fp8_bf8", kGfx94x, kSmfmac, 0x7e, 32, 32, 32, 1, kFp8E4M3Fnuz, kBf8E5M2Fnuz, kF32, 32, 24, P::kSmfmac,          M::kCdna3SparseAlg2, "smfmac_f32_32x32x32_fp8_bf8",   ""},
{"v_smfmac_f32_32x32x32_bf8_fp8", kGfx94x, kSmfmac, 0x7d, 32, 32, 32, 1, kBf8E5M2Fnuz, kFp8E4M3Fnuz, kF32, 32, 24, P::kSmfmac,          M::kCdna3SparseAlg2, "smfmac_f32_32x32x32_bf8_fp8",   ""},
{"v_smfmac_f32_32x32x32_bf8_bf8", kGfx94x, kSmfmac, 0x7c, 32, 32, 32, 1, kBf8E5M2Fnuz, kBf8E5M2Fnuz, kF32, 32, 24, P::kSmfmac,          M::kCdna3SparseAlg2, "smfmac_f32_32x32x32_bf8_bf8",   ""},
// --- gfx908 MFMA (CDNA1; C and D in AccVGPRs only) ---------------------------------------------------------------------------------------------------------------------------------------
{"v_mfma_f32_32x32x1f32",           kGfx908, kMfma,  0x40, 32, 32,  1,  2, kF32,         kF32,         kF32,   64, 56, P::kMfmaBroadcast,  M::kCdna1FmaF32,     "mfma_f32_32x32x1f32",             ""},
{"v_mfma_f32_16x16x1f32",           kGfx908, kMfma,  0x41, 16, 16,  1,  4, kF32,         kF32,         kF32,   32, 24, P::kMfmaBroadcast,  M::kCdna1FmaF32,     "mfma_f32_16x16x1f32",             ""},
{"v_mfma_f32_4x4x1f32",             kGfx908, kMfma,  0x42,  4,  4,  1, 16, kF32,         kF32,         kF32,    8,  0, P::kMfmaBroadcast,  M::kCdna1FmaF32,     "mfma_f32_4x4x1f32",               ""},
{"v_mfma_f32_32x32x2f32",           kGfx908, kMfma,  0x44, 32, 32,  2,  1, kF32,         kF32,         kF32,   64, 56, P::kMfmaBlgp,       M::kCdna1FmaF32,     "mfma_f32_32x32x2f32",             ""},
{"v_mfma_f32_16x16x4f32",           kGfx908, kMfma,  0x45, 16, 16,  4,  1, kF32,         kF32,         kF32,   32, 24, P::kMfmaBlgp,       M::kCdna1FmaF32,     "mfma_f32_16x16x4f32",             ""},
{"v_mfma_f32_32x32x4f16",           kGfx908, kMfma,  0x48, 32, 32,  4,  2, kF16,         kF16,         kF32,   64, 56, P::kMfmaBroadcast,  M::kCdna1DotG4,      "mfma_f32_32x32x4f16",             ""},
{"v_mfma_f32_16x16x4f16",           kGfx908, kMfma,  0x49, 16, 16,  4,  4, kF16,         kF16,         kF32,   32, 24, P::kMfmaBroadcast,  M::kCdna1DotG4,      "mfma_f32_16x16x4f16",             ""},
{"v_mfma_f32_4x4x4f16",             kGfx908, kMfma,  0x4a,  4,  4,  4, 16, kF16,         kF16,         kF32,    8,  0, P::kMfmaBroadcast,  M::kCdna1DotG4,      "mfma_f32_4x4x4f16",               ""},
{"v_mfma_f32_32x32x8f16",           kGfx908, kMfma,  0x4c, 32, 32,  8,  1, kF16,         kF16,         kF32,   64, 56, P::kMfmaBlgp,       M::kCdna1DotG4,      "mfma_f32_32x32x8f16",             ""},
{"v_mfma_f32_16x16x16f16",          kGfx908, kMfma,  0x4d, 16, 16, 16,  1, kF16,         kF16,         kF32,   32, 24, P::kMfmaBlgp,       M::kCdna1DotG4,      "mfma_f32_16x16x16f16",            ""},
{"v_mfma_i32_32x32x4i8",            kGfx908, kMfma,  0x50, 32, 32,  4,  2, kI8,          kI8,          kI32,   64, 56, P::kMfmaBroadcast,  M::kCdna1Int,        "mfma_i32_32x32x4i8",              ""},
{"v_mfma_i32_16x16x4i8",            kGfx908, kMfma,  0x51, 16, 16,  4,  4, kI8,          kI8,          kI32,   32, 24, P::kMfmaBroadcast,  M::kCdna1Int,        "mfma_i32_16x16x4i8",              ""},
{"v_mfma_i32_4x4x4i8",              kGfx908, kMfma,  0x52,  4,  4,  4, 16, kI8,          kI8,          kI32,    8,  0, P::kMfmaBroadcast,  M::kCdna1Int,        "mfma_i32_4x4x4i8",                ""},
{"v_mfma_i32_32x32x8i8",            kGfx908, kMfma,  0x54, 32, 32,  8,  1, kI8,          kI8,          kI32,   64, 56, P::kMfmaBlgp,       M::kCdna1Int,        "mfma_i32_32x32x8i8",              ""},
{"v_mfma_i32_16x16x16i8",           kGfx908, kMfma,  0x55, 16, 16, 16,  1, kI8,          kI8,          kI32,   32, 24, P::kMfmaBlgp,       M::kCdna1Int,        "mfma_i32_16x16x16i8",             ""},
{"v_mfma_f32_32x32x2bf16",          kGfx908, kMfma,  0x68, 32, 32,  2,  2, kBf16,        kBf16,        kF32,   64, 56, P::kMfmaBroadcast,  M::kCdna1DotG2,      "mfma_f32_32x32x2bf16",            ""},
{"v_mfma_f32_16x16x2bf16",          kGfx908, kMfma,  0x69, 16, 16,  2,  4, kBf16,        kBf16,        kF32,   32, 24, P::kMfmaBroadcast,  M::kCdna1DotG2,      "mfma_f32_16x16x2bf16",            ""},
{"v_mfma_f32_4x4x2bf16",            kGfx908, kMfma,  0x6b,  4,  4,  2, 16, kBf16,        kBf16,        kF32,    8,  0, P::kMfmaBroadcast,  M::kCdna1DotG2,      "mfma_f32_4x4x2bf16",              ""},
{"v_mfma_f32_32x32x4bf16",          kGfx908, kMfma,  0x6c, 32, 32,  4,  1, kBf16,        kBf16,        kF32,   64, 56, P::kMfmaBlgp,       M::kCdna1DotG2,      "mfma_f32_32x32x4bf16",            ""},
{"v_mfma_f32_16x16x8bf16",          kGfx908, kMfma,  0x6d, 16, 16,  8,  1, kBf16,        kBf16,        kF32,   32, 24, P::kMfmaBlgp,       M::kCdna1DotG2,      "mfma_f32_16x16x8bf16",            ""},
// --- gfx90a MFMA (CDNA2) -----------------------------------------------------------------------------------------------------------------------------------------------------------------
{"v_mfma_f32_32x32x1f32",           kGfx90a, kMfma,  0x40, 32, 32,  1,  2, kF32,         kF32,         kF32,   64, 60, P::kMfmaBroadcast,  M::kCdna2FmaF32,     "mfma_f32_32x32x1f32",             ""},
{"v_mfma_f32_16x16x1f32",           kGfx90a, kMfma,  0x41, 16, 16,  1,  4, kF32,         kF32,         kF32,   32, 28, P::kMfmaBroadcast,  M::kCdna2FmaF32,     "mfma_f32_16x16x1f32",             ""},
{"v_mfma_f32_4x4x1f32",             kGfx90a, kMfma,  0x42,  4,  4,  1, 16, kF32,         kF32,         kF32,    8,  4, P::kMfmaBroadcast,  M::kCdna2FmaF32,     "mfma_f32_4x4x1f32",               ""},
{"v_mfma_f32_32x32x2f32",           kGfx90a, kMfma,  0x44, 32, 32,  2,  1, kF32,         kF32,         kF32,   64, 60, P::kMfmaBlgp,       M::kCdna2FmaF32,     "mfma_f32_32x32x2f32",             ""},
{"v_mfma_f32_16x16x4f32",           kGfx90a, kMfma,  0x45, 16, 16,  4,  1, kF32,         kF32,         kF32,   32, 28, P::kMfmaBlgp,       M::kCdna2FmaF32,     "mfma_f32_16x16x4f32",             ""},
{"v_mfma_f32_32x32x4f16",           kGfx90a, kMfma,  0x48, 32, 32,  4,  2, kF16,         kF16,         kF32,   64, 60, P::kMfmaBroadcast,  M::kCdna2DotG4,      "mfma_f32_32x32x4f16",             ""},
{"v_mfma_f32_16x16x4f16",           kGfx90a, kMfma,  0x49, 16, 16,  4,  4, kF16,         kF16,         kF32,   32, 28, P::kMfmaBroadcast,  M::kCdna2DotG4,      "mfma_f32_16x16x4f16",             ""},
{"v_mfma_f32_4x4x4f16",             kGfx90a, kMfma,  0x4a,  4,  4,  4, 16, kF16,         kF16,         kF32,    8,  4, P::kMfmaBroadcast,  M::kCdna2DotG4,      "mfma_f32_4x4x4f16",               ""},
{"v_mfma_f32_32x32x8f16",           kGfx90a, kMfma,  0x4c, 32, 32,  8,  1, kF16,         kF16,         kF32,   64, 60, P::kMfmaBlgp,       M::kCdna2DotG4,      "mfma_f32_32x32x8f16",             ""},
{"v_mfma_f32_16x16x16f16",          kGfx90a, kMfma,  0x4d, 16, 16, 16,  1, kF16,         kF16,         kF32,   32, 28, P::kMfmaBlgp,       M::kCdna2DotG4,      "mfma_f32_16x16x16f16",            ""},
{"v_mfma_i32_32x32x4i8",            kGfx90a, kMfma,  0x50, 32, 32,  4,  2, kI8,          kI8,          kI32,   64, 60, P::kMfmaBroadcast,  M::kCdna2Int,        "mfma_i32_32x32x4i8",              ""},
{"v_mfma_i32_16x16x4i8",            kGfx90a, kMfma,  0x51, 16, 16,  4,  4, kI8,          kI8,          kI32,   32, 28, P::kMfmaBroadcast,  M::kCdna2Int,        "mfma_i32_16x16x4i8",              ""},
{"v_mfma_i32_4x4x4i8",              kGfx90a, kMfma,  0x52,  4,  4,  4, 16, kI8,          kI8,          kI32,    8,  4, P::kMfmaBroadcast,  M::kCdna2Int,        "mfma_i32_4x4x4i8",                ""},
{"v_mfma_i32_32x32x8i8",            kGfx90a, kMfma,  0x54, 32, 32,  8,  1, kI8,          kI8,          kI32,   64, 60, P::kMfmaBlgp,       M::kCdna2Int,        "mfma_i32_32x32x8i8",              ""},
{"v_mfma_i32_16x16x16i8",           kGfx90a, kMfma,  0x55, 16, 16, 16,  1, kI8,          kI8,          kI32,   32, 28, P::kMfmaBlgp,       M::kCdna2Int,        "mfma_i32_16x16x16i8",             ""},
{"v_mfma_f32_32x32x2bf16",          kGfx90a, kMfma,  0x68, 32, 32,  2,  2, kBf16,        kBf16,        kF32,   64, 60, P::kMfmaBroadcast,  M::kCdna2DotG2,      "mfma_f32_32x32x2bf16",            ""},
{"v_mfma_f32_16x16x2bf16",          kGfx90a, kMfma,  0x69, 16, 16,  2,  4, kBf16,        kBf16,        kF32,   32, 28, P::kMfmaBroadcast,  M::kCdna2DotG2,      "mfma_f32_16x16x2bf16",            ""},
{"v_mfma_f32_4x4x2bf16",            kGfx90a, kMfma,  0x6b,  4,  4,  2, 16, kBf16,        kBf16,        kF32,    8,  4, P::kMfmaBroadcast,  M::kCdna2DotG2,      "mfma_f32_4x4x2bf16",              ""},
{"v_mfma_f32_32x32x4bf16",          kGfx90a, kMfma,  0x6c, 32, 32,  4,  1, kBf16,        kBf16,        kF32,   64, 60, P::kMfmaBlgp,       M::kCdna2DotG2,      "mfma_f32_32x32x4bf16",            ""},
{"v_mfma_f32_16x16x8bf16",          kGfx90a, kMfma,  0x6d, 16, 16,  8,  1, kBf16,        kBf16,        kF32,   32, 28, P::kMfmaBlgp,       M::kCdna2DotG2,      "mfma_f32_16x16x8bf16",            ""},
{"v_mfma_f32_32x32x4bf16_1k",       kGfx90a, kMfma,  0x63, 32, 32,  4,  2, kBf16,        kBf16,        kF32,   64, 60, P::kMfmaBroadcast,  M::kCdna2DotG4,      "mfma_f32_32x32x4bf16_1k",         ""},
{"v_mfma_f32_16x16x4bf16_1k",       kGfx90a, kMfma,  0x64, 16, 16,  4,  4, kBf16,        kBf16,        kF32,   32, 28, P::kMfmaBroadcast,  M::kCdna2DotG4,      "mfma_f32_16x16x4bf16_1k",         ""},
{"v_mfma_f32_4x4x4bf16_1k",         kGfx90a, kMfma,  0x65,  4,  4,  4, 16, kBf16,        kBf16,        kF32,    8,  4, P::kMfmaBroadcast,  M::kCdna2DotG4,      "mfma_f32_4x4x4bf16_1k",           ""},
{"v_mfma_f32_32x32x8bf16_1k",       kGfx90a, kMfma,  0x66, 32, 32,  8,  1, kBf16,        kBf16,        kF32,   64, 60, P::kMfmaBlgp,       M::kCdna2DotG4,      "mfma_f32_32x32x8bf16_1k",         ""},
{"v_mfma_f32_16x16x16bf16_1k",      kGfx90a, kMfma,  0x67, 16, 16, 16,  1, kBf16,        kBf16,        kF32,   32, 28, P::kMfmaBlgp,       M::kCdna2DotG4,      "mfma_f32_16x16x16bf16_1k",        ""},
{"v_mfma_f64_16x16x4f64",           kGfx90a, kMfma,  0x6e, 16, 16,  4,  1, kF64,         kF64,         kF64,   32,  0, P::kMfmaPlain,      M::kCdna2FmaF64,     "mfma_f64_16x16x4f64",             ""},
{"v_mfma_f64_4x4x4f64",             kGfx90a, kMfma,  0x6f,  4,  4,  4,  4, kF64,         kF64,         kF64,   16,  0, P::kMfmaPlain,      M::kCdna2FmaF64,     "mfma_f64_4x4x4f64",               ""},
// --- gfx950 MFMA (CDNA4; fp8/bf8 are OCP; no xf32) ---------------------------------------------------------------------------------------------------------------------------------------
{"v_mfma_f32_32x32x1_2b_f32",     kGfx950, kMfma,  0x40, 32, 32,  1,  2, kF32,         kF32,         kF32,  64,  0, P::kMfmaBroadcast,   M::kCdna4FmaF32,     "mfma_f32_32x32x1f32",           "v_mfma_f32_32x32x1f32"},
{"v_mfma_f32_16x16x1_4b_f32",     kGfx950, kMfma,  0x41, 16, 16,  1,  4, kF32,         kF32,         kF32,  32,  0, P::kMfmaBroadcast,   M::kCdna4FmaF32,     "mfma_f32_16x16x1f32",           "v_mfma_f32_16x16x1f32"},
{"v_mfma_f32_4x4x1_16b_f32",      kGfx950, kMfma,  0x42,  4,  4,  1, 16, kF32,         kF32,         kF32,   8,  0, P::kMfmaBroadcast,   M::kCdna4FmaF32,     "mfma_f32_4x4x1f32",             "v_mfma_f32_4x4x1f32"},
{"v_mfma_f32_32x32x2_f32",        kGfx950, kMfma,  0x44, 32, 32,  2,  1, kF32,         kF32,         kF32,  64,  0, P::kMfmaBlgp,        M::kCdna4FmaF32,     "mfma_f32_32x32x2f32",           "v_mfma_f32_32x32x2f32"},
{"v_mfma_f32_16x16x4_f32",        kGfx950, kMfma,  0x45, 16, 16,  4,  1, kF32,         kF32,         kF32,  32,  0, P::kMfmaBlgp,        M::kCdna4FmaF32,     "mfma_f32_16x16x4f32",           "v_mfma_f32_16x16x4f32"},
{"v_mfma_f32_32x32x4_2b_f16",     kGfx950, kMfma,  0x48, 32, 32,  4,  2, kF16,         kF16,         kF32,  64, 60, P::kMfmaBroadcast,   M::kCdna4Alg1G4,     "mfma_f32_32x32x4f16",           "v_mfma_f32_32x32x4f16"},
{"v_mfma_f32_16x16x4_4b_f16",     kGfx950, kMfma,  0x49, 16, 16,  4,  4, kF16,         kF16,         kF32,  32, 28, P::kMfmaBroadcast,   M::kCdna4Alg1G4,     "mfma_f32_16x16x4f16",           "v_mfma_f32_16x16x4f16"},
{"v_mfma_f32_4x4x4_16b_f16",      kGfx950, kMfma,  0x4a,  4,  4,  4, 16, kF16,         kF16,         kF32,   8,  4, P::kMfmaBroadcast,   M::kCdna4Alg1G4,     "mfma_f32_4x4x4f16",             "v_mfma_f32_4x4x4f16"},
{"v_mfma_f32_32x32x8_f16",        kGfx950, kMfma,  0x4c, 32, 32,  8,  1, kF16,         kF16,         kF32,  32, 28, P::kMfmaPlain,       M::kCdna4Alg1G8,     "mfma_f32_32x32x8f16",           "v_mfma_f32_32x32x8f16"},
{"v_mfma_f32_16x16x16_f16",       kGfx950, kMfma,  0x4d, 16, 16, 16,  1, kF16,         kF16,         kF32,  16, 12, P::kMfmaPlain,       M::kCdna4Alg1G8,     "mfma_f32_16x16x16f16",          "v_mfma_f32_16x16x16f16"},
{"v_mfma_f32_32x32x4_2b_bf16",    kGfx950, kMfma,  0x5d, 32, 32,  4,  2, kBf16,        kBf16,        kF32,  64, 60, P::kMfmaBroadcast,   M::kCdna4Alg1G4,     "mfma_f32_32x32x4bf16_1k",       "v_mfma_f32_32x32x4bf16_1k ~v_mfma_f32_32x32x4bf16"},
{"v_mfma_f32_16x16x4_4b_bf16",    kGfx950, kMfma,  0x5e, 16, 16,  4,  4, kBf16,        kBf16,        kF32,  32, 28, P::kMfmaBroadcast,   M::kCdna4Alg1G4,     "mfma_f32_16x16x4bf16_1k",       "v_mfma_f32_16x16x4bf16_1k ~v_mfma_f32_16x16x4bf16"},
{"v_mfma_f32_4x4x4_16b_bf16",     kGfx950, kMfma,  0x5f,  4,  4,  4, 16, kBf16,        kBf16,        kF32,   8,  4, P::kMfmaBroadcast,   M::kCdna4Alg1G4,     "mfma_f32_4x4x4bf16_1k",         "v_mfma_f32_4x4x4bf16_1k ~v_mfma_f32_4x4x4bf16"},
{"v_mfma_f32_32x32x8_bf16",       kGfx950, kMfma,  0x60, 32, 32,  8,  1, kBf16,        kBf16,        kF32,  32, 28, P::kMfmaPlain,       M::kCdna4Alg1G8,     "mfma_f32_32x32x8bf16_1k",       "v_mfma_f32_32x32x8bf16_1k ~v_mfma_f32_32x32x8bf16"},
{"v_mfma_f32_16x16x16_bf16",      kGfx950, kMfma,  0x61, 16, 16, 16,  1, kBf16,        kBf16,        kF32,  16, 12, P::kMfmaPlain,       M::kCdna4Alg1G8,     "mfma_f32_16x16x16bf16_1k",      "v_mfma_f32_16x16x16bf16_1k ~v_mfma_f32_16x16x16bf16"},
{"v_mfma_i32_32x32x4_2b_i8",      kGfx950, kMfma,  0x50, 32, 32,  4,  2, kI8,          kI8,          kI32,  64, 60, P::kMfmaBroadcast,   M::kCdna4Int,        "mfma_i32_32x32x4i8",            "v_mfma_i32_32x32x4i8"},
{"v_mfma_i32_16x16x4_4b_i8",      kGfx950, kMfma,  0x51, 16, 16,  4,  4, kI8,          kI8,          kI32,  32, 28, P::kMfmaBroadcast,   M::kCdna4Int,        "mfma_i32_16x16x4i8",            "v_mfma_i32_16x16x4i8"},
{"v_mfma_i32_4x4x4_16b_i8",       kGfx950, kMfma,  0x52,  4,  4,  4, 16, kI8,          kI8,          kI32,   8,  4, P::kMfmaBroadcast,   M::kCdna4Int,        "mfma_i32_4x4x4i8",              "v_mfma_i32_4x4x4i8"},
{"v_mfma_i32_32x32x16_i8",        kGfx950, kMfma,  0x56, 32, 32, 16,  1, kI8,          kI8,          kI32,  32, 28, P::kMfmaPlain,       M::kCdna4Int,        "mfma_i32_32x32x16_i8",          ""},
{"v_mfma_i32_16x16x32_i8",        kGfx950, kMfma,  0x57, 16, 16, 32,  1, kI8,          kI8,          kI32,  16, 12, P::kMfmaPlain,       M::kCdna4Int,        "mfma_i32_16x16x32_i8",          ""},
{"v_mfma_f32_32x32x16_fp8_fp8",   kGfx950, kMfma,  0x77, 32, 32, 16,  1, kFp8E4M3,     kFp8E4M3,     kF32, 32, 28, P::kMfmaPlain,       M::kCdna4Fp8,        "mfma_f32_32x32x16_fp8_fp8",     ""},
{"v_mfma_f32_32x32x16_fp8_bf8",   kGfx950, kMfma,  0x76, 32, 32, 16,  1, kFp8E4M3,     kBf8E5M2,     kF32, 32, 28, P::kMfmaPlain,       M::kCdna4Fp8,        "mfma_f32_32x32x16_fp8_bf8",     ""},
{"v_mfma_f32_32x32x16_bf8_fp8",   kGfx950, kMfma,  0x75, 32, 32, 16,  1, kBf8E5M2,     kFp8E4M3,     kF32, 32, 28, P::kMfmaPlain,       M::kCdna4Fp8,        "mfma_f32_32x32x16_bf8_fp8",     ""},
{"v_mfma_f32_32x32x16_bf8_bf8",   kGfx950, kMfma,  0x74, 32, 32, 16,  1, kBf8E5M2,     kBf8E5M2,     kF32, 32, 28, P::kMfmaPlain,       M::kCdna4Fp8,        "mfma_f32_32x32x16_bf8_bf8",     ""},
{"v_mfma_f32_16x16x32_fp8_fp8",   kGfx950, kMfma,  0x73, 16, 16, 32,  1, kFp8E4M3,     kFp8E4M3,     kF32, 16, 12, P::kMfmaPlain,       M::kCdna4Fp8,        "mfma_f32_16x16x32_fp8_fp8",     ""},
{"v_mfma_f32_16x16x32_fp8_bf8",   kGfx950, kMfma,  0x72, 16, 16, 32,  1, kFp8E4M3,     kBf8E5M2,     kF32, 16, 12, P::kMfmaPlain,       M::kCdna4Fp8,        "mfma_f32_16x16x32_fp8_bf8",     ""},
{"v_mfma_f32_16x16x32_bf8_fp8",   kGfx950, kMfma,  0x71, 16, 16, 32,  1, kBf8E5M2,     kFp8E4M3,     kF32, 16, 12, P::kMfmaPlain,       M::kCdna4Fp8,        "mfma_f32_16x16x32_bf8_fp8",     ""},
{"v_mfma_f32_16x16x32_bf8_bf8",   kGfx950, kMfma,  0x70, 16, 16, 32,  1, kBf8E5M2,     kBf8E5M2,     kF32, 16, 12, P::kMfmaPlain,       M::kCdna4Fp8,        "mfma_f32_16x16x32_bf8_bf8",     ""},
{"v_mfma_f64_16x16x4_f64",        kGfx950, kMfma,  0x6e, 16, 16,  4,  1, kF64,         kF64,         kF64,  32,  0, P::kMfmaF64,         M::kCdna4FmaF64,     "mfma_f64_16x16x4f64",           "v_mfma_f64_16x16x4f64"},
{"v_mfma_f64_4x4x4_4b_f64",       kGfx950, kMfma,  0x6f,  4,  4,  4,  4, kF64,         kF64,         kF64,  16,  0, P::kMfmaF64,         M::kCdna4FmaF64,     "mfma_f64_4x4x4f64",             "v_mfma_f64_4x4x4f64"},
{"v_mfma_f32_16x16x32_f16",         kGfx950, kMfma,  0x54, 16, 16, 32,  1, kF16,         kF16,         kF32,   16, 12, P::kMfmaPlain,      M::kCdna4Alg1G8,     "mfma_f32_16x16x32_f16",           "v_mfma_f32_16x16x32f16"},
{"v_mfma_f32_32x32x16_f16",         kGfx950, kMfma,  0x55, 32, 32, 16,  1, kF16,         kF16,         kF32,   32, 28, P::kMfmaPlain,      M::kCdna4Alg1G8,     "mfma_f32_32x32x16_f16",           "v_mfma_f32_32x32x16f16"},
{"v_mfma_f32_16x16x32_bf16",        kGfx950, kMfma,  0x35, 16, 16, 32,  1, kBf16,        kBf16,        kF32,   16, 12, P::kMfmaPlain,      M::kCdna4Alg1G8,     "mfma_f32_16x16x32_bf16",          "v_mfma_f32_16x16x32bf16"},
{"v_mfma_f32_32x32x16_bf16",        kGfx950, kMfma,  0x37, 32, 32, 16,  1, kBf16,        kBf16,        kF32,   32, 28, P::kMfmaPlain,      M::kCdna4Alg1G8,     "mfma_f32_32x32x16_bf16",          "v_mfma_f32_32x32x16bf16"},
{"v_mfma_i32_16x16x64_i8",          kGfx950, kMfma,  0x36, 16, 16, 64,  1, kI8,          kI8,          kI32,   16, 12, P::kMfmaPlain,      M::kCdna4Int,        "mfma_i32_16x16x64_i8",            "v_mfma_i32_16x16x64i8"},
{"v_mfma_i32_32x32x32_i8",          kGfx950, kMfma,  0x38, 32, 32, 32,  1, kI8,          kI8,          kI32,   32, 28, P::kMfmaPlain,      M::kCdna4Int,        "mfma_i32_32x32x32_i8",            "v_mfma_i32_32x32x32i8"},
// f8f6f4: A and B are fp8 at cbsz = blgp = 0, the formats f8f6f4_format selects otherwise; the scaled forms are the same
// instruction behind a v_mfma_ld_scale_b32 prefix (VOP3PX2, 16 bytes). No builtin reaches the unscaled ones.
{"v_mfma_f32_16x16x128_f8f6f4",     kGfx950, kMfma,  0x2d, 16, 16, 128, 1, kFp8E4M3,     kFp8E4M3,     kF32,   32, 28, P::kMfmaF8f6f4,     M::kCdna4F8f6f4,     "",                                ""},
{"v_mfma_f32_32x32x64_f8f6f4",      kGfx950, kMfma,  0x2e, 32, 32, 64,  1, kFp8E4M3,     kFp8E4M3,     kF32,   64, 60, P::kMfmaF8f6f4,     M::kCdna4F8f6f4,     "",                                ""},
{"v_mfma_scale_f32_16x16x128_f8f6f4", kGfx950, kMfma, 0x2d, 16, 16, 128, 1, kFp8E4M3,     kFp8E4M3,     kF32,   32, 28, P::kMfmaScaled,     M::kCdna4ScaledF8f6f4, "mfma_scale_f32_16x16x128_f8f6f4", ""},
{"v_mfma_scale_f32_32x32x64_f8f6f4",  kGfx950, kMfma, 0x2e, 32, 32, 64,  1, kFp8E4M3,     kFp8E4M3,     kF32,   64, 60, P::kMfmaScaled,     M::kCdna4ScaledF8f6f4, "mfma_scale_f32_32x32x64_f8f6f4",  ""},
// --- gfx950 SMFMAC (CDNA4, A stored 2:4) -------------------------------------------------------------------------------------------------------------------------------------------------
{"v_smfmac_f32_16x16x32_f16",     kGfx950, kSmfmac, 0x62, 16, 16, 32, 1, kF16,         kF16,         kF32,  16,  8, P::kSmfmac,          M::kCdna4SparseAlg1, "smfmac_f32_16x16x32_f16",       ""},
{"v_smfmac_f32_32x32x16_f16",     kGfx950, kSmfmac, 0x64, 32, 32, 16, 1, kF16,         kF16,         kF32,  32, 24, P::kSmfmac,          M::kCdna4SparseAlg1, "smfmac_f32_32x32x16_f16",       ""},
{"v_smfmac_f32_16x16x32_bf16",    kGfx950, kSmfmac, 0x66, 16, 16, 32, 1, kBf16,        kBf16,        kF32,  16,  8, P::kSmfmac,          M::kCdna4SparseAlg1, "smfmac_f32_16x16x32_bf16",      ""},
{"v_smfmac_f32_32x32x16_bf16",    kGfx950, kSmfmac, 0x68, 32, 32, 16, 1, kBf16,        kBf16,        kF32,  32, 24, P::kSmfmac,          M::kCdna4SparseAlg1, "smfmac_f32_32x32x16_bf16",      ""},
{"v_smfmac_i32_16x16x64_i8",      kGfx950, kSmfmac, 0x6a, 16, 16, 64, 1, kI8,          kI8,          kI32,  16,  8, P::kSmfmac,          M::kCdna4SparseInt,  "smfmac_i32_16x16x64_i8",        ""},
{"v_smfmac_i32_32x32x32_i8",      kGfx950, kSmfmac, 0x6c, 32, 32, 32, 1, kI8,          kI8,          kI32,  32, 24, P::kSmfmac,          M::kCdna4SparseInt,  "smfmac_i32_32x32x32_i8",        ""},
{"v_smfmac_f32_16x16x64_fp8_fp8", kGfx950, kSmfmac, 0x7b, 16, 16, 64, 1, kFp8E4M3,     kFp8E4M3,     kF32, 16,  8, P::kSmfmac,          M::kCdna4SparseFp8,  "smfmac_f32_16x16x64_fp8_fp8",   ""},
{"v_smfmac_f32_16x16x64_fp8_bf8", kGfx950, kSmfmac, 0x7a, 16, 16, 64, 1, kFp8E4M3,     kBf8E5M2,     kF32, 16,  8, P::kSmfmac,          M::kCdna4SparseFp8,  "smfmac_f32_16x16x64_fp8_bf8",   ""},
{"v_smfmac_f32_16x16x64_bf8_fp8", kGfx950, kSmfmac, 0x79, 16, 16, 64, 1, kBf8E5M2,     kFp8E4M3,     kF32, 16,  8, P::kSmfmac,          M::kCdna4SparseFp8,  "smfmac_f32_16x16x64_bf8_fp8",   ""},
{"v_smfmac_f32_16x16x64_bf8_bf8", kGfx950, kSmfmac, 0x78, 16, 16, 64, 1, kBf8E5M2,     kBf8E5M2,     kF32, 16,  8, P::kSmfmac,          M::kCdna4SparseFp8,  "smfmac_f32_16x16x64_bf8_bf8",   ""},
{"v_smfmac_f32_32x32x32_fp8_fp8", kGfx950, kSmfmac, 0x7f, 32, 32, 32, 1, kFp8E4M3,     kFp8E4M3,     kF32, 32, 24, P::kSmfmac,          M::kCdna4SparseFp8,  "smfmac_f32_32x32x32_fp8_fp8",   ""},
{"v_smfmac_f32_32x32x32_fp8_bf8", kGfx950, kSmfmac, 0x7e, 32, 32, 32, 1, kFp8E4M3,     kBf8E5M2,     kF32, 32, 24, P::kSmfmac,          M::kCdna4SparseFp8,  "smfmac_f32_32x32x32_fp8_bf8",   ""},
{"v_smfmac_f32_32x32x32_bf8_fp8", kGfx950, kSmfmac, 0x7d, 32, 32, 32, 1, kBf8E5M2,     kFp8E4M3,     kF32, 32, 24, P::kSmfmac,          M::kCdna4SparseFp8,  "smfmac_f32_32x32x32_bf8_fp8",   ""},
{"v_smfmac_f32_32x32x32_bf8_bf8", kGfx950, kSmfmac, 0x7c, 32, 32, 32, 1, kBf8E5M2,     kBf8E5M2,     kF32, 32, 24, P::kSmfmac,          M::kCdna4SparseFp8,  "smfmac_f32_32x32x32_bf8_bf8",   ""},
{"v_smfmac_f32_16x16x64_f16",       kGfx950, kSmfmac, 0x5a, 16, 16, 64,  1, kF16,         kF16,         kF32,   16,  8, P::kSmfmac,         M::kCdna4SparseAlg1, "smfmac_f32_16x16x64_f16",         ""},
{"v_smfmac_f32_32x32x32_f16",       kGfx950, kSmfmac, 0x5b, 32, 32, 32,  1, kF16,         kF16,         kF32,   32, 24, P::kSmfmac,         M::kCdna4SparseAlg1, "smfmac_f32_32x32x32_f16",         ""},
{"v_smfmac_f32_16x16x64_bf16",      kGfx950, kSmfmac, 0x39, 16, 16, 64,  1, kBf16,        kBf16,        kF32,   16,  8, P::kSmfmac,         M::kCdna4SparseAlg1, "smfmac_f32_16x16x64_bf16",        ""},
{"v_smfmac_f32_32x32x32_bf16",      kGfx950, kSmfmac, 0x46, 32, 32, 32,  1, kBf16,        kBf16,        kF32,   32, 24, P::kSmfmac,         M::kCdna4SparseAlg1, "smfmac_f32_32x32x32_bf16",        ""},
{"v_smfmac_i32_16x16x128_i8",       kGfx950, kSmfmac, 0x3a, 16, 16, 128,  1, kI8,          kI8,          kI32,   16,  8, P::kSmfmac,         M::kCdna4SparseInt,  "smfmac_i32_16x16x128_i8",         ""},
{"v_smfmac_i32_32x32x64_i8",        kGfx950, kSmfmac, 0x47, 32, 32, 64,  1, kI8,          kI8,          kI32,   32, 24, P::kSmfmac,         M::kCdna4SparseInt,  "smfmac_i32_32x32x64_i8",          ""},
{"v_smfmac_f32_16x16x128_fp8_fp8",  kGfx950, kSmfmac, 0x43, 16, 16, 128,  1, kFp8E4M3,     kFp8E4M3,     kF32,   16,  8, P::kSmfmac,         M::kCdna4SparseFp8,  "smfmac_f32_16x16x128_fp8_fp8",    ""},
{"v_smfmac_f32_16x16x128_fp8_bf8",  kGfx950, kSmfmac, 0x3d, 16, 16, 128,  1, kFp8E4M3,     kBf8E5M2,     kF32,   16,  8, P::kSmfmac,         M::kCdna4SparseFp8,  "smfmac_f32_16x16x128_fp8_bf8",    ""},
{"v_smfmac_f32_16x16x128_bf8_fp8",  kGfx950, kSmfmac, 0x3c, 16, 16, 128,  1, kBf8E5M2,     kFp8E4M3,     kF32,   16,  8, P::kSmfmac,         M::kCdna4SparseFp8,  "smfmac_f32_16x16x128_bf8_fp8",    ""},
{"v_smfmac_f32_16x16x128_bf8_bf8",  kGfx950, kSmfmac, 0x3b, 16, 16, 128,  1, kBf8E5M2,     kBf8E5M2,     kF32,   16,  8, P::kSmfmac,         M::kCdna4SparseFp8,  "smfmac_f32_16x16x128_bf8_bf8",    ""},
{"v_smfmac_f32_32x32x64_fp8_fp8",   kGfx950, kSmfmac, 0x53, 32, 32, 64,  1, kFp8E4M3,     kFp8E4M3,     kF32,   32, 24, P::kSmfmac,         M::kCdna4SparseFp8,  "smfmac_f32_32x32x64_fp8_fp8",     ""},
{"v_smfmac_f32_32x32x64_fp8_bf8",   kGfx950, kSmfmac, 0x4f, 32, 32, 64,  1, kFp8E4M3,     kBf8E5M2,     kF32,   32, 24, P::kSmfmac,         M::kCdna4SparseFp8,  "smfmac_f32_32x32x64_fp8_bf8",     ""},
{"v_smfmac_f32_32x32x64_bf8_fp8",   kGfx950, kSmfmac, 0x4e, 32, 32, 64,  1, kBf8E5M2,     kFp8E4M3,     kF32,   32, 24, P::kSmfmac,         M::kCdna4SparseFp8,  "smfmac_f32_32x32x64_bf8_fp8",     ""},
{"v_smfmac_f32_32x32x64_bf8_bf8",   kGfx950, kSmfmac, 0x4b, 32, 32, 64,  1, kBf8E5M2,     kBf8E5M2,     kF32,   32, 24, P::kSmfmac,         M::kCdna4SparseFp8,  "smfmac_f32_32x32x64_bf8_bf8",     ""},
// --- gfx1250 WMMA (CDNA5; reference/gfx1250.md §2.1; cycles: LLVM's gfx1250 schedule model, DOC) ----------------------------------------------------------------------------
{"v_wmma_f32_16x16x4_f32",               kGfx1250, kWmma,   0x5d, 16, 16,   4, 1, kF32,         kF32,         kF32,  16,  0, P::kG1250F32,           M::kGfx1250FmaF32,      "wmma_f32_16x16x4_f32",                 ""},
{"v_wmma_f32_16x16x32_f16",              kGfx1250, kWmma,   0x60, 16, 16,  32, 1, kF16,         kF16,         kF32,   8,  0, P::kG1250Float16,       M::kGfx1250Dot4,        "wmma_f32_16x16x32_f16",                ""},
{"v_wmma_f16_16x16x32_f16",              kGfx1250, kWmma,   0x61, 16, 16,  32, 1, kF16,         kF16,         kF16,   8,  0, P::kG1250Float16,       M::kGfx1250Dot4,        "wmma_f16_16x16x32_f16",                ""},
{"v_wmma_f32_16x16x32_bf16",             kGfx1250, kWmma,   0x62, 16, 16,  32, 1, kBf16,        kBf16,        kF32,   8,  0, P::kG1250Float16,       M::kGfx1250Dot4,        "wmma_f32_16x16x32_bf16",               ""},
{"v_wmma_bf16_16x16x32_bf16",            kGfx1250, kWmma,   0x63, 16, 16,  32, 1, kBf16,        kBf16,        kBf16,  8,  0, P::kG1250Float16,       M::kGfx1250Dot4,        "wmma_bf16_16x16x32_bf16",              ""},
{"v_wmma_bf16f32_16x16x32_bf16",         kGfx1250, kWmma,   0x64, 16, 16,  32, 1, kBf16,        kBf16,        kF32,   8,  0, P::kG1250Float16,       M::kGfx1250Dot4,        "wmma_bf16f32_16x16x32_bf16",           "", kBf16},
{"v_wmma_f32_16x16x64_fp8_fp8",          kGfx1250, kWmma,   0x6a, 16, 16,  64, 1, kFp8E4M3,     kFp8E4M3,     kF32,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f32_16x16x64_fp8_fp8",            ""},
{"v_wmma_f32_16x16x64_fp8_bf8",          kGfx1250, kWmma,   0x6b, 16, 16,  64, 1, kFp8E4M3,     kBf8E5M2,     kF32,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f32_16x16x64_fp8_bf8",            ""},
{"v_wmma_f32_16x16x64_bf8_fp8",          kGfx1250, kWmma,   0x6c, 16, 16,  64, 1, kBf8E5M2,     kFp8E4M3,     kF32,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f32_16x16x64_bf8_fp8",            ""},
{"v_wmma_f32_16x16x64_bf8_bf8",          kGfx1250, kWmma,   0x6d, 16, 16,  64, 1, kBf8E5M2,     kBf8E5M2,     kF32,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f32_16x16x64_bf8_bf8",            ""},
{"v_wmma_f16_16x16x64_fp8_fp8",          kGfx1250, kWmma,   0x6e, 16, 16,  64, 1, kFp8E4M3,     kFp8E4M3,     kF16,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f16_16x16x64_fp8_fp8",            ""},
{"v_wmma_f16_16x16x64_fp8_bf8",          kGfx1250, kWmma,   0x6f, 16, 16,  64, 1, kFp8E4M3,     kBf8E5M2,     kF16,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f16_16x16x64_fp8_bf8",            ""},
{"v_wmma_f16_16x16x64_bf8_fp8",          kGfx1250, kWmma,   0x70, 16, 16,  64, 1, kBf8E5M2,     kFp8E4M3,     kF16,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f16_16x16x64_bf8_fp8",            ""},
{"v_wmma_f16_16x16x64_bf8_bf8",          kGfx1250, kWmma,   0x71, 16, 16,  64, 1, kBf8E5M2,     kBf8E5M2,     kF16,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f16_16x16x64_bf8_bf8",            ""},
{"v_wmma_i32_16x16x64_iu8",              kGfx1250, kWmma,   0x72, 16, 16,  64, 1, kU8,          kU8,          kI32,  16,  0, P::kG1250Int,           M::kGfx1250Int,         "wmma_i32_16x16x64_iu8",                ""},
{"v_wmma_f32_16x16x128_fp8_fp8",         kGfx1250, kWmma,   0x80, 16, 16, 128, 1, kFp8E4M3,     kFp8E4M3,     kF32,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f32_16x16x128_fp8_fp8",           ""},
{"v_wmma_f32_16x16x128_fp8_bf8",         kGfx1250, kWmma,   0x81, 16, 16, 128, 1, kFp8E4M3,     kBf8E5M2,     kF32,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f32_16x16x128_fp8_bf8",           ""},
{"v_wmma_f32_16x16x128_bf8_fp8",         kGfx1250, kWmma,   0x82, 16, 16, 128, 1, kBf8E5M2,     kFp8E4M3,     kF32,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f32_16x16x128_bf8_fp8",           ""},
{"v_wmma_f32_16x16x128_bf8_bf8",         kGfx1250, kWmma,   0x83, 16, 16, 128, 1, kBf8E5M2,     kBf8E5M2,     kF32,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f32_16x16x128_bf8_bf8",           ""},
{"v_wmma_f16_16x16x128_fp8_fp8",         kGfx1250, kWmma,   0x84, 16, 16, 128, 1, kFp8E4M3,     kFp8E4M3,     kF16,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f16_16x16x128_fp8_fp8",           ""},
{"v_wmma_f16_16x16x128_fp8_bf8",         kGfx1250, kWmma,   0x85, 16, 16, 128, 1, kFp8E4M3,     kBf8E5M2,     kF16,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f16_16x16x128_fp8_bf8",           ""},
{"v_wmma_f16_16x16x128_bf8_fp8",         kGfx1250, kWmma,   0x86, 16, 16, 128, 1, kBf8E5M2,     kFp8E4M3,     kF16,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f16_16x16x128_bf8_fp8",           ""},
{"v_wmma_f16_16x16x128_bf8_bf8",         kGfx1250, kWmma,   0x87, 16, 16, 128, 1, kBf8E5M2,     kBf8E5M2,     kF16,   8,  0, P::kG1250Fp8,           M::kGfx1250Fp8Dot4,     "wmma_f16_16x16x128_bf8_bf8",           ""},
// f8f6f4: A's and B's formats are matrix_a_fmt/matrix_b_fmt (fp8 at 0); the scaled forms are the same WMMA word behind a
// v_wmma_ld_scale{,16}_paired_b{32,64} prefix (16 bytes), one opcode 0x35 (32-bit scales) or 0x3a (64-bit scales).
{"v_wmma_f32_16x16x128_f8f6f4",          kGfx1250, kWmma,   0x33, 16, 16, 128, 1, kFp8E4M3,     kFp8E4M3,     kF32,  16,  0, P::kG1250F8f6f4,        M::kGfx1250F8f6f4,      "wmma_f32_16x16x128_f8f6f4",            ""},
{"v_wmma_f32_32x16x128_f4",              kGfx1250, kWmma,   0x88, 32, 16, 128, 1, kFp4E2M1,     kFp4E2M1,     kF32,   8,  0, P::kG1250F4,            M::kGfx1250F8f6f4,      "wmma_f32_32x16x128_f4",                ""},
{"v_wmma_scale_f32_16x16x128_f8f6f4",    kGfx1250, kWmma,   0x33, 16, 16, 128, 1, kFp8E4M3,     kFp8E4M3,     kF32,  16,  0, P::kG1250ScaledF8f6f4,  M::kGfx1250Scaled,      "wmma_scale_f32_16x16x128_f8f6f4",      ""},
{"v_wmma_scale16_f32_16x16x128_f8f6f4",  kGfx1250, kWmma,   0x33, 16, 16, 128, 1, kFp8E4M3,     kFp8E4M3,     kF32,  16,  0, P::kG1250ScaledF8f6f4,  M::kGfx1250Scaled16,    "wmma_scale16_f32_16x16x128_f8f6f4",    ""},
{"v_wmma_scale_f32_32x16x128_f4",        kGfx1250, kWmma,   0x88, 32, 16, 128, 1, kFp4E2M1,     kFp4E2M1,     kF32,   8,  0, P::kG1250ScaledF4,      M::kGfx1250Scaled,      "wmma_scale_f32_32x16x128_f4",          ""},
{"v_wmma_scale16_f32_32x16x128_f4",      kGfx1250, kWmma,   0x88, 32, 16, 128, 1, kFp4E2M1,     kFp4E2M1,     kF32,   8,  0, P::kG1250ScaledF4,      M::kGfx1250Scaled16,    "wmma_scale16_f32_32x16x128_f4",        ""},
// --- gfx1250 SWMMAC (CDNA5, A stored 2:4; reference/gfx1250.md §2.3) ----------------------------------------------------------------------------------------------------
{"v_swmmac_f32_16x16x64_f16",            kGfx1250, kSwmmac, 0x65, 16, 16,  64, 1, kF16,         kF16,         kF32,   8,  0, P::kG1250SwmmacFloat16, M::kGfx1250SparseDot4,  "swmmac_f32_16x16x64_f16",              ""},
{"v_swmmac_f32_16x16x64_bf16",           kGfx1250, kSwmmac, 0x66, 16, 16,  64, 1, kBf16,        kBf16,        kF32,   8,  0, P::kG1250SwmmacFloat16, M::kGfx1250SparseDot4,  "swmmac_f32_16x16x64_bf16",             ""},
{"v_swmmac_f16_16x16x64_f16",            kGfx1250, kSwmmac, 0x67, 16, 16,  64, 1, kF16,         kF16,         kF16,   8,  0, P::kG1250SwmmacFloat16, M::kGfx1250SparseDot4,  "swmmac_f16_16x16x64_f16",              ""},
{"v_swmmac_bf16_16x16x64_bf16",          kGfx1250, kSwmmac, 0x68, 16, 16,  64, 1, kBf16,        kBf16,        kBf16,  8,  0, P::kG1250SwmmacFloat16, M::kGfx1250SparseDot4,  "swmmac_bf16_16x16x64_bf16",            ""},
{"v_swmmac_bf16f32_16x16x64_bf16",       kGfx1250, kSwmmac, 0x69, 16, 16,  64, 1, kBf16,        kBf16,        kF32,   8,  0, P::kG1250SwmmacFloat16, M::kGfx1250SparseDot4,  "swmmac_bf16f32_16x16x64_bf16",         "", kBf16},
{"v_swmmac_f32_16x16x128_fp8_fp8",       kGfx1250, kSwmmac, 0x73, 16, 16, 128, 1, kFp8E4M3,     kFp8E4M3,     kF32,   8,  0, P::kG1250SwmmacFp8,     M::kGfx1250SparseDot4,  "swmmac_f32_16x16x128_fp8_fp8",         ""},
{"v_swmmac_f32_16x16x128_fp8_bf8",       kGfx1250, kSwmmac, 0x74, 16, 16, 128, 1, kFp8E4M3,     kBf8E5M2,     kF32,   8,  0, P::kG1250SwmmacFp8,     M::kGfx1250SparseDot4,  "swmmac_f32_16x16x128_fp8_bf8",         ""},
{"v_swmmac_f32_16x16x128_bf8_fp8",       kGfx1250, kSwmmac, 0x75, 16, 16, 128, 1, kBf8E5M2,     kFp8E4M3,     kF32,   8,  0, P::kG1250SwmmacFp8,     M::kGfx1250SparseDot4,  "swmmac_f32_16x16x128_bf8_fp8",         ""},
{"v_swmmac_f32_16x16x128_bf8_bf8",       kGfx1250, kSwmmac, 0x76, 16, 16, 128, 1, kBf8E5M2,     kBf8E5M2,     kF32,   8,  0, P::kG1250SwmmacFp8,     M::kGfx1250SparseDot4,  "swmmac_f32_16x16x128_bf8_bf8",         ""},
{"v_swmmac_f16_16x16x128_fp8_fp8",       kGfx1250, kSwmmac, 0x77, 16, 16, 128, 1, kFp8E4M3,     kFp8E4M3,     kF16,   8,  0, P::kG1250SwmmacFp8,     M::kGfx1250SparseDot4,  "swmmac_f16_16x16x128_fp8_fp8",         ""},
{"v_swmmac_f16_16x16x128_fp8_bf8",       kGfx1250, kSwmmac, 0x78, 16, 16, 128, 1, kFp8E4M3,     kBf8E5M2,     kF16,   8,  0, P::kG1250SwmmacFp8,     M::kGfx1250SparseDot4,  "swmmac_f16_16x16x128_fp8_bf8",         ""},
{"v_swmmac_f16_16x16x128_bf8_fp8",       kGfx1250, kSwmmac, 0x79, 16, 16, 128, 1, kBf8E5M2,     kFp8E4M3,     kF16,   8,  0, P::kG1250SwmmacFp8,     M::kGfx1250SparseDot4,  "swmmac_f16_16x16x128_bf8_fp8",         ""},
{"v_swmmac_f16_16x16x128_bf8_bf8",       kGfx1250, kSwmmac, 0x7a, 16, 16, 128, 1, kBf8E5M2,     kBf8E5M2,     kF16,   8,  0, P::kG1250SwmmacFp8,     M::kGfx1250SparseDot4,  "swmmac_f16_16x16x128_bf8_bf8",         ""},
{"v_swmmac_i32_16x16x128_iu8",           kGfx1250, kSwmmac, 0x7b, 16, 16, 128, 1, kU8,          kU8,          kI32,  16,  0, P::kG1250SwmmacInt,     M::kGfx1250SparseInt,   "swmmac_i32_16x16x128_iu8",             ""},
// --- gfx1250: the gfx12 WMMA/SWMMAC llvm-mc-22 also assembles (wave32, gfx12 encoding and widths; clang-22's gfx12 ------------------------------------------------
// builtins fail instruction selection on gfx1250, so no builtin reaches them; reference/gfx1250.md §2.4) --------------------------------------------------------------
{"v_wmma_f32_16x16x16_f16",              kGfx1250, kWmma,   0x40, 16, 16,  16, 1, kF16,         kF16,         kF32,   8,  0, P::kRdna4Float,         M::kGfx1250Dot4,        "",                                     ""},
{"v_wmma_f32_16x16x16_bf16",             kGfx1250, kWmma,   0x41, 16, 16,  16, 1, kBf16,        kBf16,        kF32,   8,  0, P::kRdna4Float,         M::kGfx1250Dot4,        "",                                     ""},
{"v_wmma_f16_16x16x16_f16",              kGfx1250, kWmma,   0x42, 16, 16,  16, 1, kF16,         kF16,         kF16,   8,  0, P::kRdna4Float,         M::kGfx1250Dot4,        "",                                     ""},
{"v_wmma_bf16_16x16x16_bf16",            kGfx1250, kWmma,   0x43, 16, 16,  16, 1, kBf16,        kBf16,        kBf16,  8,  0, P::kRdna4Float,         M::kGfx1250Dot4,        "",                                     ""},
{"v_wmma_i32_16x16x16_iu8",              kGfx1250, kWmma,   0x44, 16, 16,  16, 1, kU8,          kU8,          kI32,  16,  0, P::kRdna4Int,           M::kGfx1250Int,         "",                                     ""},
{"v_wmma_i32_16x16x16_iu4",              kGfx1250, kWmma,   0x45, 16, 16,  16, 1, kU4,          kU4,          kI32,  16,  0, P::kRdna4Int,           M::kGfx1250Int,         "",                                     ""},
{"v_wmma_f32_16x16x16_fp8_fp8",          kGfx1250, kWmma,   0x46, 16, 16,  16, 1, kFp8E4M3,     kFp8E4M3,     kF32,   8,  0, P::kRdna4Fp8,           M::kGfx1250Fp8Dot4,     "",                                     ""},
{"v_wmma_f32_16x16x16_fp8_bf8",          kGfx1250, kWmma,   0x47, 16, 16,  16, 1, kFp8E4M3,     kBf8E5M2,     kF32,   8,  0, P::kRdna4Fp8,           M::kGfx1250Fp8Dot4,     "",                                     ""},
{"v_wmma_f32_16x16x16_bf8_fp8",          kGfx1250, kWmma,   0x48, 16, 16,  16, 1, kBf8E5M2,     kFp8E4M3,     kF32,   8,  0, P::kRdna4Fp8,           M::kGfx1250Fp8Dot4,     "",                                     ""},
{"v_wmma_f32_16x16x16_bf8_bf8",          kGfx1250, kWmma,   0x49, 16, 16,  16, 1, kBf8E5M2,     kBf8E5M2,     kF32,   8,  0, P::kRdna4Fp8,           M::kGfx1250Fp8Dot4,     "",                                     ""},
{"v_wmma_i32_16x16x32_iu4",              kGfx1250, kWmma,   0x4a, 16, 16,  32, 1, kU4,          kU4,          kI32,  16,  0, P::kRdna4Int,           M::kGfx1250Int,         "",                                     ""},
{"v_swmmac_f32_16x16x32_f16",            kGfx1250, kSwmmac, 0x50, 16, 16,  32, 1, kF16,         kF16,         kF32,   8,  0, P::kSwmmacFloat16,      M::kGfx1250SparseDot4,  "",                                     ""},
{"v_swmmac_f32_16x16x32_bf16",           kGfx1250, kSwmmac, 0x51, 16, 16,  32, 1, kBf16,        kBf16,        kF32,   8,  0, P::kSwmmacFloat16,      M::kGfx1250SparseDot4,  "",                                     ""},
{"v_swmmac_f16_16x16x32_f16",            kGfx1250, kSwmmac, 0x52, 16, 16,  32, 1, kF16,         kF16,         kF16,   8,  0, P::kSwmmacFloat16,      M::kGfx1250SparseDot4,  "",                                     ""},
{"v_swmmac_bf16_16x16x32_bf16",          kGfx1250, kSwmmac, 0x53, 16, 16,  32, 1, kBf16,        kBf16,        kBf16,  8,  0, P::kSwmmacFloat16,      M::kGfx1250SparseDot4,  "",                                     ""},
{"v_swmmac_i32_16x16x32_iu8",            kGfx1250, kSwmmac, 0x54, 16, 16,  32, 1, kU8,          kU8,          kI32,  16,  0, P::kSwmmacInt,          M::kGfx1250SparseInt,   "",                                     ""},
{"v_swmmac_i32_16x16x32_iu4",            kGfx1250, kSwmmac, 0x55, 16, 16,  32, 1, kU4,          kU4,          kI32,  16,  0, P::kSwmmacInt,          M::kGfx1250SparseInt,   "",                                     ""},
{"v_swmmac_i32_16x16x64_iu4",            kGfx1250, kSwmmac, 0x56, 16, 16,  64, 1, kU4,          kU4,          kI32,  16,  0, P::kSwmmacInt,          M::kGfx1250SparseInt,   "",                                     ""},
{"v_swmmac_f32_16x16x32_fp8_fp8",        kGfx1250, kSwmmac, 0x57, 16, 16,  32, 1, kFp8E4M3,     kFp8E4M3,     kF32,   8,  0, P::kSwmmacFp8,          M::kGfx1250SparseDot4,  "",                                     ""},
{"v_swmmac_f32_16x16x32_fp8_bf8",        kGfx1250, kSwmmac, 0x58, 16, 16,  32, 1, kFp8E4M3,     kBf8E5M2,     kF32,   8,  0, P::kSwmmacFp8,          M::kGfx1250SparseDot4,  "",                                     ""},
{"v_swmmac_f32_16x16x32_bf8_fp8",        kGfx1250, kSwmmac, 0x59, 16, 16,  32, 1, kBf8E5M2,     kFp8E4M3,     kF32,   8,  0, P::kSwmmacFp8,          M::kGfx1250SparseDot4,  "",                                     ""},
{"v_swmmac_f32_16x16x32_bf8_bf8",        kGfx1250, kSwmmac, 0x5a, 16, 16,  32, 1, kBf8E5M2,     kBf8E5M2,     kF32,   8,  0, P::kSwmmacFp8,          M::kGfx1250SparseDot4,  "",                                     ""},
});

constexpr std::array kModels = std::to_array<NumericModel>({
// id                engine                     grp  evidence          sources / summary
{M::kCdna3FmaF32,      "cdna3.fma_f32",      Engine::kFmaChain,      1, Evidence::kHw,     "KMG (CDNA1-3 fp32 vectors), MMASIM; numerics.md §3.1",
 "d = fma(a_k, b_k, d) in k order, binary32 RNE, subnormals kept"},
{M::kCdna3FmaF64,      "cdna3.fma_f64",      Engine::kFmaChain,      1, Evidence::kHw,     "MMASIM (medium confidence); numerics.md §3.1",
 "d = fma(a_k, b_k, d) in k order, binary64 RNE; BLGP bits negate A, B, C"},
{M::kCdna3Alg1G4,      "cdna3.alg1.g4",      Engine::kCdna3FusedDot, 4, Evidence::kHw,     "KMG Algorithm 1 (xf32 N_FMA = 4 test; K = 4 forms); numerics.md §3.3",
 "fused dot of 4 products: truncate to 24 bits below e_max, round C down, C-larger branch; RNE32 per block"},
{M::kCdna3Alg1G8,      "cdna3.alg1.g8",      Engine::kCdna3FusedDot, 8, Evidence::kHw,     "KMG Algorithm 1 (N_FMA = 8 test); numerics.md §3.3",
 "fused dot of 8 products: truncate to 24 bits below e_max, round C down, C-larger branch; RNE32 per block"},
{M::kCdna3Alg2,        "cdna3.alg2",         Engine::kCdna3Fp8Dot,  16, Evidence::kHw,     "KMG Algorithm 2, MMASIM; numerics.md §3.4",
 "fp8/bf8 FNUZ blocks of 16: even/odd product groups aligned apart, smaller group rounded down, C dropped beyond 25 bits"},
{M::kCdna3Int,         "cdna3.int",          Engine::kIntegerDot,    1, Evidence::kAssume, "numerics.md §3.9 (no hardware vectors)",
 "exact signed int8 products summed with C, wrapped modulo 2^32"},
{M::kCdna3SparseAlg1,  "cdna3.sparse.alg1",  Engine::kCdna3FusedDot, 8, Evidence::kAssume, "numerics.md §3.10 (no source covers SMFMAC)",
 "stored products in increasing logical k, Algorithm 1 blocks of 8"},
{M::kCdna3SparseAlg2,  "cdna3.sparse.alg2",  Engine::kCdna3Fp8Dot,  16, Evidence::kAssume, "numerics.md §3.10 (no source covers SMFMAC)",
 "stored products in increasing logical k, Algorithm 2 blocks of 16"},
{M::kCdna3SparseInt,   "cdna3.sparse.int",   Engine::kIntegerDot,    1, Evidence::kAssume, "numerics.md §3.10",
 "exact integer sum of the stored products with C, wrapped modulo 2^32"},
{M::kCdna1FmaF32,      "cdna1.fma_f32",      Engine::kFmaChain,      1, Evidence::kHw,     "KMG (CDNA1-3 fp32 vectors); numerics.md §3.1",
 "d = fma(a_k, b_k, d) in k order, binary32 RNE, subnormals kept"},
{M::kCdna1DotG4,       "cdna1.dot.g4",       Engine::kCdna1ExactDot, 4, Evidence::kHw,     "KMG; all 793 testdata/hw/cdna1_mfma_kmg.jsonl vectors (MMA-Sim's pairwise rule fails 671); numerics.md",
 "f16: each group of 4 exact products plus C rounded once to binary32 (RNE), in k order"},
{M::kCdna1DotG2,       "cdna1.dot.g2",       Engine::kCdna1ExactDot, 2, Evidence::kHw,     "KMG; all 793 testdata/hw/cdna1_mfma_kmg.jsonl vectors (MMA-Sim's pairwise rule fails 671); numerics.md",
 "bf16: each pair of exact products plus C rounded once to binary32 (RNE), in k order"},
{M::kCdna1Int,         "cdna1.int",          Engine::kIntegerDot,    1, Evidence::kAssume, "numerics.md §3.9 (no hardware vectors)",
 "exact signed int8 products summed with C, wrapped modulo 2^32"},
{M::kCdna2FmaF32,      "cdna2.fma_f32",      Engine::kFmaChain,      1, Evidence::kHw,     "KMG (CDNA1-3 fp32 vectors), MMASIM; numerics.md §3.1",
 "d = fma(a_k, b_k, d) in k order, binary32 RNE, subnormals kept"},
{M::kCdna2FmaF64,      "cdna2.fma_f64",      Engine::kFmaChain,      1, Evidence::kHw,     "MMASIM (medium confidence); numerics.md §3.1",
 "d = fma(a_k, b_k, d) in k order, binary64 RNE (BLGP is encodable and has no effect on CDNA2)"},
{M::kCdna2DotG4,       "cdna2.pairwise.g4",  Engine::kCdna2PairwiseDot, 4, Evidence::kHw,  "KMG (all 61 testdata/hw/cdna2_mfma_kmg.jsonl vectors), MMASIM, MIOpen MI200 notes; numerics.md",
 "f16/bf16_1k: subnormal inputs and outputs flushed; exact products, d = fl(c + fl(fl(p1+p2) + fl(p3+p4))) RNE"},
{M::kCdna2DotG2,       "cdna2.pairwise.g2",  Engine::kCdna2PairwiseDot, 2, Evidence::kHw,  "KMG (all 61 testdata/hw/cdna2_mfma_kmg.jsonl vectors), MMASIM, MIOpen MI200 notes; numerics.md",
 "bf16: subnormal inputs and outputs flushed; exact products, d = fl(c + fl(p1+p2)) RNE"},
{M::kCdna2Int,         "cdna2.int",          Engine::kIntegerDot,    1, Evidence::kAssume, "numerics.md §3.9 (no hardware vectors)",
 "exact signed int8 products summed with C, wrapped modulo 2^32"},
{M::kCdna4FmaF32,      "cdna4.fma_f32",      Engine::kFmaChain,      1, Evidence::kAssume, "no CDNA4 characterisation; the CDNA3 model (numerics.md §3.1)",
 "d = fma(a_k, b_k, d) in k order, binary32 RNE, subnormals kept"},
{M::kCdna4FmaF64,      "cdna4.fma_f64",      Engine::kFmaChain,      1, Evidence::kAssume, "no CDNA4 characterisation; the CDNA3 model (numerics.md §3.1)",
 "d = fma(a_k, b_k, d) in k order, binary64 RNE; BLGP bits negate A, B, C"},
{M::kCdna4Alg1G4,      "cdna4.alg1.g4",      Engine::kCdna3FusedDot, 4, Evidence::kAssume, "no CDNA4 characterisation; the CDNA3 model (numerics.md §3.3)",
 "fused dot of 4 products: truncate to 24 bits below e_max, round C down, C-larger branch; RNE32 per block"},
{M::kCdna4Alg1G8,      "cdna4.alg1.g8",      Engine::kCdna3FusedDot, 8, Evidence::kAssume, "no CDNA4 characterisation; the CDNA3 model (numerics.md §3.3)",
 "fused dot of 8 products: truncate to 24 bits below e_max, round C down, C-larger branch; RNE32 per block"},
{M::kCdna4Fp8,         "cdna4.alg2",         Engine::kCdna3Fp8Dot,  16, Evidence::kAssume, "no CDNA4 characterisation; the CDNA3 Algorithm 2 on OCP inputs (numerics.md §3.4)",
 "OCP fp8/bf8 (E4M3FN/E5M2) blocks of 16: even/odd product groups aligned apart, smaller group rounded down, C dropped beyond 25 bits"},
{M::kCdna4F8f6f4,      "cdna4.f8f6f4",       Engine::kCdna4ScaledDot, 32, Evidence::kAssume, "no CDNA4 characterisation; numerics.md §11 (formats DOC: OCP MX v1.0, LLVM cbsz/blgp)",
 "fp8/bf8/fp6/bf6/fp4 (A by cbsz, B by blgp): each block of 32 exact products plus C rounded once to binary32 (RNE)"},
{M::kCdna4ScaledF8f6f4, "cdna4.scaled.f8f6f4", Engine::kCdna4ScaledDot, 32, Evidence::kAssume, "no CDNA4 characterisation; numerics.md §11 (scales: AMD's CDNA4 matrix-core blog, LLVM)",
 "as cdna4.f8f6f4, each block's exact sum times 2^(sa+sb-254) from the lane's E8M0 scale bytes; NaN scale -> NaN"},
{M::kCdna4Int,         "cdna4.int",          Engine::kIntegerDot,    1, Evidence::kAssume, "numerics.md §3.9 (no hardware vectors)",
 "exact signed int8 products summed with C, wrapped modulo 2^32"},
{M::kCdna4SparseAlg1,  "cdna4.sparse.alg1",  Engine::kCdna3FusedDot, 8, Evidence::kAssume, "no source covers SMFMAC; the CDNA3 assumption (numerics.md §3.10)",
 "stored products in increasing logical k, Algorithm 1 blocks of 8"},
{M::kCdna4SparseFp8,   "cdna4.sparse.alg2",  Engine::kCdna3Fp8Dot,  16, Evidence::kAssume, "no source covers SMFMAC; the CDNA3 assumption on OCP inputs (numerics.md §3.10)",
 "OCP fp8/bf8 stored products in increasing logical k, Algorithm 2 blocks of 16"},
{M::kCdna4SparseInt,   "cdna4.sparse.int",   Engine::kIntegerDot,    1, Evidence::kAssume, "numerics.md §3.10",
 "exact integer sum of the stored products with C, wrapped modulo 2^32"},
{M::kRdna3Dot2,        "rdna3.dot2",         Engine::kRdna3Dot2,     2, Evidence::kHw,     "RJ gfx1100 captures, ROCm/rocm-systems#12056; numerics.md §4",
 "8 chained DOT2 steps over K pairs, sign-magnitude adder in C's frame with one's-complement terms, RNE32 per step"},
{M::kRdna3Int,         "rdna3.int",          Engine::kIntegerDot,    1, Evidence::kSrc,    "CALC README (clamp) [DOC], GOC/RJ (wrap) [SRC]; numerics.md §8",
 "exact sum; NEG[0]/NEG[1] choose signed A/B; CLAMP saturates to int32, otherwise wrap"},
{M::kRdna4Dot4,        "rdna4.dot4",         Engine::kRdna4Dot4,     4, Evidence::kHw,     "RJ gfx1201 captures (wave32 and wave64); numerics.md §5",
 "4 chained DOT4 steps over the documented K groups, floor alignment on a common grid, RNE32 per step"},
{M::kRdna4Fp8Dot4,     "rdna4.fp8.dot4",     Engine::kRdna4Dot4,     4, Evidence::kAssume, "numerics.md §9 item 1 (fp8 WMMA not characterised)",
 "OCP fp8/bf8 decoded, then the gfx12 DOT4 step over documented K groups of 4"},
{M::kRdna4SparseDot4,  "rdna4.sparse.dot4",  Engine::kRdna4Dot4,     4, Evidence::kAssume, "numerics.md §9 item 2 (SWMMAC not characterised)",
 "the selected products in increasing logical k, four per DOT4 step"},
{M::kRdna4Int,         "rdna4.int",          Engine::kIntegerDot,    1, Evidence::kSrc,    "CALC README (clamp) [DOC], GOC/RJ (wrap) [SRC]; numerics.md §8",
 "exact sum; NEG[0]/NEG[1] choose signed A/B; CLAMP saturates to int32, otherwise wrap"},
{M::kRdna4SparseInt,   "rdna4.sparse.int",   Engine::kIntegerDot,    1, Evidence::kSrc,    "numerics.md §8 (stored values times the selected B rows)",
 "exact sum of the stored products; CLAMP saturates to int32, otherwise wrap"},
{M::kGfx1250FmaF32,    "gfx1250.fma_f32",    Engine::kFmaChain,      1, Evidence::kAssume, "no gfx1250 measurement; the CDNA3 f32 model (numerics.md §12; LLVM runs it on the VALU)",
 "d = fma(a_k, b_k, d) in k order, binary32 RNE, subnormals kept"},
{M::kGfx1250Dot4,      "gfx1250.dot4",       Engine::kRdna4Dot4,     4, Evidence::kAssume, "no gfx1250 measurement; the gfx12 DOT4 chain (numerics.md §12)",
 "the gfx12 DOT4 chain over K groups of 4 in k order, floor alignment, RNE32 per step; 16-bit D narrowed per step"},
{M::kGfx1250Fp8Dot4,   "gfx1250.fp8.dot4",   Engine::kRdna4Dot4,     4, Evidence::kAssume, "no gfx1250 measurement; the gfx12 fp8 assumption (numerics.md §12)",
 "OCP fp8/bf8 decoded, then the gfx12 DOT4 step over K groups of 4"},
{M::kGfx1250Int,       "gfx1250.int",        Engine::kIntegerDot,    1, Evidence::kAssume, "no gfx1250 measurement; exact arithmetic (numerics.md §12)",
 "exact sum; NEG[0]/NEG[1] choose signed A/B; CLAMP saturates to int32, otherwise wrap"},
{M::kGfx1250F8f6f4,    "gfx1250.f8f6f4",     Engine::kCdna4ScaledDot, 32, Evidence::kAssume, "no gfx1250 measurement; the gfx950 f8f6f4 model (numerics.md §12)",
 "fp8/bf8/fp6/bf6/fp4 (matrix_a_fmt, matrix_b_fmt): each block of 32 exact products plus C rounded once to binary32 (RNE)"},
{M::kGfx1250Scaled,    "gfx1250.scaled",     Engine::kCdna4ScaledDot, 32, Evidence::kAssume, "no gfx1250 measurement; the gfx950 scaled model (numerics.md §12)",
 "as gfx1250.f8f6f4, each block of 32's exact sum times the A and B scales (E8M0 2^(e-127); E5M3, E4M3 as real multipliers)"},
{M::kGfx1250Scaled16,  "gfx1250.scaled16",   Engine::kCdna4ScaledDot, 16, Evidence::kAssume, "no gfx1250 measurement; the gfx950 scaled model, blocks of 16 (numerics.md §12)",
 "as gfx1250.scaled with a scale per 16 K: each block of 16's exact sum times its scales, C rounded once per block"},
{M::kGfx1250SparseDot4, "gfx1250.sparse.dot4", Engine::kRdna4Dot4,   4, Evidence::kAssume, "no gfx1250 measurement; the gfx12 SWMMAC assumption (numerics.md §12)",
 "the selected products in increasing logical k, four per DOT4 step"},
{M::kGfx1250SparseInt, "gfx1250.sparse.int", Engine::kIntegerDot,    1, Evidence::kAssume, "no gfx1250 measurement; exact arithmetic (numerics.md §12)",
 "exact sum of the stored products; CLAMP saturates to int32, otherwise wrap"},
});
// clang-format on

// Each model id has one row, and every instruction names a model that has one.
constexpr bool one_model_row(NumericModelId id) { return std::ranges::count(kModels, id, &NumericModel::id) == 1; }
static_assert(std::ranges::all_of(kModels, [](NumericModel const& m) { return one_model_row(m.id); }),
              "two numeric model rows share an id");
static_assert(std::ranges::all_of(kRows, [](Instruction const& in) { return one_model_row(in.model); }),
              "a catalog row names a numeric model id that has no row");

std::string_view strip_v(std::string_view s) { return s.starts_with("v_") ? s.substr(2) : s; }

bool iequal(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

} // namespace

std::span<Instruction const> catalog() { return kRows; }

NumericModel const& numeric_model_row(NumericModelId id) {
  for (auto const& m : kModels)
    if (m.id == id) return m;
  throw std::invalid_argument("no numeric model has id " + std::to_string(static_cast<int>(id)));
}

std::span<NumericModel const> numeric_models() { return kModels; }

std::vector<Instruction const*> instructions_of(Generation gen) {
  std::vector<Instruction const*> out;
  for (auto const& row : kRows)
    if (row.gen == gen) out.push_back(&row);
  return out;
}

Instruction const* find_instruction(Generation gen, std::string_view name, AliasUse use) {
  std::string_view const want = strip_v(name);
  for (auto const& row : kRows) {
    if (row.gen != gen) continue;
    if (iequal(strip_v(row.mnemonic), want)) return &row;
    std::string_view rest = row.aliases;
    while (!rest.empty()) {
      size_t const sp = rest.find(' ');
      std::string_view alias = rest.substr(0, sp);
      bool const assembler_only = alias.starts_with('~');
      if (assembler_only) alias.remove_prefix(1);
      if ((!assembler_only || use == AliasUse::kAssembler) && iequal(strip_v(alias), want)) return &row;
      rest = sp == std::string_view::npos ? std::string_view{} : rest.substr(sp + 1);
    }
  }
  return nullptr;
}

std::vector<int> Instruction::wave_sizes() const { return info(gen).wave_sizes(); }
bool Instruction::has_wave(int wave) const { return info(gen).has_wave(wave); }
int Instruction::default_wave() const { return info(gen).default_wave(); }

int Instruction::cycles_of(Modifiers const& m) const {
  bool const narrow = mod_rules().format_select && numeric::storage_bits(type_of(Operand::kA, m)) < 8 &&
                      numeric::storage_bits(type_of(Operand::kB, m)) < 8;
  return narrow ? cycles / 2 : cycles;
}

bool Instruction::has_operand(Operand op) const {
  switch (op) {
  case Operand::kIndex:
    return sparse();
  case Operand::kScaleA:
  case Operand::kScaleB:
    return mod_rules().scaled;
  default:
    return true;
  }
}

bool Instruction::gfx12_form() const {
  switch (profile) {
  case P::kRdna4Float:
  case P::kRdna4Fp8:
  case P::kRdna4Int:
  case P::kSwmmacFloat16:
  case P::kSwmmacInt:
  case P::kSwmmacFp8:
    return true;
  default:
    return false;
  }
}

int Instruction::scale_block() const { return mod_rules().scaled ? numeric().group : 0; }

numeric::Format Instruction::type_of(Operand op, Modifiers const& mods) const {
  ModRules const& r = mod_rules();
  bool const format = r.format_select;
  switch (op) {
  case Operand::kA:
    if (sign_by_neg(op) && mods.neg_lo[0]) return numeric::storage_bits(a) == 4 ? kI4 : kI8;
    return format ? f8f6f4_format(r.mai ? mods.cbsz : mods.matrix_fmt[0]).value_or(a) : a;
  case Operand::kB:
    if (sign_by_neg(op) && mods.neg_lo[1]) return numeric::storage_bits(b) == 4 ? kI4 : kI8;
    return format ? f8f6f4_format(r.mai ? mods.blgp : mods.matrix_fmt[1]).value_or(b) : b;
  case Operand::kScaleA:
  case Operand::kScaleB:
    return r.wmma_scaled ? scale_format(mods.scale_fmt[op == Operand::kScaleA ? 0 : 1]).value_or(kE8M0) : kE8M0;
  case Operand::kC:
    return cd;
  case Operand::kD:
    return d_type.value_or(cd);
  case Operand::kIndex:
    return kI32;
  }
  return cd;
}

bool Instruction::sign_by_neg(Operand op) const {
  return mod_rules().neg_is_signedness && (op == Operand::kA || op == Operand::kB);
}

std::string_view Instruction::type_name(Operand op, Modifiers const& mods) const {
  numeric::Format const t = type_of(op, mods);
  if (!sign_by_neg(op)) return numeric::name(t);
  return numeric::storage_bits(t) == 4 ? "iu4" : "iu8";
}

std::string_view Instruction::type_description(Operand op, Modifiers const& mods) const {
  numeric::Format const t = type_of(op, mods);
  if (!sign_by_neg(op)) return numeric::description(t);
  return numeric::storage_bits(t) == 4 ? "4-bit integer, signed or unsigned per operand (NEG bit)"
                                       : "8-bit integer, signed or unsigned per operand (NEG bit)";
}

} // namespace wavemma::isa
