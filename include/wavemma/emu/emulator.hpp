#pragma once
// Executes one catalog instruction, with all its modifiers, either on a wave's register images or
// on matrices in mathematical orientation. Both paths gather the operands through the catalog's
// layouts, build each output element's products in the hardware's order and hand them to the
// numeric engine the row names; no instruction has arithmetic of its own.

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "wavemma/isa/instruction.hpp"
#include "wavemma/numeric/engine.hpp"

namespace wavemma::emu {

// Raw element bits of one operand, blocks x rows x cols, row-major within a block.
// A: rows = i, cols = k (sparse A: cols = stored position); B: rows = k, cols = j; C/D: i, j;
// the sparsity index: rows = i, cols = stored position (2-bit values).
struct Matrix {
  int blocks = 1, rows = 0, cols = 0;
  std::vector<uint64_t> bits;

  Matrix() = default;
  Matrix(int blocks_, int rows_, int cols_)
      : blocks(blocks_), rows(rows_), cols(cols_), bits(size_t(blocks_) * rows_ * cols_) {}
  uint64_t& at(int b, int r, int c) { return bits[(size_t(b) * rows + r) * cols + c]; }
  uint64_t at(int b, int r, int c) const { return bits[(size_t(b) * rows + r) * cols + c]; }
  friend bool operator==(Matrix const&, Matrix const&) = default;
};

// One operand's registers for the whole wave: words[vgpr * wave + lane].
struct Registers {
  int vgprs = 0, wave = 0;
  std::vector<uint32_t> words;

  Registers() = default;
  Registers(int vgprs_, int wave_, uint32_t fill = 0)
      : vgprs(vgprs_), wave(wave_), words(size_t(vgprs_) * wave_, fill) {}
  uint32_t& at(int vgpr, int lane) { return words[size_t(vgpr) * wave + lane]; }
  uint32_t at(int vgpr, int lane) const { return words[size_t(vgpr) * wave + lane]; }
  friend bool operator==(Registers const&, Registers const&) = default;
};

// An instruction as issued: the row, the wave size, the modifiers.
struct Issue {
  isa::Instruction const* instruction = nullptr;
  int wave = 0;
  isa::Modifiers mods;
};

// Checks an issue (wave size, modifiers) and returns an error message, or empty.
std::string check(Issue const&);

// The numeric model the engine runs for an issue (formats from the row and the NEG signedness bits,
// clamp, FP16_OVFL).
numeric::Model numeric_model(Issue const&);

// --- register images --------------------------------------------------------------------------
struct RegisterOperands {
  Registers a, b;
  Registers c;                 // WMMA/MFMA C; sparse forms: the D registers before the instruction
  std::optional<int> c_inline; // SRC2 inline constant code (128..248) instead of C registers
  Registers index;             // SWMMAC/SMFMAC sparsity index (one VGPR)
  Registers scale_a, scale_b;  // gfx950 v_mfma_scale_*: the E8M0 scale VGPRs (one each)
  Registers d_prior;           // D registers before the instruction (gfx11 16-bit outputs keep the
                               // other half); defaults to C's registers when empty
};
// D as registers. Throws std::invalid_argument on a bad issue or register counts.
Registers execute(Issue const&, RegisterOperands const&);

// --- lane-major words (the SIMT runtime's staging) ----------------------------------------------
// Every lane's registers in one row of `stride` words: lane l's VGPR v of A is
// words[l * stride + v], of B words[l * stride + a_vgprs + v], of C (sparse forms: D before the
// instruction) words[l * stride + a_vgprs + b_vgprs + v], and the sparsity index VGPR
// words[l * stride + index].
struct LaneWords {
  uint32_t const* words = nullptr;
  int stride = 0;
  int a_vgprs = 0, b_vgprs = 0, c_vgprs = 0;
  int index = -1;                 // sparse forms only
  int scale_a = -1, scale_b = -1; // scaled forms only: the scale VGPRs' words
};
// The same as execute on registers (tied form: D starts as C), with the operands and D in
// lane-major order: d[l * d_vgprs + v]. No VGPR-major copies are made.
void execute_lanes(Issue const&, LaneWords const&, uint32_t* d);

// --- matrices -------------------------------------------------------------------------------------
// The scale operands of the scaled MFMA: SA is M x K/32 (the E8M0 byte of row i of A for K block
// q), SB is K/32 x N (column j of B), one block each.
struct ScaleMatrices {
  Matrix a, b;
};
// A, B, C as the default (unmodified) layout holds them; data-moving modifiers (CBSZ/ABID, BLGP,
// index set, OPSEL) act as on the registers. Sparse forms: `a` is the compressed A (M x K/2) and
// `index` its 2-bit positions (M x K/2). Multi-block: blocks in Matrix::blocks.
// Scaled forms need `scales`.
Matrix execute(Issue const&, Matrix const& a, Matrix const& b, Matrix const& c, Matrix const* index = nullptr,
               ScaleMatrices const* scales = nullptr);
// The same into d, reusing its storage (no allocation once d has the shape); d may be c.
void execute(Issue const&, Matrix const& a, Matrix const& b, Matrix const& c, Matrix const* index, Matrix& d,
             ScaleMatrices const* scales = nullptr);

// Scatter a matrix into / gather it from registers through the default layout of an operand.
Registers to_registers(Issue const&, isa::Operand, Matrix const&, Registers base = {});
Matrix from_registers(Issue const&, isa::Operand, Registers const&);

// --- sparse A -----------------------------------------------------------------------------------
struct CompressedA {
  Matrix values; // M x K/2 stored values
  Matrix index;  // M x K/2 positions 0..3 within each group of four
};
// Compresses a logical dense M x K A; error message if a group of four has more than two non-zero
// (±0 count as zero) elements. Groups with fewer non-zeros store zeros at the lowest free positions,
// so idx0 < idx1 always.
std::variant<CompressedA, std::string> compress_2to4(isa::Instruction const&, Matrix const& dense);
// The same for a dense A of any M x K (K a multiple of 4) with elements of type `a` (a whole
// product's A, wavemma.matmul).
std::variant<CompressedA, std::string> compress_2to4(numeric::Format a, Matrix const& dense);
Matrix expand_2to4(isa::Instruction const&, CompressedA const&);

// --- explanation ----------------------------------------------------------------------------------
// The products of one D element in hardware order, each with its operand positions and values, and
// the engine's step-by-step trace; the last line gives the result.
std::vector<std::string> explain(Issue const&, Matrix const& a, Matrix const& b, Matrix const& c, Matrix const* index,
                                 int block, int row, int col, ScaleMatrices const* scales = nullptr);

} // namespace wavemma::emu
