#!/usr/bin/env bash
# Builds the libFuzzer targets in build/fuzz with ASan+UBSan -- the codec's decode_fuzz and
# parse_fuzz, and cli_fuzz, the command line in-process (option parser, matrix-file reader,
# assembler streams) -- and runs them from seed corpora: reference/encoding.md §6's golden
# encodings for the codec, fuzz/cli_seeds.txt's command lines and small matrix files for the CLI.
# A crash, a sanitizer report, a broken round trip or a broken CLI contract fails the script.
#
#   scripts/fuzz-codec.sh [seconds]     (default 60)
#
# The run takes 2 x seconds in all (what the two codec targets took alone), split evenly over the
# three targets.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
per_target=$((2 * seconds / 3))
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
cmake --build "$build" --target decode_fuzz parse_fuzz cli_fuzz

# Seeds: one file per golden line and target: a target byte (fuzz/round_trip.hpp), then the bytes
# (decode_fuzz) or the text (parse_fuzz); for cli_fuzz mode 2 (a stream on stdin), the byte
# 2 x target (+1 for decode), then the text or the bytes as decode reads them.
mkdir -p "$build/corpus/decode" "$build/corpus/parse" "$build/corpus/cli"
n=0
while IFS='|' read -r target text hex; do
  n=$((n + 1))
  bytes=""
  for h in $hex; do bytes+="\\x$h"; done
  th=$(printf '%02x' "$target")
  printf "\\x$th$bytes" > "$build/corpus/decode/golden-$n"
  { printf "\\x$th"; printf '%s' "$text"; } > "$build/corpus/parse/golden-$n"
  { printf "\\x02\\x$(printf '%02x' $((2 * target)))"; printf '; golden %s\\n%s\\n' "$n" "$text"; } > "$build/corpus/cli/encode-$n"
  { printf "\\x02\\x$(printf '%02x' $((2 * target + 1)))"; printf '0x%s\\n' "${hex// /,0x}"; } > "$build/corpus/cli/decode-$n"
done < <(awk '
  /^## 6\./ { on = 1; next }
  /^## /    { on = 0 }
  !on       { next }
  /^# -mcpu=/ {
    t = ($0 ~ /gfx1100/) ? 0 : ($0 ~ /gfx1200/) ? 2 : ($0 ~ /gfx908/) ? 4 : ($0 ~ /gfx90a/) ? 5 : ($0 ~ /gfx942/) ? 6 : ($0 ~ /gfx1250/) ? 8 : 7
    if ($0 ~ /wavefrontsize64/) t += 1; next
  }
  /^v_/ {
    i = index($0, "[0x"); text = substr($0, 1, i - 1); sub(/ +$/, "", text)
    hex = substr($0, i + 1, length($0) - i - 1); gsub(/0x/, "", hex); gsub(/,/, " ", hex)
    print t "|" text "|" hex
  }' "$root/docs/reference/encoding.md")

# CLI seeds, mode 0: fuzz/cli_seeds.txt's command lines (arguments one per line; "@" names the
# bytes after the NUL, a 16x16 matrix of f16 ones); mode 1: matrix files for the first catalog row.
ones=$(for r in $(seq 16); do printf '0x3c00 %.0s' $(seq 15); printf '0x3c00\n'; done)
n=0
while read -r line; do
  n=$((n + 1))
  { printf '\x00'; printf '%s' "$line" | tr ' ' '\n'; printf '\x00'; printf '%s' "$ones"; } > "$build/corpus/cli/args-$n"
done < "$root/fuzz/cli_seeds.txt"
{ printf '\x01\x00\x00'; printf '%s' "$ones"; } > "$build/corpus/cli/matrix-a"
{ printf '\x01\x00\x01# B\n'; printf '%s' "$ones"; } > "$build/corpus/cli/matrix-b"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
for name in decode parse cli; do
  echo "== ${name}_fuzz: ${per_target}s"
  dict=()
  [ "$name" = parse ] && dict=(-dict="$root/fuzz/codec.dict")
  [ "$name" = cli ] && dict=(-dict="$root/fuzz/cli.dict")
  (cd "$build" && "./fuzz/${name}_fuzz" "${dict[@]}" -max_total_time="$per_target" -timeout=10 -rss_limit_mb=2048 \
     -print_final_stats=1 -artifact_prefix="$build/${name}-" "$build/corpus/$name")
done
echo "fuzz-codec: no crash, no hang, no sanitizer report, no broken CLI contract"
