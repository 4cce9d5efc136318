// The field tables of VOP3P and VOP3P-MAI (reference/encoding.md §2, §3), one row per field.

#include "wavemma/codec/fields.hpp"

namespace wavemma::codec {
namespace {

using enum Field;

// clang-format off
constexpr BitField kVop3pFields[] = {
//  field        lo  width  name                 bits (ISA numbering)
  {kVdst,         0,  8,   "VDST"},           // D0[7:0]
  {kNegHi,        8,  3,   "NEG_HI"},         // D0[10:8]
  {kOpSel,       11,  3,   "OP_SEL"},         // D0[13:11]
  {kOpSelHi2,    14,  1,   "OP_SEL_HI[2]"},   // D0[14]
  {kClamp,       15,  1,   "CLAMP"},          // D0[15]
  {kOp,          16,  7,   "OP"},             // D0[22:16]
  {kEncoding,    23,  9,   "ENCODING"},       // D0[31:23] = 0x198
  {kSrc0,        32,  9,   "SRC0"},           // D1[8:0]
  {kSrc1,        41,  9,   "SRC1"},           // D1[17:9]
  {kSrc2,        50,  9,   "SRC2"},           // D1[26:18]
  {kOpSelHi01,   59,  2,   "OP_SEL_HI[1:0]"}, // D1[28:27]
  {kNeg,         61,  3,   "NEG"},            // D1[31:29]
};

// gfx1250: the same fields with an 8-bit OP (opcodes from 0x80 set D0[23]) under an 8-bit ENCODING.
constexpr BitField kVop3pGfx1250Fields[] = {
//  field        lo  width  name                 bits (ISA numbering)
  {kVdst,         0,  8,   "VDST"},           // D0[7:0]
  {kNegHi,        8,  3,   "NEG_HI"},         // D0[10:8]
  {kOpSel,       11,  3,   "OP_SEL"},         // D0[13:11]
  {kOpSelHi2,    14,  1,   "OP_SEL_HI[2]"},   // D0[14]
  {kClamp,       15,  1,   "CLAMP"},          // D0[15]
  {kOp,          16,  8,   "OP"},             // D0[23:16]
  {kEncoding,    24,  8,   "ENCODING"},       // D0[31:24] = 0xCC
  {kSrc0,        32,  9,   "SRC0"},           // D1[8:0]
  {kSrc1,        41,  9,   "SRC1"},           // D1[17:9]
  {kSrc2,        50,  9,   "SRC2"},           // D1[26:18]
  {kOpSelHi01,   59,  2,   "OP_SEL_HI[1:0]"}, // D1[28:27]
  {kNeg,         61,  3,   "NEG"},            // D1[31:29]
};

constexpr BitField kVop3pMaiFields[] = {
//  field        lo  width  name                 bits (ISA numbering)
  {kVdst,         0,  8,   "VDST"},           // D0[7:0]
  {kCbsz,         8,  3,   "CBSZ"},           // D0[10:8]
  {kAbid,        11,  4,   "ABID"},           // D0[14:11]
  {kAccCd,       15,  1,   "ACC_CD"},         // D0[15]
  {kOp,          16,  7,   "OP"},             // D0[22:16]
  {kEncoding,    23,  9,   "ENCODING"},       // D0[31:23] = 0x1A7
  {kSrc0,        32,  9,   "SRC0"},           // D1[8:0]
  {kSrc1,        41,  9,   "SRC1"},           // D1[17:9]
  {kSrc2,        50,  9,   "SRC2"},           // D1[26:18]
  {kAcc,         59,  2,   "ACC"},            // D1[28:27]
  {kBlgp,        61,  3,   "BLGP"},           // D1[31:29]
};
// clang-format on

constexpr EncodingFamily kVop3p{"VOP3P", 0x198, kVop3pFields};
constexpr EncodingFamily kVop3pMai{"VOP3P-MAI", 0x1A7, kVop3pMaiFields};
constexpr EncodingFamily kVop3pCdna{"VOP3P (CDNA)", 0x1A7, kVop3pFields};
constexpr EncodingFamily kVop3pGfx1250{"VOP3P (gfx1250)", 0xCC, kVop3pGfx1250Fields};

constexpr uint64_t mask(int width) { return (uint64_t{1} << width) - 1; }

} // namespace

EncodingFamily const& vop3p() { return kVop3p; }
EncodingFamily const& vop3p_mai() { return kVop3pMai; }
EncodingFamily const& vop3p_cdna() { return kVop3pCdna; }
EncodingFamily const& vop3p_gfx1250() { return kVop3pGfx1250; }
EncodingFamily const& family_of(isa::Generation gen) {
  if (gen == isa::Generation::kGfx1250) return kVop3pGfx1250;
  return isa::is_rdna(gen) ? kVop3p : kVop3pMai;
}

FieldValues unpack(EncodingFamily const& family, uint64_t word) {
  FieldValues v{};
  for (BitField const& f : family.fields) at(v, f.field) = static_cast<uint32_t>((word >> f.lo) & mask(f.width));
  return v;
}

uint64_t pack(EncodingFamily const& family, FieldValues const& v) {
  uint64_t word = 0;
  for (BitField const& f : family.fields) word |= (at(v, f.field) & mask(f.width)) << f.lo;
  return word;
}

} // namespace wavemma::codec
