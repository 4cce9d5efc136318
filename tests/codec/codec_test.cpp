// The codec's behaviour one line per case: the assembler's rejections with their reasons, the
// decoder's, other spellings, the machine-instruction API and the field tables.

#include "wavemma/codec/codec.hpp"
#include "wavemma/codec/fields.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <set>
#include <tuple>

namespace wavemma::codec {
namespace {

using enum ErrorKind;

Target target(char const* arch, int wave) { return target_of(*isa::find_arch(arch), wave); }

// --- the assembler's rejections ------------------------------------------------------------------

struct Rejected {
  char const* arch;
  int wave;
  char const* text;
  ErrorKind kind;
  char const* reason; // a part of the message
};

// clang-format off
constexpr Rejected kRejected[] = {
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15] clamp",                    kInvalidModifier,   "clamp is not allowed on v_wmma_f32_16x16x16_f16"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_fp8_fp8 v[8:15], v[0:1], v[2:3], v[8:15] neg_lo:[1,0,0]",       kInvalidModifier,   "neg_lo[0] (A) is not allowed"},
  {"gfx1200", 32, "v_wmma_i32_16x16x16_iu8 v[8:15], v[0:1], v[2:3], v[8:15] neg_hi:[0,0,0]",           kInvalidModifier,   "takes no neg_hi"},
  {"gfx1200", 32, "v_wmma_i32_16x16x16_iu8 v[8:15], v[0:1], v[2:3], v[8:15] neg_lo:[0,0,1]",           kInvalidModifier,   "neg_lo[2] (C) is not allowed"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15] neg_lo:[2,0,0]",           kInvalidModifier,   "invalid neg_lo value 2"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15] neg_hi:[1,0,0] neg_lo:[1,0,0]", kInvalidModifier, "neg_lo must come before neg_hi"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15] neg_lo:[1,0,0] neg_lo:[1,0,0]", kInvalidModifier, "given twice"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15] op_sel:[0,0,1]",           kInvalidModifier,   "takes no op_sel"},
  {"gfx1100", 32, "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23] op_sel:[0,0,1]",        kInvalidModifier,   "takes no op_sel"},
  {"gfx1100", 32, "v_wmma_i32_16x16x16_iu8 v[8:15], v[0:3], v[4:7], v[8:15] op_sel_hi:[0,0,0]",        kInvalidModifier,   "takes no op_sel_hi"},
  {"gfx1200", 32, "v_swmmac_f32_16x16x32_f16 v[12:19], v[0:3], v[4:11], v20 index_key:2",              kInvalidModifier,   "index_key 2 out of range 0..1"},
  {"gfx1200", 32, "v_swmmac_i32_16x16x64_iu4 v[6:13], v[0:1], v[2:5], v14 index_key:1",                kInvalidModifier,   "one index set in wave32"},
  {"gfx1200", 32, "v_swmmac_f32_16x16x32_f16 v[12:19], v[0:3], v[4:11], v20 neg_lo:[0,0,1]",           kInvalidModifier,   "neg_lo[2] (C) is not allowed"},
  {"gfx942",  64, "v_mfma_f32_32x32x1_2b_f32 a[0:31], v0, v1, a[0:31] cbsz:8",                         kInvalidModifier,   "cbsz 8 out of range 0..7"},
  {"gfx942",  64, "v_mfma_f32_32x32x1_2b_f32 a[0:31], v0, v1, a[0:31] abid:16",                        kInvalidModifier,   "abid 16 out of range 0..15"},
  {"gfx942",  64, "v_mfma_f32_32x32x1_2b_f32 a[0:31], v0, v1, a[0:31] abid:1 cbsz:1",                  kInvalidModifier,   "cbsz must come before abid"},
  {"gfx942",  64, "v_mfma_f64_16x16x4_f64 v[0:7], v[8:9], v[10:11], v[0:7] blgp:1",                    kInvalidModifier,   "blgp is not supported on v_mfma_f64_16x16x4_f64"},
  {"gfx942",  64, "v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3] neg:[1,0,0]",                kInvalidModifier,   "takes no neg"},
  {"gfx942",  64, "v_smfmac_f32_16x16x32_f16 v[0:3], v[4:5], v[6:9], v10 blgp:1",                      kInvalidModifier,   "takes no blgp"},
  {"gfx942",  64, "v_mfma_f64_16x16x4_f64 v[0:7], v[8:9], v[10:11], v[0:7] neg:[0,0,0,1]",             kInvalidModifier,   "fourth element of neg must be 0"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:7], v[4:7], v[8:15]",                          kInvalidOperand,    "A (src0) of v_wmma_f32_16x16x16_f16 takes 4 in wave32"},
  {"gfx1200", 64, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15]",                          kInvalidOperand,    "takes 4 in wave64"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[250:257], v[0:3], v[4:7], v[8:15]",                       kInvalidOperand,    "register index is out of range"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], a[0:3], v[4:7], v[8:15]",                          kInvalidOperand,    "AccVGPRs (a[0:3]) do not exist on RDNA4"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], s[0:3], v[4:7], v[8:15]",                          kInvalidOperand,    "SGPRs and special registers are not accepted"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], 0x12345678",                       kInvalidOperand,    "not an inline constant"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], 65",                               kInvalidOperand,    "not an inline constant"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], 1.0, v[4:7], v[8:15]",                             kInvalidOperand,    "must be a register, not a constant"},
  {"gfx1200", 32, "v_swmmac_f32_16x16x32_f16 v[12:19], v[0:3], v[4:11], 0",                            kInvalidOperand,    "must be a register, not a constant"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], src_vccz",                         kInvalidOperand,    "cannot be src_vccz"},
  {"gfx942",  64, "v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], null",                              kInvalidOperand,    "cannot be null"},
  {"gfx942",  64, "v_mfma_f32_16x16x16_f16 v[1:4], v[4:5], v[6:7], v[1:4]",                            kInvalidOperand,    "misaligned"},
  {"gfx942",  64, "v_mfma_f32_32x32x8_f16 v[0:15], v[16:17], v[18:19], v[2:17]",                       kInvalidOperand,    "partially overlaps D v[0:15]"},
  {"gfx942",  64, "v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], a[0:3]",                            kInvalidOperand,    "same register file"},
  {"gfx942",  64, "v_smfmac_f32_16x16x32_f16 v[0:3], v[4:5], v[6:9], a10",                             kInvalidOperand,    "must be a VGPR, not a10"},
  {"gfx942",  64, "v_mfma_f32_32x32x1_2b_f32 a[226:257], v1, v3, a[226:257]",                          kInvalidOperand,    "register index is out of range"},
  {"gfx942",  64, "v_mfma_f32_16x16x16_f16 v[0:3], v[5:4], v[6:7], v[0:3]",                            kInvalidOperand,    "should not exceed"},
  {"gfx1200", 32, "v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3]",                            kUnknownInstruction,"is a gfx94x instruction, not one of gfx12"},
  {"gfx1100", 32, "v_swmmac_f32_16x16x32_f16 v[12:19], v[0:3], v[4:11], v20",                          kUnknownInstruction,"is a gfx12 instruction"},
  {"gfx1200", 32, "wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15]",                            kUnknownInstruction,"unknown instruction"},
  {"gfx942",  64, "v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7]",                                    kSyntax,            "too few operands"},
  {"gfx942",  64, "v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3] junk",                       kInvalidModifier,   "unknown modifier 'junk'"},
  {"gfx942",  64, "",                                                                                    kSyntax,            "expected an instruction mnemonic"},
  // gfx950 f8f6f4: the A/B widths follow the formats cbsz/blgp select; no abid; the scaled form
  {"gfx950",  64, "v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23] cbsz:2",          kInvalidOperand,    "A (src0) of v_mfma_f32_16x16x128_f8f6f4 takes 6 with cbsz:2 (fp6) (v[4:9])"},
  {"gfx950",  64, "v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:7], v[12:19], v[20:23] cbsz:4 blgp:3",    kInvalidOperand,    "B (src1) of v_mfma_f32_16x16x128_f8f6f4 takes 6 with blgp:3 (bf6)"},
  {"gfx950",  64, "v_mfma_f32_32x32x64_f8f6f4 v[0:15], v[16:21], v[24:31], v[32:47] cbsz:5",          kInvalidOperand,    "takes 8 with cbsz:5 (reserved: 8 registers)"},
  {"gfx950",  64, "v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:9], v[12:19], v[20:23]",                  kInvalidOperand,    "takes 8 with cbsz:0 (fp8)"},
  {"gfx950",  64, "v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23] abid:1",          kInvalidModifier,   "takes no abid modifier (it takes: cbsz blgp)"},
  {"gfx950",  64, "v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23] op_sel:[1,0,0]",  kInvalidModifier,   "takes no op_sel"},
  {"gfx950",  64, "v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, v25",       kInvalidModifier,   "unknown modifier 'v24'"},
  {"gfx950",  64, "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23]",           kSyntax,            "C, then the scales of A and B"},
  {"gfx950",  64, "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], s24, v25", kInvalidOperand,   "the A scale (prefix src0) of v_mfma_scale_f32_16x16x128_f8f6f4 must be a VGPR, not 's24'"},
  {"gfx950",  64, "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, a25", kInvalidOperand,   "the B scale (prefix src1) of v_mfma_scale_f32_16x16x128_f8f6f4 must be a VGPR, not a25"},
  {"gfx950",  64, "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], 1, v25",   kInvalidOperand,    "must be a register, not a constant"},
  {"gfx950",  64, "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v[24:25], v26", kInvalidOperand, "v[24:25] is 2 registers; the A scale (prefix src0)"},
  {"gfx950",  64, "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, v25 cbsz:1 op_sel:[1,0,0]", kInvalidModifier, "op_sel must come before cbsz"},
  {"gfx950",  64, "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, v25 abid:1", kInvalidModifier, "takes no abid modifier (it takes: op_sel op_sel_hi cbsz blgp)"},
  {"gfx950",  64, "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, v25 clamp", kInvalidModifier, "unknown modifier 'clamp'"},
  // gfx950's v_mfma_ld_scale_b32 on its own: scalar sources and inline constants, one scalar source
  {"gfx950",  64, "v_mfma_ld_scale_b32 s1, s2",                                                         kInvalidOperand,    "invalid operand (violates constant bus restrictions)"},
  {"gfx950",  64, "v_mfma_ld_scale_b32 vcc_lo, src_scc",                                                kInvalidOperand,    "violates constant bus restrictions"},
  {"gfx950",  64, "v_mfma_ld_scale_b32 v1, 0x12345",                                                    kInvalidOperand,    "literals are not accepted"},
  {"gfx950",  64, "v_mfma_ld_scale_b32 null, v1",                                                       kInvalidOperand,    "cannot be null on gfx950"},
  {"gfx950",  64, "v_mfma_ld_scale_b32 s102, v1",                                                       kInvalidOperand,    "s102 is out of range"},
  {"gfx950",  64, "v_mfma_ld_scale_b32 a1, v1",                                                         kInvalidOperand,    "must be a VGPR, not a1"},
  {"gfx950",  64, "v_mfma_ld_scale_b32 v1, v2 cbsz:1",                                                  kInvalidModifier,   "takes no cbsz modifier (it takes: op_sel op_sel_hi)"},
  {"gfx950",  64, "v_mfma_ld_scale_b32 v1",                                                             kSyntax,            "too few operands"},
  {"gfx942",  64, "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, v25",   kUnknownInstruction,"is a gfx950 instruction, not one of gfx94x"},
};
// clang-format on

