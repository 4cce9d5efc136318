#pragma once
// Diagnostics as the user wrote the code. clang reports the compile of a rewritten pass, and the
// rewriting step reports its own parse, against preprocessed text: macros expanded (`threadIdx`
// is `(::wavemma::simt::detail::lane("threadIdx").thread_idx)` there), comments gone, and in the
// rewritten pass wavemma's edits inserted. Both keep the user's lines (line markers, and every
// edit keeps the number of lines), so a diagnostic's file and line are the user's; its column and
// quoted text are mapped back here:
//
//   rewritten column -> preprocessed column   the rewriting step's record of its edits (ColumnMaps)
//   preprocessed column -> the user's column  the preprocessed line's tokens aligned with the
//                                             user's line's (a token of a macro's expansion maps
//                                             to the macro's name, as clang points at it)
//
// and the quoted line is read from the user's file.

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace wavemma::hipcc {

// For each line (1-based, of the preprocessed text) that the rewriting step edited: the column
// (0-based) in the rewritten line of each byte of the preprocessed line, and of its end.
using ColumnMaps = std::map<unsigned, std::vector<unsigned>>;

// One diagnostic's place, as preprocessed: its presumed file and line, the preprocessed line's
// text and the 1-based column in it.
struct PreprocessedPlace {
  std::string file;
  unsigned line = 0;
  std::string_view text;
  unsigned column = 0;
};

// The user's line of a preprocessed place and the column (1-based) in it; the preprocessed line
// and column where the user's file cannot be read.
struct UserPlace {
  std::string_view text;
  unsigned column = 0;
};
UserPlace user_place(PreprocessedPlace const&);

// The tokens of one line as the alignment sees them (comments skipped).
std::vector<std::string_view> token_spellings(std::string_view line);

// "file:line:col: severity: message", followed (with `caret`) by the user's line and a caret
// under the column, as clang prints them.
std::string render_diagnostic(PreprocessedPlace const&, std::string_view severity, std::string_view message,
                              bool caret);

// clang's diagnostics (compiled with -fno-caret-diagnostics) of a rewritten pass, mapped to the
// user's code. `rewritten` is the pass as compiled, `preprocessed` as the rewriting step read it.
std::string map_compiler_diagnostics(std::string_view output, std::string_view rewritten, std::string_view preprocessed,
                                     ColumnMaps const&, bool caret);

} // namespace wavemma::hipcc
