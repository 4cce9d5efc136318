// The golden encodings of reference/encoding.md §6 (llvm-mc-22's own output, an independent
// oracle), one line per case: bytes, then text.

#include "support/markdown.hpp"
#include "wavemma/codec/codec.hpp"

#include <fstream>
#include <gtest/gtest.h>
#include <regex>

namespace wavemma::codec {
namespace {

struct Golden {
  char const* arch;
  int wave;
  char const* bytes;
  char const* text;
};

// clang-format off
constexpr Golden kGolden[] = {
  {"gfx1100", 32, "[0x10,0x40,0x40,0xcc,0x00,0x11,0x42,0x1c]", "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]"},
  {"gfx1100", 32, "[0x10,0x41,0x40,0xcc,0x00,0x11,0x42,0x3c]", "v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23] neg_lo:[1,0,0] neg_hi:[1,0,0]"},
  {"gfx1100", 32, "[0x10,0x40,0x41,0xcc,0x00,0x11,0xca,0x1b]", "v_wmma_f32_16x16x16_bf16 v[16:23], v[0:7], v[8:15], 1.0"},
  {"gfx1100", 32, "[0x10,0x60,0x42,0xcc,0x00,0x11,0x42,0x1c]", "v_wmma_f16_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23] op_sel:[0,0,1]"},
  {"gfx1100", 32, "[0x10,0x64,0x43,0xcc,0x00,0x11,0x42,0x9c]", "v_wmma_bf16_16x16x16_bf16 v[16:23], v[0:7], v[8:15], v[16:23] op_sel:[0,0,1] neg_lo:[0,0,1] neg_hi:[0,0,1]"},
  {"gfx1100", 32, "[0x08,0xc0,0x44,0xcc,0x00,0x09,0x22,0x7c]", "v_wmma_i32_16x16x16_iu8 v[8:15], v[0:3], v[4:7], v[8:15] neg_lo:[1,1,0] clamp"},
  {"gfx1100", 32, "[0x04,0x40,0x45,0xcc,0x00,0x05,0x12,0x5c]", "v_wmma_i32_16x16x16_iu4 v[4:11], v[0:1], v[2:3], v[4:11] neg_lo:[0,1,0]"},
  {"gfx1100", 64, "[0x10,0x40,0x40,0xcc,0x00,0x11,0x42,0x1c]", "v_wmma_f32_16x16x16_f16 v[16:19], v[0:7], v[8:15], v[16:19]"},
  {"gfx1100", 64, "[0x10,0x60,0x42,0xcc,0x00,0x11,0x42,0x1c]", "v_wmma_f16_16x16x16_f16 v[16:19], v[0:7], v[8:15], v[16:19] op_sel:[0,0,1]"},
  {"gfx1200", 32, "[0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c]", "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15]"},
  {"gfx1200", 32, "[0x08,0x47,0x40,0xcc,0x00,0x09,0x22,0xfc]", "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15] neg_lo:[1,1,1] neg_hi:[1,1,1]"},
  {"gfx1200", 32, "[0x08,0x44,0x42,0xcc,0x00,0x09,0x22,0x1c]", "v_wmma_f16_16x16x16_f16 v[8:11], v[0:3], v[4:7], v[8:11] neg_hi:[0,0,1]"},
  {"gfx1200", 32, "[0x04,0xc0,0x44,0xcc,0x00,0x05,0x12,0x7c]", "v_wmma_i32_16x16x16_iu8 v[4:11], v[0:1], v[2:3], v[4:11] neg_lo:[1,1,0] clamp"},
  {"gfx1200", 32, "[0x04,0xc0,0x45,0xcc,0x00,0x03,0x12,0x1c]", "v_wmma_i32_16x16x16_iu4 v[4:11], v0, v1, v[4:11] clamp"},
  {"gfx1200", 32, "[0x04,0x40,0x48,0xcc,0x00,0x05,0xde,0x1b]", "v_wmma_f32_16x16x16_bf8_fp8 v[4:11], v[0:1], v[2:3], -4.0"},
  {"gfx1200", 32, "[0x04,0x40,0x4a,0xcc,0x00,0x05,0x02,0x1b]", "v_wmma_i32_16x16x32_iu4 v[4:11], v[0:1], v[2:3], 64"},
  {"gfx1200", 32, "[0x0c,0x4a,0x50,0xcc,0x00,0x09,0x52,0x3c]", "v_swmmac_f32_16x16x32_f16 v[12:19], v[0:3], v[4:11], v20 index_key:1 neg_lo:[1,0,0] neg_hi:[0,1,0]"},
  {"gfx1200", 32, "[0x0c,0x40,0x53,0xcc,0x00,0x09,0x42,0x1c]", "v_swmmac_bf16_16x16x32_bf16 v[12:15], v[0:3], v[4:11], v16"},
  {"gfx1200", 32, "[0x03,0xc8,0x55,0xcc,0x00,0x03,0x2e,0x3c]", "v_swmmac_i32_16x16x32_iu4 v[3:10], v0, v[1:2], v11 index_key:1 neg_lo:[1,0,0] clamp"},
  {"gfx1200", 32, "[0x06,0x40,0x56,0xcc,0x00,0x05,0x3a,0x7c]", "v_swmmac_i32_16x16x64_iu4 v[6:13], v[0:1], v[2:5], v14 neg_lo:[1,1,0]"},
  {"gfx1200", 32, "[0x06,0x48,0x5a,0xcc,0x00,0x05,0x3a,0x1c]", "v_swmmac_f32_16x16x32_bf8_bf8 v[6:13], v[0:1], v[2:5], v14 index_key:1"},
  {"gfx1200", 64, "[0x04,0x40,0x40,0xcc,0x00,0x05,0x12,0x1c]", "v_wmma_f32_16x16x16_f16 v[4:7], v[0:1], v[2:3], v[4:7]"},
  {"gfx1200", 64, "[0x06,0x58,0x52,0xcc,0x00,0x05,0x22,0x1c]", "v_swmmac_f16_16x16x32_f16 v[6:7], v[0:1], v[2:5], v8 index_key:3"},
  {"gfx1200", 64, "[0x04,0x48,0x56,0xcc,0x00,0x05,0x22,0x1c]", "v_swmmac_i32_16x16x64_iu4 v[4:7], v0, v[2:3], v8 index_key:1"},
  {"gfx942",  64, "[0x00,0x89,0xc0,0xd3,0x00,0x03,0x02,0x64]", "v_mfma_f32_32x32x1_2b_f32 a[0:31], v0, v1, a[0:31] cbsz:1 abid:1 blgp:3"},
  {"gfx942",  64, "[0x00,0x00,0xcd,0xd3,0x04,0x0d,0x02,0x04]", "v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3]"},
  {"gfx942",  64, "[0x00,0x80,0xcd,0xd3,0x04,0x0d,0x02,0x0a]", "v_mfma_f32_16x16x16_f16 a[0:3], a[4:5], v[6:7], 0"},
  {"gfx942",  64, "[0x00,0x00,0xbe,0xd3,0x04,0x0d,0x02,0x04]", "v_mfma_f32_16x16x8_xf32 v[0:3], v[4:5], v[6:7], v[0:3]"},
  {"gfx942",  64, "[0x00,0x00,0xf5,0xd3,0x10,0x25,0x02,0x04]", "v_mfma_f32_32x32x16_bf8_fp8 v[0:15], v[16:17], v[18:19], v[0:15]"},
  {"gfx942",  64, "[0x00,0x00,0xd7,0xd3,0x04,0x0d,0x06,0x02]", "v_mfma_i32_16x16x32_i8 v[0:3], v[4:5], v[6:7], 1"},
  {"gfx942",  64, "[0x00,0x00,0xee,0xd3,0x08,0x15,0x02,0xa4]", "v_mfma_f64_16x16x4_f64 v[0:7], v[8:9], v[10:11], v[0:7] neg:[1,0,1]"},
  {"gfx942",  64, "[0x00,0x00,0xef,0xd3,0x02,0x09,0xca,0x03]", "v_mfma_f64_4x4x4_4b_f64 v[0:1], v[2:3], v[4:5], 1.0"},
  {"gfx942",  64, "[0x00,0x18,0xe2,0xd3,0x04,0x0d,0x2a,0x04]", "v_smfmac_f32_16x16x32_f16 v[0:3], v[4:5], v[6:9], v10 abid:3"},
  {"gfx942",  64, "[0x00,0x81,0xff,0xd3,0x10,0x25,0x5a,0x14]", "v_smfmac_f32_32x32x32_fp8_fp8 a[0:15], v[16:17], a[18:21], v22 cbsz:1"},
  {"gfx950",  64, "[0x00,0x00,0xad,0xd3,0x04,0x19,0x52,0x04]", "v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23]"},
  {"gfx950",  64, "[0x00,0x02,0xad,0xd3,0x04,0x19,0x52,0x44]", "v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:9], v[12:17], v[20:23] cbsz:2 blgp:2"},
  {"gfx950",  64, "[0x00,0x84,0xad,0xd3,0x04,0x19,0x52,0x94]", "v_mfma_f32_16x16x128_f8f6f4 a[0:3], v[4:7], a[12:15], a[20:23] cbsz:4 blgp:4"},
  {"gfx950",  64, "[0x00,0x00,0xae,0xd3,0x10,0x31,0xca,0x03]", "v_mfma_f32_32x32x64_f8f6f4 v[0:15], v[16:23], v[24:31], 1.0"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0x00,0x08,0xad,0xd3,0x04,0x19,0x52,0x04]", "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, v25 op_sel_hi:[0,0,0]"},
  {"gfx950",  64, "[0x00,0x08,0xac,0xd3,0x18,0x33,0x02,0x10,0x00,0x08,0xad,0xd3,0x04,0x19,0x52,0x04]", "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, v25 op_sel:[1,0,0] op_sel_hi:[0,1,0]"},
  {"gfx950",  64, "[0x00,0x00,0xac,0xd3,0x18,0x33,0x02,0x00,0x00,0x0a,0xad,0xd3,0x04,0x19,0x52,0x84]", "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:9], v[12:15], v[20:23], v24, v25 op_sel_hi:[0,0,0] cbsz:2 blgp:4"},
  {"gfx950",  64, "[0x00,0x18,0xac,0xd3,0x30,0x63,0x02,0x10,0x00,0x89,0xae,0xd3,0x10,0x31,0x82,0x3c]", "v_mfma_scale_f32_32x32x64_f8f6f4 a[0:15], a[16:23], a[24:31], a[32:47], v48, v49 op_sel:[1,1,0] op_sel_hi:[0,1,0] cbsz:1 blgp:1"},
  {"gfx950",  64, "[0x00,0x40,0xac,0xd3,0x01,0x05,0x02,0x18]", "v_mfma_ld_scale_b32 v1, v2"},
  {"gfx950",  64, "[0x00,0x48,0xac,0xd3,0x01,0xe4,0x01,0x18]", "v_mfma_ld_scale_b32 s1, 1.0 op_sel:[1,0]"},
  {"gfx950",  64, "[0x00,0x50,0xac,0xd3,0x6a,0xa0,0x01,0x10]", "v_mfma_ld_scale_b32 vcc_lo, -16 op_sel:[0,1] op_sel_hi:[0,1]"},
  {"gfx950",  64, "[0x00,0x40,0xac,0xd3,0x7c,0xf8,0x00,0x00]", "v_mfma_ld_scale_b32 m0, m0 op_sel_hi:[0,0]"},
  {"gfx950",  64, "[0x00,0x58,0xac,0xd3,0xfd,0xfe,0x03,0x08]", "v_mfma_ld_scale_b32 src_scc, v255 op_sel:[1,1] op_sel_hi:[1,0]"},
  {"gfx950",  64, "[0x00,0x40,0xac,0xd3,0x7b,0xf0,0x01,0x18]", "v_mfma_ld_scale_b32 ttmp15, 0.15915494"},
  {"gfx1250", 32, "[0x00,0x00,0x5d,0xcc,0x08,0x15,0x02,0x7c]", "v_wmma_f32_16x16x4_f32 v[0:7], v[8:9], v[10:11], v[0:7] neg_lo:[1,1,0]"},
  {"gfx1250", 32, "[0x00,0x21,0x60,0xcc,0x08,0x21,0x02,0xbc]", "v_wmma_f32_16x16x32_f16 v[0:7], v[8:15], v[16:23], v[0:7] matrix_a_reuse neg_lo:[1,0,1] neg_hi:[1,0,0]"},
  {"gfx1250", 32, "[0x00,0x04,0x64,0xcc,0x08,0x21,0x62,0x1c]", "v_wmma_bf16f32_16x16x32_bf16 v[0:3], v[8:15], v[16:23], v[24:31] neg_hi:[0,0,1]"},
  {"gfx1250", 32, "[0x00,0x40,0x70,0xcc,0x08,0x21,0xca,0x1b]", "v_wmma_f16_16x16x64_bf8_fp8 v[0:3], v[8:15], v[16:23], 1.0 matrix_b_reuse"},
  {"gfx1250", 32, "[0x00,0x80,0x72,0xcc,0x08,0x21,0x02,0x7c]", "v_wmma_i32_16x16x64_iu8 v[0:7], v[8:15], v[16:23], v[0:7] neg_lo:[1,1,0] clamp"},
  {"gfx1250", 32, "[0x00,0x00,0x80,0xcc,0x08,0x31,0x02,0x1a]", "v_wmma_f32_16x16x128_fp8_fp8 v[0:7], v[8:23], v[24:39], 0"},
  {"gfx1250", 32, "[0x00,0x58,0x33,0xcc,0x08,0x31,0x02,0x04]", "v_wmma_f32_16x16x128_f8f6f4 v[0:7], v[8:19], v[24:31], v[0:7] matrix_a_fmt:MATRIX_FMT_BF6 matrix_b_fmt:MATRIX_FMT_FP4"},
  {"gfx1250", 32, "[0x00,0x40,0x88,0xcc,0x10,0x41,0x02,0x9c]", "v_wmma_f32_32x16x128_f4 v[0:15], v[16:31], v[32:39], v[0:15] neg_lo:[0,0,1]"},
  {"gfx1250", 32, "[0x00,0x2a,0x35,0xcc,0x28,0x53,0x02,0x04,0x00,0x08,0x33,0xcc,0x08,0x31,0x02,0x04]", "v_wmma_scale_f32_16x16x128_f8f6f4 v[0:7], v[8:23], v[24:39], v[0:7], v40, v41 matrix_a_fmt:MATRIX_FMT_BF8 matrix_a_scale:MATRIX_SCALE_ROW1 matrix_b_scale_fmt:MATRIX_SCALE_FMT_E4M3 matrix_a_reuse"},
  {"gfx1250", 32, "[0x00,0x00,0x3a,0xcc,0x04,0x54,0x02,0x24,0x00,0x40,0x88,0xcc,0x10,0x41,0x02,0x1c]", "v_wmma_scale16_f32_32x16x128_f4 v[0:15], v[16:31], v[32:39], v[0:15], s[4:5], v[42:43] matrix_a_scale_fmt:MATRIX_SCALE_FMT_E5M3"},
  {"gfx1250", 32, "[0x00,0x40,0x35,0xcc,0x28,0xe4,0x01,0x0c,0x00,0x20,0x33,0xcc,0x08,0x31,0x02,0x14]", "v_wmma_scale_f32_16x16x128_f8f6f4 v[0:7], v[8:15], v[24:35], v[0:7], s40, 1.0 matrix_a_fmt:MATRIX_FMT_FP4 matrix_b_fmt:MATRIX_FMT_FP6 matrix_b_scale:MATRIX_SCALE_ROW1 matrix_b_reuse"},
  {"gfx1250", 32, "[0x00,0x09,0x65,0xcc,0x08,0x21,0x82,0x3c]", "v_swmmac_f32_16x16x64_f16 v[0:7], v[8:15], v[16:31], v32 index_key:1 neg_lo:[1,0,0] neg_hi:[1,0,0]"},
  {"gfx1250", 32, "[0x00,0x00,0x78,0xcc,0x08,0x21,0x82,0x1c]", "v_swmmac_f16_16x16x128_fp8_bf8 v[0:3], v[8:15], v[16:31], v[32:33]"},
  {"gfx1250", 32, "[0x00,0x80,0x7b,0xcc,0x08,0x21,0x82,0x5c]", "v_swmmac_i32_16x16x128_iu8 v[0:7], v[8:15], v[16:31], v[32:33] neg_lo:[0,1,0] clamp"},
  {"gfx1250", 32, "[0x00,0x6a,0x35,0xcc,0x01,0x05,0x02,0x04]", "v_wmma_ld_scale_paired_b32 v1, v2 matrix_a_scale:MATRIX_SCALE_ROW1 matrix_b_scale_fmt:MATRIX_SCALE_FMT_E4M3 matrix_a_reuse matrix_b_reuse"},
  {"gfx1250", 32, "[0x00,0x00,0x3a,0xcc,0x6a,0x82,0x01,0x2c]", "v_wmma_ld_scale16_paired_b64 vcc, -1 matrix_b_scale:MATRIX_SCALE_ROW1 matrix_a_scale_fmt:MATRIX_SCALE_FMT_E5M3"},
  {"gfx1250", 32, "[0x00,0x40,0x40,0xcc,0x08,0x19,0x02,0x3c]", "v_wmma_f32_16x16x16_f16 v[0:7], v[8:11], v[12:15], v[0:7] neg_lo:[1,0,0]"},
  {"gfx1250", 32, "[0x00,0x48,0x50,0xcc,0x08,0x19,0x52,0x1c]", "v_swmmac_f32_16x16x32_f16 v[0:7], v[8:11], v[12:19], v20 index_key:1"},
};
// clang-format on

Target target(Golden const& g) { return target_of(*isa::find_arch(g.arch), g.wave); }

class GoldenTest : public ::testing::TestWithParam<Golden> {};

TEST_P(GoldenTest, TextEncodesToTheBytes) {
  auto const bytes = assemble(GetParam().text, target(GetParam()));
  ASSERT_TRUE(bytes) << bytes.error().message;
  EXPECT_EQ(format_bytes(*bytes), GetParam().bytes);
}

TEST_P(GoldenTest, BytesDecodeToTheText) {
  auto const bytes = parse_bytes(GetParam().bytes);
  ASSERT_TRUE(bytes);
  auto const text = disassemble(*bytes, target(GetParam()));
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_EQ(*text, GetParam().text);
}

INSTANTIATE_TEST_SUITE_P(EncodingMd, GoldenTest, ::testing::ValuesIn(kGolden));

// The table above is encoding.md §6, line for line: a changed document shows up here.
TEST(GoldenTest, TableIsTheDocument) {
  std::ifstream in(test::reference_path("encoding.md"));
  ASSERT_TRUE(in);
  std::string line, cpu;
  int wave = 0;
  bool in_section = false;
  size_t seen = 0;
  std::regex const header(R"(^# -mcpu=(\w+)( -mattr=\+wavefrontsize64)?)");
  std::regex const entry(R"(^(v_\S.*\S)\s+(\[0x[0-9a-f,x]+\])$)");
  while (std::getline(in, line)) {
    if (line.starts_with("## 6."))
      in_section = true;
    else if (line.starts_with("## "))
      in_section = false;
    if (!in_section) continue;
    std::smatch m;
    if (std::regex_search(line, m, header)) {
      cpu = m[1];
      wave = m[2].matched || !isa::is_rdna(isa::find_arch(cpu)->gen) ? 64 : 32;
    } else if (std::regex_match(line, m, entry)) {
      ++seen;
      bool found = false;
      for (auto const& g : kGolden)
        found |= g.arch == cpu && g.wave == wave && g.text == m[1].str() && g.bytes == m[2].str();
      EXPECT_TRUE(found) << "encoding.md §6 line missing from kGolden: " << line;
    }
  }
  EXPECT_EQ(seen, std::size(kGolden));
}

} // namespace
} // namespace wavemma::codec