class RejectedTest : public ::testing::TestWithParam<Rejected> {};

TEST_P(RejectedTest, SaysWhatIsWrong) {
  auto const& c = GetParam();
  auto const r = parse(c.text, target(c.arch, c.wave));
  ASSERT_FALSE(r) << c.text << " was accepted: " << print(*r);
  EXPECT_EQ(name(r.error().kind), name(c.kind)) << r.error().message;
  EXPECT_NE(r.error().message.find(c.reason), std::string::npos) << r.error().message;
}

INSTANTIATE_TEST_SUITE_P(Assembler, RejectedTest, ::testing::ValuesIn(kRejected));

// --- the decoder ---------------------------------------------------------------------------------

struct Decoded {
  char const* arch;
  int wave;
  char const* bytes;
  char const* text;   // nullptr: rejected
  ErrorKind kind;     // when rejected
  char const* reason; // when rejected: a part of the message; when accepted: the re-encoding
};

// clang-format off
constexpr Decoded kDecoded[] = {
  // gfx11 ignores OP_SEL_HI where op_sel_hi is no operand, and re-encodes it as ones (llvm-mc does)
  {"gfx1100", 32, "[0x10,0x00,0x40,0xcc,0x00,0x11,0x42,0x04]", "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]", kSyntax, "[0x10,0x40,0x40,0xcc,0x00,0x11,0x42,0x1c]"},
  // ... and prints it where it is one (16-bit outputs)
  {"gfx1100", 32, "[0x10,0x00,0x42,0xcc,0x00,0x11,0x42,0x04]", "v_wmma_f16_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23] op_sel_hi:[0,0,0]", kSyntax, "[0x10,0x00,0x42,0xcc,0x00,0x11,0x42,0x04]"},
  {"gfx1100", 32, "[0x10,0x78,0x42,0xcc,0x00,0x11,0x42,0x1c]", "v_wmma_f16_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23] op_sel:[1,1,1]", kSyntax, "[0x10,0x78,0x42,0xcc,0x00,0x11,0x42,0x1c]"},
  {"gfx1100", 32, "[0x10,0x40,0x40,0xcc,0x00,0x11,0xe2,0x1b]", "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], 0.15915494309189532", kSyntax, "[0x10,0x40,0x40,0xcc,0x00,0x11,0xe2,0x1b]"},
  {"gfx1100", 64, "[0x10,0x40,0x40,0xcc,0x00,0x11,0xe2,0x1b]", "v_wmma_f32_16x16x16_f16 v[16:19], v[0:7], v[8:15], 0.15915494", kSyntax, "[0x10,0x40,0x40,0xcc,0x00,0x11,0xe2,0x1b]"},
  {"gfx1200", 32, "[0x08,0x40,0x40,0xcc,0x00,0x09,0xf2,0x19]", "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], null", kSyntax, "[0x08,0x40,0x40,0xcc,0x00,0x09,0xf2,0x19]"},
  {"gfx1200", 64, "[0x04,0x40,0x42,0xcc,0x00,0x05,0xf6,0x1b]", "v_wmma_f16_16x16x16_f16 v[4:5], v[0:1], v[2:3], src_scc", kSyntax, "[0x04,0x40,0x42,0xcc,0x00,0x05,0xf6,0x1b]"},
  {"gfx942",  64, "[0x00,0xff,0xc0,0xd3,0x00,0x41,0x92,0xfd]", "v_mfma_f32_32x32x1_2b_f32 a[0:31], a0, a32, a[100:131] cbsz:7 abid:15 blgp:7", kSyntax, "[0x00,0xff,0xc0,0xd3,0x00,0x41,0x92,0xfd]"},
  {"gfx942",  64, "[0x00,0x00,0xef,0xd3,0x02,0x09,0xe2,0x03]", "v_mfma_f64_4x4x4_4b_f64 v[0:1], v[2:3], v[4:5], 0.15915494309189532", kSyntax, "[0x00,0x00,0xef,0xd3,0x02,0x09,0xe2,0x03]"},
  {"gfx942",  64, "[0x00,0x00,0xe4,0xd3,0x10,0x25,0x16,0x04]", "v_smfmac_f32_32x32x16_f16 v[0:15], v[16:17], v[18:21], v5", kSyntax, "[0x00,0x00,0xe4,0xd3,0x10,0x25,0x16,0x04]"},
  // rejected as llvm-mc's disassembler does ("invalid instruction encoding")
  {"gfx1200", 32, "[0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x04]", nullptr, kInvalidEncoding, "OP_SEL_HI must be all ones on gfx12"},
  {"gfx1200", 32, "[0x08,0xc0,0x40,0xcc,0x00,0x09,0x22,0x1c]", nullptr, kInvalidEncoding, "clamp is not allowed"},
  {"gfx1200", 32, "[0x08,0x40,0x44,0xcc,0x00,0x05,0x22,0x9c]", nullptr, kInvalidEncoding, "neg_lo[2] (C) is not allowed"},
  {"gfx1200", 32, "[0x08,0x50,0x50,0xcc,0x00,0x09,0x52,0x1c]", nullptr, kInvalidEncoding, "index_key 2 out of range 0..1"},
  {"gfx1100", 32, "[0x10,0x60,0x40,0xcc,0x00,0x11,0x42,0x1c]", nullptr, kInvalidEncoding, "takes no op_sel"},
  {"gfx1100", 32, "[0x10,0x40,0x40,0xcc,0x00,0x11,0xae,0x1b]", nullptr, kInvalidEncoding, "only as a 2-register C"},
  {"gfx942",  64, "[0x00,0x00,0xe2,0xd3,0x04,0x0d,0x2a,0x24]", nullptr, kInvalidEncoding, "BLGP must be 0"},
  // printed by llvm-mc but rejected by its assembler: rejected
  {"gfx1200", 32, "[0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x18]", nullptr, kInvalidOperand,  "SRC2 holds SGPR s8"},
  {"gfx1200", 32, "[0x08,0x40,0x40,0xcc,0x7c,0x08,0x22,0x1c]", nullptr, kInvalidOperand,  "SRC0 holds null"},
  {"gfx1200", 32, "[0xfa,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c]", nullptr, kInvalidOperand,  "v[250:257] is out of range"},
  {"gfx942",  64, "[0x01,0x00,0xcd,0xd3,0x04,0x0d,0x06,0x04]", nullptr, kInvalidOperand,  "misaligned"},
  {"gfx942",  64, "[0x00,0x00,0xcc,0xd3,0x04,0x0d,0x0a,0x04]", nullptr, kInvalidOperand,  "partially overlaps"},
  {"gfx942",  64, "[0x00,0x00,0xcd,0xd3,0x04,0x0d,0xf6,0x01]", nullptr, kInvalidOperand,  "SRC2 holds null"},
  {"gfx1200", 32, "[0x08,0x40,0x40,0xcc,0x00,0x09,0xfe,0x1b]", nullptr, kInvalidOperand,  "a literal constant"},
  // not ours
  {"gfx942",  64, "[0x00,0x00,0xd3,0xd3,0x04,0x0d,0x02,0x04]", nullptr, kNotMatrix,       "VOP3P-MAI opcode 0x53 is not a matrix instruction"},
  {"gfx942",  64, "[0x00,0x00,0xd8,0xd3,0x04,0x0d,0x02,0x04]", nullptr, kNotMatrix,       "opcode 0x58"},
  {"gfx1200", 32, "[0x00,0x40,0x0e,0xcc,0x00,0x09,0x22,0x1c]", nullptr, kNotMatrix,       "VOP3P opcode 0x0e"},
  {"gfx1200", 32, "[0x00,0x00,0x80,0xbf,0x00,0x00,0x80,0xbf]", nullptr, kNotMatrix,       "not a VOP3P instruction"},
  {"gfx1200", 32, "[0x08,0x40,0x40,0xcc]",                      nullptr, kTruncated,       "8 bytes (16 for a scaled MFMA), got 4"},
  // gfx950 f8f6f4: the A/B tuples sized from cbsz/blgp
  {"gfx950",  64, "[0x00,0x04,0xae,0xd3,0x10,0x31,0x82,0x64]", "v_mfma_f32_32x32x64_f8f6f4 v[0:15], v[16:19], v[24:29], v[32:47] cbsz:4 blgp:3", kSyntax, "[0x00,0x04,0xae,0xd3,0x10,0x31,0x82,0x64]"},
  {"gfx950",  64, "[0x00,0x07,0xad,0xd3,0x04,0x19,0x52,0xe4]", "v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23] cbsz:7 blgp:7", kSyntax, "[0x00,0x07,0xad,0xd3,0x04,0x19,0x52,0xe4]"},
  // the scaled MFMA: a v_mfma_ld_scale_b32 prefix, then the MFMA word with ABID = 1; the prefix's
  // VDST, NEG, NEG_HI, CLAMP, OP_SEL[2], OP_SEL_HI[2] and SRC2 are ignored, as llvm-mc does
  {"gfx950",  64, "[0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x18,0x00,0x08,0xad,0xd3,0x04,0x19,0x52,0x04]", "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v1, v2 op_sel_hi:[1,1,0]", kSyntax, "[0x00,0x00,0xac,0xd3,0x01,0x05,0x02,0x18,0x00,0x08,0xad,0xd3,0x04,0x19,0x52,0x04]"},
  {"gfx950",  64, "[0x05,0xff,0xac,0xd3,0x18,0x33,0xfe,0xe7,0x00,0x08,0xad,0xd3,0x04,0x19,0x52,0x04]", "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, v25 op_sel:[1,1,0] op_sel_hi:[0,0,0]", kSyntax, "[0x00,0x18,0xac,0xd3,0x18,0x33,0x02,0x00,0x00,0x08,0xad,0xd3,0x04,0x19,0x52,0x04]"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0x00,0x88,0xad,0xd3,0x04,0x19,0x52,0x1c]", "v_mfma_scale_f32_16x16x128_f8f6f4 a[0:3], a[4:11], a[12:19], a[20:23], v24, v25 op_sel_hi:[0,0,0]", kSyntax, "[0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0x00,0x88,0xad,0xd3,0x04,0x19,0x52,0x1c]"},
  {"gfx950",  64, "[0x80,0x07,0xae,0xd3,0x00,0xf5,0x03,0x9e]", nullptr, kInvalidEncoding, "SRC1 holds a[250:257]: llvm-mc-22's disassembler forms no 8-register operand"},
  {"gfx950",  64, "[0x80,0x07,0xae,0xd3,0x00,0xf5,0x03,0x86]", "v_mfma_f32_32x32x64_f8f6f4 v[128:143], v[0:7], v[250:253], v[128:143] cbsz:7 blgp:4", kSyntax, "[0x80,0x07,0xae,0xd3,0x00,0xf5,0x03,0x86]"},
  {"gfx950",  64, "[0x00,0x08,0xad,0xd3,0x04,0x19,0x52,0x04]", nullptr, kInvalidEncoding, "ABID = 1: v_mfma_f32_16x16x128_f8f6f4 has no ABID"},
  {"gfx950",  64, "[0x00,0x10,0xad,0xd3,0x04,0x19,0x52,0x04]", nullptr, kInvalidEncoding, "ABID = 2"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0x00,0x08,0xad,0xd3,0x04,0x19,0x52,0x00]", nullptr, kInvalidOperand, "SRC2 holds SGPR s20"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0x32,0x02,0x00,0x00,0x08,0xad,0xd3,0x04,0x19,0x52,0x04]", nullptr, kInvalidOperand, "the prefix's SRC0 (scale A) holds SGPR s24; v_mfma_scale_f32_16x16x128_f8f6f4 takes VGPRs there only"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0xe5,0x01,0x00,0x00,0x08,0xad,0xd3,0x04,0x19,0x52,0x04]", nullptr, kInvalidOperand, "the prefix's SRC1 (scale B) holds the inline constant 1.0"},
  // llvm-mc decodes the prefix on its own (8 bytes), then the next word
  {"gfx950",  64, "[0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x18]",  "v_mfma_ld_scale_b32 v1, v2", kSyntax, "[0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x18]"},
  {"gfx950",  64, "[0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x18,0x00,0x00,0xad,0xd3,0x04,0x19,0x52,0x04]", "v_mfma_ld_scale_b32 v1, v2", kSyntax, "[0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x18]"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0x00,0x18,0xad,0xd3,0x04,0x19,0x52,0x04]", "v_mfma_ld_scale_b32 v24, v25 op_sel_hi:[0,0]", kSyntax, "[0x00,0x40,0xac,0xd3,0x18,0x33,0x02,0x00]"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0x00,0x08,0xcd,0xd3,0x04,0x0d,0x02,0x04]", "v_mfma_ld_scale_b32 v24, v25 op_sel_hi:[0,0]", kSyntax, "[0x00,0x40,0xac,0xd3,0x18,0x33,0x02,0x00]"},
  {"gfx950",  64, "[0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x18,0x01,0x01,0x02,0x7e,0x00,0x00,0x80,0xbf]", "v_mfma_ld_scale_b32 v1, v2", kSyntax, "[0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x18]"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0x00,0x08,0xad,0xd3,0x04,0x19,0xf6,0x03]", "v_mfma_ld_scale_b32 v24, v25 op_sel_hi:[0,0]", kSyntax, "[0x00,0x40,0xac,0xd3,0x18,0x33,0x02,0x00]"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0x00,0x08,0xad,0xd3,0x64,0x18,0x52,0x04]", "v_mfma_ld_scale_b32 v24, v25 op_sel_hi:[0,0]", kSyntax, "[0x00,0x40,0xac,0xd3,0x18,0x33,0x02,0x00]"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0xfc,0x88,0xae,0xd3,0x04,0x19,0x52,0x04]", "v_mfma_ld_scale_b32 v24, v25 op_sel_hi:[0,0]", kSyntax, "[0x00,0x40,0xac,0xd3,0x18,0x33,0x02,0x00]"},
  // alone: NEG_HI[1:0], NEG[1:0], OP_SEL_HI[2] and SRC2 ignored; VDST, NEG_HI[2], OP_SEL[2], CLAMP, NEG[2] invalid
  {"gfx950",  64, "[0x00,0x13,0xac,0xd3,0x6a,0xe4,0xfd,0x77]",  "v_mfma_ld_scale_b32 vcc_lo, 1.0 op_sel:[0,1] op_sel_hi:[0,1]", kSyntax, "[0x00,0x50,0xac,0xd3,0x6a,0xe4,0x01,0x10]"},
  {"gfx950",  64, "[0x05,0x40,0xac,0xd3,0x01,0x05,0x02,0x18]",  nullptr, kInvalidEncoding, "VDST is set: v_mfma_ld_scale_b32 on its own has 0 there"},
  {"gfx950",  64, "[0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x98]",  nullptr, kInvalidEncoding, "NEG[2] is set"},
  {"gfx950",  64, "[0x00,0x60,0xac,0xd3,0x01,0x05,0x02,0x18]",  nullptr, kInvalidEncoding, "OP_SEL[2] is set"},
  {"gfx950",  64, "[0x00,0x40,0xac,0xd3,0xd1,0x04,0x02,0x18]",  nullptr, kInvalidEncoding, "the prefix's SRC0 holds source 209"},
  {"gfx950",  64, "[0x00,0x40,0xac,0xd3,0x01,0x04,0x00,0x18]",  nullptr, kInvalidOperand,  "violates constant bus restrictions"},
  {"gfx950",  64, "[0x00,0x40,0xac,0xd3,0x7d,0x04,0x02,0x18]",  nullptr, kInvalidOperand,  "cannot be null on gfx950"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0x00,0x08,0xad,0xd3,0x60,0x18,0x52,0x04]", nullptr, kInvalidOperand, "SRC0 holds SGPR s96"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0xfc,0x08,0xae,0xd3,0x04,0x19,0x52,0x04]", nullptr, kInvalidOperand, "v[252:267] is out of range"},
  {"gfx942",  64, "[0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x18,0x00,0x08,0xad,0xd3,0x04,0x19,0x52,0x04]", nullptr, kNotMatrix, "VOP3P-MAI opcode 0x2c is not a matrix instruction of gfx94x"},
};
// clang-format on

