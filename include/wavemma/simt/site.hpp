#pragma once
// Where a lane's code called into the runtime, for the errors that name it: the role of
// std::source_location, in C++17, because HIP programs are often built as C++17.

namespace wavemma::simt {

class Site {
public:
  // As a default argument, the caller's place (clang evaluates the builtins at the call site).
  static constexpr Site current(char const* file = __builtin_FILE(), char const* function = __builtin_FUNCTION(),
                                unsigned line = __builtin_LINE(), unsigned column = __builtin_COLUMN()) noexcept {
    Site s;
    s.file_ = file;
    s.function_ = function;
    s.line_ = line;
    s.column_ = column;
    return s;
  }
  constexpr char const* file_name() const noexcept { return file_; }
  constexpr char const* function_name() const noexcept { return function_; }
  constexpr unsigned line() const noexcept { return line_; }
  constexpr unsigned column() const noexcept { return column_; }

private:
  char const* file_ = "";
  char const* function_ = "";
  unsigned line_ = 0, column_ = 0;
};

} // namespace wavemma::simt
