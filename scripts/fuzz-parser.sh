#!/usr/bin/env bash
# Fuzz the DSL parser with libFuzzer for SECONDS (default 60):
#   scripts/fuzz-parser.sh [seconds]
# Builds test/fuzz/parse_fuzz.cpp with clang (-fsanitize=fuzzer,address,undefined) into
# build-fuzz/parse_fuzz, seeds the corpus from examples/ and test/golden/**/*.py, and runs one job.
# Crashing inputs land in build-fuzz/artifacts/; copy them to test/fuzz/regressions/parser/ so the
# fuzz_parse suite keeps checking them. Needs clang with libFuzzer (Debian: clang + libclang-rt-dev,
# e.g. clang-14 or clang-16/libclang-rt-16-dev); scripts/install-deps.sh does not install it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SECONDS_TO_RUN=${1:-60}
OUT=${FUZZ_DIR:-build-fuzz}
CXX=${FUZZ_CXX:-}
if [[ -z $CXX ]]; then
  for c in clang++-19 clang++-16 clang++; do
    if command -v "$c" >/dev/null 2>&1; then CXX=$c; break; fi
  done
fi
[[ -n $CXX ]] || { echo "fuzz-parser: no clang++ found (apt-get install clang libclang-rt-dev)" >&2; exit 1; }
mkdir -p "$OUT/corpus" "$OUT/artifacts"
if [[ ! -x $OUT/parse_fuzz || test/fuzz/parse_fuzz.cpp -nt $OUT/parse_fuzz || -n $(find include -newer "$OUT/parse_fuzz" -name '*.hpp' -print -quit) ]]; then
  echo "fuzz-parser: building $OUT/parse_fuzz with $CXX"
  "$CXX" -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -DFMT_HEADER_ONLY -Iinclude test/fuzz/parse_fuzz.cpp -o "$OUT/parse_fuzz"
fi
# Seeds: the examples and every golden; the saved regressions too.
# Named after their path: goldens in different folders share basenames (cp -t would refuse).
while IFS= read -r -d '' f; do cp "$f" "$OUT/corpus/${f//\//__}"; done \
  < <(find examples test/golden -name '*.py' -print0; [[ -d test/fuzz/regressions/parser ]] &&
      find test/fuzz/regressions/parser -type f ! -name '.*' -print0)
set +e
"$OUT/parse_fuzz" "$OUT/corpus" -max_total_time="$SECONDS_TO_RUN" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$OUT/artifacts/" -print_final_stats=1 2>&1 | tee "$OUT/last-run.log" | grep -E '^(#[0-9]+.*(pulse|DONE)|==[0-9]+==|stat::|SUMMARY|artifact_prefix|Test unit written)' 
status=${PIPESTATUS[0]}
set -e
n=$(find "$OUT/artifacts" -type f | wc -l)
echo "fuzz-parser: exit $status, $n artifact(s) in $OUT/artifacts (full log: $OUT/last-run.log)"
exit "$status"