class DecodedTest : public ::testing::TestWithParam<Decoded> {};

TEST_P(DecodedTest, AsLlvmMc) {
  auto const& c = GetParam();
  auto const bytes = parse_bytes(c.bytes);
  ASSERT_TRUE(bytes);
  auto const mi = decode(*bytes, target(c.arch, c.wave));
  if (!c.text) {
    ASSERT_FALSE(mi) << c.bytes << " decoded: " << print(*mi);
    EXPECT_EQ(name(mi.error().kind), name(c.kind)) << mi.error().message;
    EXPECT_NE(mi.error().message.find(c.reason), std::string::npos) << mi.error().message;
    return;
  }
  ASSERT_TRUE(mi) << mi.error().message;
  EXPECT_EQ(print(*mi), c.text);
  EXPECT_EQ(format_bytes(encode(*mi).value()), c.reason);
}

INSTANTIATE_TEST_SUITE_P(Disassembler, DecodedTest, ::testing::ValuesIn(kDecoded));

// --- other spellings llvm-mc accepts (the oracle test compares many more)
// ---------------------------

struct Spelling {
  char const* arch;
  int wave;
  char const* text;
  char const* canonical;
};

// clang-format off
constexpr Spelling kSpellings[] = {
  {"gfx942",  64, "v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] cbsz:1 abid:1 blgp:3",   "v_mfma_f32_32x32x1_2b_f32 a[0:31], v0, v1, a[0:31] cbsz:1 abid:1 blgp:3"},
  {"gfx942",  64, "V_MFMA_F32_16X16X8XF32_e64 acc[0:3], acc[4:5], v[6:7], acc[0:3]",        "v_mfma_f32_16x16x8_xf32 a[0:3], a[4:5], v[6:7], a[0:3]"},
  {"gfx942",  64, "v_mfma_f64_16x16x4_f64 v[0:7], v[8:9], v[10:11], 0x3ff0000000000000 neg:[1,1]", "v_mfma_f64_16x16x4_f64 v[0:7], v[8:9], v[10:11], 1.0 neg:[1,1,0]"},
  {"gfx942",  64, "v_mfma_f32_16x16x16_f16 v[0:3],v[4:5],v[6:7],0x3e22f983 cbsz : [2] abid:010", "v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], 0.15915494 cbsz:2 abid:8"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15] neg_lo:[1,0] neg_hi:[1] // c", "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15] neg_lo:[1,0,0] neg_hi:[1,0,0]"},
  {"gfx1200", 32, "v_wmma_f16_16x16x16_f16 v[8:11], v[0:3], v[4:7], 0x3c00 ; comment",     "v_wmma_f16_16x16x16_f16 v[8:11], v[0:3], v[4:7], 1.0"},
  {"gfx1200", 32, "v_wmma_bf16_16x16x16_bf16 v[8:11], v[0:3], v[4:7], 0x3e22",              "v_wmma_bf16_16x16x16_bf16 v[8:11], v[0:3], v[4:7], 0.15915494"},
  {"gfx1200", 32, "v_wmma_i32_16x16x16_iu8 v[8:15], v[0:1], v[2:3], 0xffffffff",            "v_wmma_i32_16x16x16_iu8 v[8:15], v[0:1], v[2:3], -1"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], - 0x10",                "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], -16"},
  {"gfx1200", 32, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], 1.401298464324817e-45", "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], 1"},
  {"gfx1200", 32, "v_swmmac_f32_16x16x32_f16 v[12:19], v[0:3], v[4:11], v[20:20] index_key:0b1", "v_swmmac_f32_16x16x32_f16 v[12:19], v[0:3], v[4:11], v20 index_key:1"},
  {"gfx1100", 32, "v_wmma_f16_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23] op_sel:[1,1,1,1] op_sel_hi:[0]", "v_wmma_f16_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23] op_sel:[1,1,1] op_sel_hi:[0,0,0]"},
  {"gfx1100", 32, "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], shared_base",         "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], src_shared_base"},
};
// clang-format on

