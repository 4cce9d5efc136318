#!/usr/bin/env bash
# The tree is formatted as .clang-format says (clang-format-22; the generated files listed in
# .clang-format-ignore are the generators' output and are left as written). Lists each file that
# differs and exits 1; `scripts/check-format.sh --fix` rewrites them instead.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h' '*.inc' '*.hip' '*.cu' '*.cuh')
if [[ ${1:-} == --fix ]]; then
  clang-format-22 -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  clang-format-22 --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if ((${#bad[@]})); then
  printf 'check-format: %s is not formatted (scripts/check-format.sh --fix)\n' "${bad[@]}" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted as .clang-format says" >&2
