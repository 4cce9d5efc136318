#pragma once
// Assembler texts and machine words for the llvm-mc comparisons. Texts are built here, from the
// catalog rows (mnemonics, aliases, widths, modifier rules) and the syntax of encoding.md §5 --
// not by the codec's printer -- and llvm-mc-22 judges them.

#include "wavemma/codec/codec.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace wavemma::test::codec_cases {

enum class Expect : uint8_t {
  kAny,    // llvm-mc decides
  kAccept, // the catalog says legal: llvm-mc must accept
  kReject, // an invalid input: llvm-mc must reject
};

struct TextCase {
  std::string text;
  Expect expect;
  std::string what; // the group, for counts and messages ("modifiers", "width", "overlap", ...)
};

// Every legal modifier combination, each modifier over its whole syntax range, a spread of
// registers and constants, invalid inputs, and other spellings, for one target.
std::vector<TextCase> text_cases(codec::Target);

// Items for the decoder sweep (8 bytes, or 16 where the valid encodings have two words): valid
// encodings with bits flipped, fields replaced, opcodes changed, random words with the family's
// encoding bits; for two-word encodings (the scaled MFMA) either word mutated, the prefix dropped,
// the prefix put before one-word encodings and the MFMA word's ABID changed.
std::vector<codec::Bytes> sweep_words(codec::Target, std::vector<codec::Bytes> const& valid, uint32_t seed,
                                      size_t count);

} // namespace wavemma::test::codec_cases