class SpellingTest : public ::testing::TestWithParam<Spelling> {};

TEST_P(SpellingTest, PrintsCanonically) {
  auto const& c = GetParam();
  auto const mi = parse(c.text, target(c.arch, c.wave));
  ASSERT_TRUE(mi) << mi.error().message;
  EXPECT_EQ(print(*mi), c.canonical);
  auto const again = assemble(c.canonical, target(c.arch, c.wave));
  EXPECT_EQ(again.ok(), print_reparses(*mi)) << c.canonical;
  if (again) EXPECT_EQ(format_bytes(*again), format_bytes(encode(*mi).value()));
}

INSTANTIATE_TEST_SUITE_P(Assembler, SpellingTest, ::testing::ValuesIn(kSpellings));

// llvm-mc prints the gfx12 bf16 C constant 1/(2pi) as 0.15915494, which its assembler reads as bf16
// 0x3e23 and rejects; wavemma does the same and says so.
TEST(Printer, Bf16InverseTwoPiDoesNotReadBack) {
  Target const t = target("gfx1201", 32);
  auto const mi = decode(parse_bytes("[0x08,0x40,0x43,0xcc,0x00,0x09,0xe2,0x1b]").value(), t);
  ASSERT_TRUE(mi);
  EXPECT_EQ(print(*mi), "v_wmma_bf16_16x16x16_bf16 v[8:11], v[0:3], v[4:7], 0.15915494");
  EXPECT_FALSE(print_reparses(*mi));
  EXPECT_FALSE(parse(print(*mi), t));
  EXPECT_TRUE(print_reparses(parse("v_wmma_f16_16x16x16_f16 v[8:11], v[0:3], v[4:7], 0.15915494", t).value()));
}

