#pragma once
// The bit fields of the 64-bit encoding families (reference/encoding.md §2, §3), as data.
// Bits are numbered over the whole instruction: D0 is bits 31:0, D1 is bits 63:32; the bytes are
// stored little-endian, D0 first.

#include "wavemma/isa/types.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace wavemma::codec {

enum class Field : uint8_t {
  kVdst,
  kNegHi,    // VOP3P
  kOpSel,    // VOP3P (gfx12 SWMMAC: index_key in bits 1:0)
  kOpSelHi2, // VOP3P: OP_SEL_HI[2]
  kClamp,    // VOP3P
  kCbsz,     // VOP3P-MAI
  kAbid,     // VOP3P-MAI
  kAccCd,    // VOP3P-MAI: D and C are AccVGPRs
  kOp,
  kEncoding,
  kSrc0,
  kSrc1,
  kSrc2,
  kOpSelHi01, // VOP3P: OP_SEL_HI[1:0]
  kNeg,       // VOP3P: NEG (neg_lo)
  kAcc,       // VOP3P-MAI: bit 0 = A, bit 1 = B are AccVGPRs
  kBlgp,      // VOP3P-MAI (f64: neg:[A,B,C])
  kCount,
};

struct BitField {
  Field field;
  uint8_t lo; // lowest bit in the 64-bit word
  uint8_t width;
  std::string_view name; // as the ISA guides spell it
};

struct EncodingFamily {
  std::string_view name;            // "VOP3P", "VOP3P-MAI"
  uint32_t encoding;                // value of the ENCODING field, D0[31:23] (gfx1250: D0[31:24])
  std::span<BitField const> fields; // in bit order, covering all 64 bits
};

EncodingFamily const& vop3p();     // gfx11, gfx12 WMMA/SWMMAC
EncodingFamily const& vop3p_mai(); // gfx942 MFMA/SMFMAC
// VOP3P of the CDNA generations: the fields of gfx11/gfx12 VOP3P under VOP3P-MAI's ENCODING
// (0x1A7; opcodes below 0x40). Here only gfx950's v_mfma_ld_scale_b32, the scaled MFMA's prefix.
EncodingFamily const& vop3p_cdna();
// gfx1250's VOP3P: OP is 8 bits (D0[23:16], opcodes up to 0x88), ENCODING D0[31:24] = 0xCC -- the
// same bits as gfx12's 0x198 in D0[31:23] wherever OP < 0x80 (reference/gfx1250.md §3.1).
EncodingFamily const& vop3p_gfx1250();
EncodingFamily const& family_of(isa::Generation);

// All field values of one word, indexed by Field; fields a family lacks stay 0.
using FieldValues = std::array<uint32_t, static_cast<size_t>(Field::kCount)>;
FieldValues unpack(EncodingFamily const&, uint64_t word);
uint64_t pack(EncodingFamily const&, FieldValues const&); // values are masked to their widths

inline uint32_t& at(FieldValues& v, Field f) { return v[static_cast<size_t>(f)]; }
inline uint32_t at(FieldValues const& v, Field f) { return v[static_cast<size_t>(f)]; }

} // namespace wavemma::codec
