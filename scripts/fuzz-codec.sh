#!/usr/bin/env bash
# Builds the codec's libFuzzer targets (decode_fuzz, parse_fuzz) in build/fuzz with ASan+UBSan
# and runs each for a bounded time from a seed corpus made of reference/encoding.md §6's golden
# encodings. A crash, a sanitizer report or a broken round trip fails the script.
#
#   scripts/fuzz-codec.sh [seconds-per-target]     (default 60)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
build="$root/build/fuzz"
sanitize="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"

cmake -S "$root" -B "$build" -G Ninja \
  -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DWAVEMMA_FUZZ=ON -DWAVEMMA_BUILD_TESTS=OFF -DWAVEMMA_BUILD_BENCH=OFF -DWAVEMMA_AMD_CHECKS=OFF \
  "-DCMAKE_CXX_FLAGS=$sanitize" >/dev/null
if ! cmake --build "$build" --target help | grep -q decode_fuzz; then
  echo "fuzz-codec: no fuzz targets; the top-level CMakeLists.txt needs: if(WAVEMMA_FUZZ) add_subdirectory(fuzz) endif()" >&2
  exit 2
fi
cmake --build "$build" --target decode_fuzz parse_fuzz

# Seeds: one file per golden line and target: a target byte (fuzz/round_trip.hpp), then the bytes
# (decode_fuzz) or the text (parse_fuzz).
mkdir -p "$build/corpus/decode" "$build/corpus/parse"
n=0
while IFS='|' read -r target text hex; do
  n=$((n + 1))
  bytes=""
  for h in $hex; do bytes+="\\x$h"; done
  th=$(printf '%02x' "$target")
  printf "\\x$th$bytes" > "$build/corpus/decode/golden-$n"
  { printf "\\x$th"; printf '%s' "$text"; } > "$build/corpus/parse/golden-$n"
done < <(awk '
  /^## 6\./ { on = 1; next }
  /^## /    { on = 0 }
  !on       { next }
  /^# -mcpu=/ { t = ($0 ~ /gfx1100/) ? 0 : ($0 ~ /gfx1200/) ? 2 : 4; if ($0 ~ /wavefrontsize64/) t += 1; next }
  /^v_/ {
    i = index($0, "[0x"); text = substr($0, 1, i - 1); sub(/ +$/, "", text)
    hex = substr($0, i + 1, length($0) - i - 1); gsub(/0x/, "", hex); gsub(/,/, " ", hex)
    print t "|" text "|" hex
  }' "$root/docs/reference/encoding.md")

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
for name in decode parse; do
  echo "== ${name}_fuzz: ${seconds}s"
  dict=()
  [ "$name" = parse ] && dict=(-dict="$root/fuzz/codec.dict")
  (cd "$build" && "./fuzz/${name}_fuzz" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
     -print_final_stats=1 -artifact_prefix="$build/${name}-" "$build/corpus/$name")
done
echo "fuzz-codec: no crash, no hang, no sanitizer report"