// --- the machine-instruction API
// -------------------------------------------------------------------

TEST(MachineInstruction, EncodesWhatItHolds) {
  MachineInstruction mi;
  mi.row = isa::find_instruction(isa::Generation::kGfx94x, "v_mfma_f32_32x32x1_2b_f32");
  mi.wave = 64;
  mi.vdst = Operand::agpr(0);
  mi.src0 = Operand::vgpr(0);
  mi.src1 = Operand::vgpr(1);
  mi.src2 = Operand::agpr(0);
  mi.mods.cbsz = 1;
  mi.mods.abid = 1;
  mi.mods.blgp = 3;
  EXPECT_EQ(format_bytes(encode(mi).value()), "[0x00,0x89,0xc0,0xd3,0x00,0x03,0x02,0x64]");
  EXPECT_EQ(print(mi), "v_mfma_f32_32x32x1_2b_f32 a[0:31], v0, v1, a[0:31] cbsz:1 abid:1 blgp:3");
  mi.mods.fp16_ovfl = true;
  EXPECT_FALSE(encode(mi));
  mi.mods.fp16_ovfl = false;
  mi.mods.neg_lo[0] = true;
  EXPECT_FALSE(encode(mi));
  mi.mods.neg_lo[0] = false;
  mi.src2 = Operand::constant(209); // between -16 and 0.5: no inline constant
  EXPECT_NE(encode(mi).error().message.find("not an inline constant"), std::string::npos);
  mi.row = nullptr;
  EXPECT_FALSE(encode(mi));
}

