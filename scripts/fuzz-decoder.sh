#!/usr/bin/env bash
# Fuzz the binary IR decoder with libFuzzer (issue 23) for SECONDS (default 60), or for RUNS
# executions when FUZZ_RUNS is set:
#   scripts/fuzz-decoder.sh [seconds]
# Builds test/fuzz/decode_fuzz.cpp with clang (-fsanitize=fuzzer,address,undefined) into
# build-fuzz/decode_fuzz, seeds the corpus with the binary form of every example and golden
# (written by the CLI, `ptorw print FILE -o FILE.msgpack`; PTORW=path/to/ptorw, default
# build/tools/ptorw), and runs one job. Crashing inputs land in build-fuzz/decode-artifacts/.
# Needs clang 16 or later with libFuzzer (Debian: clang-16 libclang-rt-16-dev; clang-14 lacks the
# parenthesized aggregate initialization the IR builders use). fmt is used header-only here: the
# Debian libfmt is built by g++, and clang mangles one of its instantiations differently.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SECONDS_TO_RUN=${1:-60}
OUT=${FUZZ_DIR:-build-fuzz}
PTORW=${PTORW:-build/tools/ptorw}
CXX=${FUZZ_CXX:-}
if [[ -z $CXX ]]; then
  for c in clang++-19 clang++-16 clang++; do
    if command -v "$c" >/dev/null 2>&1; then CXX=$c; break; fi
  done
fi
[[ -n $CXX ]] || { echo "fuzz-decoder: no clang++ found (apt-get install clang libclang-rt-dev)" >&2; exit 1; }
[[ -x $PTORW ]] || { echo "fuzz-decoder: $PTORW not built (ninja -C build tools/ptorw), needed for the seeds" >&2; exit 1; }
mkdir -p "$OUT/decode-corpus" "$OUT/decode-artifacts"
if [[ ! -x $OUT/decode_fuzz || test/fuzz/decode_fuzz.cpp -nt $OUT/decode_fuzz || -n $(find include test/fuzz -newer "$OUT/decode_fuzz" -name '*.hpp' -print -quit) ]]; then
  echo "fuzz-decoder: building $OUT/decode_fuzz with $CXX"
  "$CXX" -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -DFMT_HEADER_ONLY -Iinclude -Itest/fuzz test/fuzz/decode_fuzz.cpp -o "$OUT/decode_fuzz"
fi
# Seeds: every example and golden that parses, in binary form (small files first: libFuzzer
# mutates short inputs fastest).
while IFS= read -r -d '' f; do
  "$PTORW" print "$f" -o "$OUT/decode-corpus/${f//\//__}.msgpack" 2>/dev/null || true
done < <(find examples test/golden -name '*.py' -print0)
runs=()
[[ -n ${FUZZ_RUNS:-} ]] && runs=(-runs="$FUZZ_RUNS")
set +e
"$OUT/decode_fuzz" "$OUT/decode-corpus" -max_total_time="$SECONDS_TO_RUN" "${runs[@]}" -max_len=16384 -timeout=10 \
  -rss_limit_mb=2048 -malloc_limit_mb=512 -artifact_prefix="$OUT/decode-artifacts/" -print_final_stats=1 2>&1 |
  tee "$OUT/decode-last-run.log" | grep -E '^(#[0-9]+.*(pulse|DONE)|==[0-9]+==|stat::|SUMMARY|artifact_prefix|Test unit written)'
status=${PIPESTATUS[0]}
set -e
n=$(find "$OUT/decode-artifacts" -type f | wc -l)
echo "fuzz-decoder: exit $status, $n artifact(s) in $OUT/decode-artifacts (full log: $OUT/decode-last-run.log)"
exit "$status"
