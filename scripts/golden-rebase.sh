#!/usr/bin/env bash
# Rewrites the CLI goldens from the current build -- tests/golden/cli/<case>.out, or the repository
# file a <case>.outpath names (the pictures under docs/images) -- and shows the diff of every file
# it rewrote, new files included: review it like code before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
cmake --build --preset "$preset" --target cli_golden_test wavemma
WAVEMMA_GOLDEN_REBASE=1 "build/$preset/tests/apps/cli_golden_test"

# The files the test writes, as it chooses them (tests/apps/cli_golden_test.cpp).
rewritten=()
for args in tests/golden/cli/*.args; do
  outpath=${args%.args}.outpath
  if [[ -f $outpath ]]; then
    rewritten+=("$(head -n 1 "$outpath")")
  else
    rewritten+=("${args%.args}.out")
  fi
done

git --no-pager diff --stat -- "${rewritten[@]}"
git --no-pager diff -- "${rewritten[@]}"
new=$(git ls-files --others --exclude-standard -- "${rewritten[@]}")
for f in $new; do
  echo "new file: $f"
  git --no-pager diff --no-index -- /dev/null "$f" || true
done
changed=$(git diff --name-only -- "${rewritten[@]}" | wc -l)
echo "golden-rebase: ${#rewritten[@]} files rewritten, $changed changed, $(wc -w <<<"$new") new" >&2