// Every row encodes with low registers and decodes back; decoding is keyed by (family, opcode),
// the scale prefix and ABID. The f8f6f4 rows: every cbsz x blgp (gfx1250: matrix_a_fmt x
// matrix_b_fmt), each tuple as wide as its format.
bool gfx1250(isa::Instruction const& row) { return row.gen == isa::Generation::kGfx1250; }

TEST(MachineInstruction, EveryRowRoundTrips) {
  for (auto const& row : isa::catalog())
    for (int wave : row.wave_sizes()) {
      int const codes = row.mod_rules().format_select ? (gfx1250(row) ? 5 : 8) : 1;
      for (int code = 0; code < codes * codes; ++code) {
        MachineInstruction mi;
        mi.row = &row;
        mi.wave = wave;
        mi.vdst = Operand::vgpr(64);
        mi.src0 = Operand::vgpr(0);
        mi.src1 = Operand::vgpr(16);
        mi.src2 = row.sparse() ? Operand::vgpr(40) : Operand::vgpr(64);
        if (row.gen == isa::Generation::kGfx908) mi.vdst.file = mi.src2.file = RegFile::kAgpr; // no VGPR C/D
        if (row.mod_rules().scaled && !gfx1250(row)) {
          mi.scale_a = Operand::vgpr(100);
          mi.scale_b = Operand::vgpr(101);
          mi.mods.scale_sel = {code % 4, code / 4 % 4};
        }
        if (row.mod_rules().scaled && gfx1250(row)) { // scale16: pairs; rows, formats, reuse
          mi.scale_a = Operand::vgpr(100);
          mi.scale_b = Operand::sgpr(4);
          mi.mods.scale_sel = {code % 2, code / 2 % 2};
          mi.mods.scale_fmt = {code % 3, code / 3 % 3};
          mi.mods.reuse = {code % 2 == 1, code % 3 == 1};
        }
        if (gfx1250(row)) {
          mi.mods.matrix_fmt =
              row.mod_rules().format_select ? std::array{code % codes, code / codes} : std::array{0, 0};
          if (row.sparse()) mi.mods.index_key = code % 2 && !row.gfx12_form();
        } else {
          mi.mods.cbsz = code % codes;
          mi.mods.blgp = code / codes;
        }
        std::string const what = fmt::format("{} wave{} code {}", row.mnemonic, wave, code);
        auto const bytes = encode(mi);
        ASSERT_TRUE(bytes) << what << ": " << bytes.error().message;
        EXPECT_EQ(bytes->size(), static_cast<size_t>(size_of(mi))) << what;
        auto const back = decode(*bytes, mi.target());
        ASSERT_TRUE(back) << what << ": " << back.error().message;
        EXPECT_TRUE(*back == mi) << what;
        // SWMMAC: VDST is also C, as wide as C (gfx1250 bf16f32: 8 registers, D itself 4)
        EXPECT_EQ(slot_width(row, wave, Slot::kVdst),
                  isa::vgprs(row, wave, row.sparse() ? isa::Operand::kC : isa::Operand::kD));
        EXPECT_EQ(slot_width(mi, Slot::kSrc0), isa::vgprs(row, wave, isa::Operand::kA, mi.mods)) << what;
        EXPECT_EQ(slot_width(mi, Slot::kSrc1), isa::vgprs(row, wave, isa::Operand::kB, mi.mods)) << what;
      }
    }
}

// The formats' widths as llvm-mc-22 has them: 8 VGPRs for fp8/bf8 (and the reserved codes 5..7),
// 6 for fp6/bf6, 4 for fp4.
TEST(MachineInstruction, F8f6f4WidthsFollowTheFormats) {
  constexpr int kWidths[] = {8, 8, 6, 6, 4, 8, 8, 8};
  for (auto const& row : isa::catalog()) {
    if (!row.mod_rules().format_select || gfx1250(row)) continue;
    for (int code = 0; code < 8; ++code) {
      isa::Modifiers m;
      m.cbsz = m.blgp = code;
      EXPECT_EQ(slot_width(row, 64, Slot::kSrc0, m), kWidths[code]) << row.mnemonic << " cbsz " << code;
      EXPECT_EQ(slot_width(row, 64, Slot::kSrc1, m), kWidths[code]) << row.mnemonic << " blgp " << code;
    }
    EXPECT_EQ(slot_width(row, 64, Slot::kScaleA), row.mod_rules().scaled ? 1 : 0) << row.mnemonic;
    EXPECT_EQ(slots_of(row).size(), row.mod_rules().scaled ? 6u : 4u) << row.mnemonic;
  }
}

// One row per (family, generation, opcode) among the one-word rows and among the scaled rows; the
// MFMA word of each scaled row is the opcode of its unscaled twin (same shape), which decoding
// relies on.
TEST(MachineInstruction, OpcodesAreUniquePerFamily) {
  std::set<std::tuple<int, int, int, bool>> seen;
  for (auto const& row : isa::catalog()) {
    bool const scaled = row.mod_rules().scaled;
    // gfx1250: scale and scale16 share the WMMA word's opcode; their prefixes differ
    int const prefix = prefix_of(row) ? prefix_of(row)->row.opcode : -1;
    EXPECT_TRUE(seen.insert({static_cast<int>(family_of(row.gen).encoding), static_cast<int>(row.gen),
                             row.opcode | prefix << 8, scaled})
                    .second)
        << row.mnemonic;
    if (!scaled) continue;
    bool twin = false;
    for (auto const& other : isa::catalog())
      twin |= other.gen == row.gen && other.opcode == row.opcode && !other.mod_rules().scaled &&
              other.mod_rules().format_select == row.mod_rules().format_select && other.m == row.m &&
              other.n == row.n && other.k == row.k && other.a == row.a && other.b == row.b;
    EXPECT_TRUE(twin) << row.mnemonic << ": no unscaled row of its shape with its opcode";
  }
}

// gfx1250's f8f6f4 widths follow matrix_a_fmt / matrix_b_fmt: 16 VGPRs for fp8/bf8, 12 for
// fp6/bf6, 8 for fp4 [DOC: llvm-mc-22, "wrong register tuple size for MATRIX_FMT_FP6"]; the scale
// operands are one register (scale) or a pair (scale16); a prefix has the scales only.
TEST(MachineInstruction, Gfx1250WidthsAndPrefixes) {
  constexpr int kWidths[] = {16, 16, 12, 12, 8};
  for (auto const& row : isa::catalog()) {
    if (!gfx1250(row)) continue;
    if (row.mod_rules().format_select)
      for (int code = 0; code < 5; ++code) {
        isa::Modifiers m;
        m.matrix_fmt = {code, code};
        EXPECT_EQ(slot_width(row, 32, Slot::kSrc0, m), kWidths[code]) << row.mnemonic;
        EXPECT_EQ(slot_width(row, 32, Slot::kSrc1, m), kWidths[code]) << row.mnemonic;
      }
    bool const scale16 = row.mnemonic.starts_with("v_wmma_scale16_");
    EXPECT_EQ(slot_width(row, 32, Slot::kScaleA), row.mod_rules().scaled ? (scale16 ? 2 : 1) : 0) << row.mnemonic;
    if (!row.mod_rules().scaled) continue;
    ASSERT_NE(prefix_of(row), nullptr) << row.mnemonic;
    EXPECT_EQ(prefix_of(row)->row.mnemonic, scale16 ? "v_wmma_ld_scale16_paired_b64" : "v_wmma_ld_scale_paired_b32");
    EXPECT_EQ(size_of(row), 16);
  }
  for (auto const& p : scale_prefixes()) {
    EXPECT_EQ(slots_of(p.row).size(), 2u);
    EXPECT_EQ(size_of(p.row), 8);
    EXPECT_EQ(scale_prefix(p.row), &p);
  }
}

// Errors of gfx1250 text, one line each.
TEST(MachineInstruction, Gfx1250Rejections) {
  Target const t{isa::Generation::kGfx1250, 32};
  for (char const* bad : {
           "v_wmma_f32_16x16x128_f8f6f4 v[0:7], v[8:23], v[24:39], v[0:7] matrix_a_fmt:5",
           "v_wmma_f32_16x16x128_f8f6f4 v[0:7], v[8:19], v[24:39], v[0:7]",                // 12 VGPRs is fp6's A
           "v_wmma_f32_16x16x128_f8f6f4 v[0:7], v[8:23], v[24:39], v[0:7] matrix_a_reuse", // no reuse
           "v_wmma_f32_16x16x32_f16 v[0:7], v[8:15], v[16:23], v[0:7] matrix_b_reuse matrix_a_reuse", // order
           "v_wmma_f32_16x16x32_f16 v[1:8], v[8:15], v[16:23], v[0:7]",                               // misaligned
           "v_wmma_f32_16x16x32_f16 v[0:7], v[8:15], v[16:23], v[0:7] clamp",
           "v_swmmac_f32_16x16x64_f16 v[0:7], v[8:15], v[16:31], v32 index_key:2",
           "v_swmmac_f16_16x16x128_fp8_bf8 v[0:3], v[8:15], v[16:31], v32", // a pair
           "v_wmma_scale_f32_16x16x128_f8f6f4 v[0:7], v[8:23], v[24:39], v[0:7], v40, 0x7f7f7f7f",
           "v_wmma_scale_f32_16x16x128_f8f6f4 v[0:7], v[8:23], v[24:39], v[0:7], v40, v41 matrix_a_scale:2",
           "v_wmma_scale_f32_16x16x128_f8f6f4 v[0:7], v[8:23], v[24:39], v[0:7], v40, v41 matrix_a_scale_fmt:3",
           "v_wmma_scale16_f32_32x16x128_f4 v[0:15], v[16:31], v[32:39], v[0:15], v[3:4], v[42:43]",
           "v_wmma_scale16_f32_32x16x128_f4 v[0:15], v[16:31], v[32:39], v[0:15], s[5:6], v[42:43]",
           "v_wmma_ld_scale_paired_b32 v1, v2 neg_lo:[0,0,1]",
           "v_wmma_ld_scale_paired_b32 v1",
           "v_wmma_ld_scale_paired_b32 src_vccz, v2",
       }) {
    auto const mi = parse(bad, t);
    EXPECT_FALSE(mi) << bad << " -> " << (mi ? print(*mi) : "");
    if (!mi) EXPECT_EQ(mi.error().message.find('\n'), std::string::npos) << bad;
  }
  // A prefix word with anything but 0x100 in SRC2 or with an unassigned bit: not an instruction.
  EXPECT_TRUE(decode(parse_bytes("0x00,0x00,0x35,0xcc,0x01,0x05,0x02,0x04").value(), t));
  EXPECT_FALSE(decode(parse_bytes("0x00,0x00,0x35,0xcc,0x01,0x05,0x02,0x00").value(), t));
  EXPECT_FALSE(decode(parse_bytes("0x00,0x10,0x35,0xcc,0x01,0x05,0x02,0x04").value(), t));
  // neg_hi[0] on the f32 WMMA: llvm-mc-22 takes and prints it, and does not encode it.
  auto const f32 = parse("v_wmma_f32_16x16x4_f32 v[0:7], v[8:9], v[10:11], v[0:7] neg_hi:[1,1,1]", t);
  ASSERT_TRUE(f32);
  EXPECT_EQ(print(*f32), "v_wmma_f32_16x16x4_f32 v[0:7], v[8:9], v[10:11], v[0:7] neg_hi:[1,1,1]");
  EXPECT_EQ(format_bytes(encode(*f32).value()), "[0x00,0x04,0x5d,0xcc,0x08,0x15,0x02,0x1c]");
  EXPECT_FALSE(decodes_back(*f32));
}

// What llvm-mc-22's assembler makes and its disassembler refuses, and nothing else.
TEST(MachineInstruction, DecodesBackSaysWhichEncodingsLlvmMcRefuses) {
  Target const t = target("gfx950", 64);
  for (auto const& [text, back] : std::initializer_list<std::pair<char const*, bool>>{
           {"v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23]", true},
           {"v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], src_scc", false},
           {"v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], src_scc, v1, v2", false},
           {"v_mfma_f32_16x16x128_f8f6f4 v[0:3], a[252:255], v[12:19], v[20:23] cbsz:4", false},
           {"v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], a[250:255], v[20:23] blgp:2", false},
           {"v_mfma_f32_16x16x128_f8f6f4 v[0:3], a[248:255], v[12:19], v[20:23]", true},
           {"v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[252:255], v[12:19], v[20:23] cbsz:4", true},
           {"v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], src_scc", false}}) {
    auto const mi = parse(text, t);
    ASSERT_TRUE(mi) << text << ": " << mi.error().message;
    EXPECT_EQ(decodes_back(*mi), back) << text;
    // refused, or (a scaled form) the prefix alone, as llvm-mc-22 decodes it
    auto const again = decode(encode(*mi).value(), t);
    EXPECT_EQ(again && *again == *mi, back) << text << (again ? ": " + print(*again) : ": " + again.error().message);
  }
}

// gfx950's v_mfma_ld_scale_b32 on its own through the API: the prefix row of the scaled MFMA; scalar
// sources and constants; byte selects in mods.scale_sel (op_sel_hi [1,1] is {2,2}); one scalar source.
// Bytes: llvm-mc-22 (encoding.md §6).
TEST(MachineInstruction, MfmaScalePrefixAlone) {
  auto const* scaled = isa::find_instruction(isa::Generation::kGfx950, "v_mfma_scale_f32_16x16x128_f8f6f4");
  ASSERT_NE(scaled, nullptr);
  ScalePrefix const* p = prefix_of(*scaled);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->row.mnemonic, "v_mfma_ld_scale_b32");
  EXPECT_EQ(size_of(p->row), 8);
  MachineInstruction mi;
  mi.row = &p->row;
  mi.wave = 64;
  mi.scale_a = Operand::sgpr(1);
  mi.scale_b = Operand::constant(242);
  mi.mods.scale_sel = {3, 2};
  EXPECT_EQ(print(mi), "v_mfma_ld_scale_b32 s1, 1.0 op_sel:[1,0]");
  EXPECT_EQ(format_bytes(encode(mi).value()), "[0x00,0x48,0xac,0xd3,0x01,0xe4,0x01,0x18]");
  mi.mods.scale_sel = {0, 0};
  EXPECT_EQ(print(mi), "v_mfma_ld_scale_b32 s1, 1.0 op_sel_hi:[0,0]");
  mi.scale_b = Operand::sgpr(1);
  EXPECT_TRUE(encode(mi));
  mi.scale_b = Operand::ttmp(1);
  EXPECT_NE(encode(mi).error().message.find("violates constant bus restrictions"), std::string::npos);
  mi.scale_b = Operand::vgpr(7);
  mi.scale_a = Operand::special(125); // null: printed by llvm-mc's disassembler, not assembled
  EXPECT_FALSE(encode(mi));
  mi.scale_a = Operand::sgpr(102); // flat_scratch_lo's code, not an SGPR of gfx9
  EXPECT_FALSE(encode(mi));
}

// The scaled form through the API: the byte selects are mods.scale_sel, the scale operands VGPRs.
TEST(MachineInstruction, ScaledFormHoldsTheScales) {
  MachineInstruction mi;
  mi.row = isa::find_instruction(isa::Generation::kGfx950, "v_mfma_scale_f32_16x16x128_f8f6f4");
  ASSERT_NE(mi.row, nullptr);
  mi.wave = 64;
  mi.vdst = Operand::vgpr(0);
  mi.src0 = Operand::vgpr(4);
  mi.src1 = Operand::vgpr(12);
  mi.src2 = Operand::vgpr(20);
  mi.scale_a = Operand::vgpr(24);
  mi.scale_b = Operand::vgpr(25);
  mi.mods.scale_sel = {1, 2};
  EXPECT_EQ(format_bytes(encode(mi).value()),
            "[0x00,0x08,0xac,0xd3,0x18,0x33,0x02,0x10,0x00,0x08,0xad,0xd3,0x04,0x19,0x52,0x04]");
  EXPECT_EQ(print(mi), "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, v25 "
                       "op_sel:[1,0,0] op_sel_hi:[0,1,0]");
  mi.mods.scale_sel[1] = 4;
  EXPECT_NE(encode(mi).error().message.find("scale_sel[1] = 4 out of range 0..3"), std::string::npos);
  mi.mods.scale_sel[1] = 3;
  mi.scale_b = Operand::agpr(25);
  EXPECT_EQ(encode(mi).error().kind, kInvalidOperand);
  mi.scale_b = Operand::constant(242);
  EXPECT_EQ(encode(mi).error().kind, kInvalidOperand);
  mi.scale_b = Operand::vgpr(25);
  mi.mods.abid = 1; // ABID[0] of the MFMA word is the codec's, not a modifier
  EXPECT_EQ(encode(mi).error().kind, kInvalidModifier);

  MachineInstruction plain = mi;
  plain.row = isa::find_instruction(isa::Generation::kGfx950, "v_mfma_f32_16x16x128_f8f6f4");
  plain.mods = {};
  EXPECT_NE(encode(plain).error().message.find("has no scale operands"), std::string::npos);
  plain.scale_a = plain.scale_b = Operand{};
  EXPECT_EQ(format_bytes(encode(plain).value()), "[0x00,0x00,0xad,0xd3,0x04,0x19,0x52,0x04]");
  plain.mods.scale_sel = {1, 0};
  EXPECT_NE(encode(plain).error().message.find("has no scale operands: scale_sel"), std::string::npos);
}

// --- field tables
// ------------------------------------------------------------------------------------

TEST(Fields, EachFamilyTilesTheWord) {
  for (EncodingFamily const* family : {&vop3p(), &vop3p_mai(), &vop3p_cdna()}) {
    uint64_t covered = 0;
    int next = 0;
    for (BitField const& f : family->fields) {
      EXPECT_EQ(f.lo, next) << family->name << " " << f.name << ": fields in bit order, no gap";
      uint64_t const bits = ((f.width == 64 ? 0 : (uint64_t{1} << f.width)) - 1) << f.lo;
      EXPECT_EQ(covered & bits, 0u) << f.name;
      covered |= bits;
      next = f.lo + f.width;
    }
    EXPECT_EQ(covered, ~uint64_t{0}) << family->name;
  }
}

TEST(Fields, EncodingBitsAreTheFamilyPrefix) {
  FieldValues v{};
  at(v, Field::kEncoding) = vop3p().encoding;
  EXPECT_EQ(pack(vop3p(), v) >> 24, 0xccu); // byte 3 of a WMMA
  at(v, Field::kEncoding) = vop3p_mai().encoding;
  EXPECT_EQ(pack(vop3p_mai(), v) >> 23, 0x1a7u); // byte 3 0xd3 and D0 bit 23
  at(v, Field::kEncoding) = vop3p_cdna().encoding;
  at(v, Field::kOp) = 0x2c; // v_mfma_ld_scale_b32
  EXPECT_EQ(pack(vop3p_cdna(), v) >> 16, 0xd3acu);
  EXPECT_EQ(unpack(vop3p_mai(), 0x640203'00d3c08900ull >> 0)[static_cast<size_t>(Field::kBlgp)], 3u);
}

// --- bytes as text
// -------------------------------------------------------------------------------------

TEST(Bytes, ReadAsLlvmMcReadsThem) {
  EXPECT_EQ(format_bytes(parse_bytes("0x08,0x40, 0x40 0xcc  0x00,0x09,0x22,0x1c").value()),
            "[0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c]");
  EXPECT_EQ(parse_bytes("[0x08,0x40]").value().size(), 2u);
  EXPECT_EQ(parse_bytes("8 64 255").value().back(), 255);
  EXPECT_FALSE(parse_bytes(""));
  EXPECT_FALSE(parse_bytes("0x100"));
  EXPECT_FALSE(parse_bytes("0xcc404008 zz"));
  EXPECT_FALSE(parse_bytes("0x08,,0x40"));
  EXPECT_FALSE(parse_bytes(",0x08"));
}

} // namespace
} // namespace wavemma::codec
