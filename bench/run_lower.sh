#!/usr/bin/env bash
# Lowering benchmark over 1k / 10k / 100k statements (issue 6). Usage: bench/run_lower.sh [BUILD_DIR] [PIPELINE]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
ninja -C "$build" bench/lower_bench >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in 1000 10000 100000; do
  /usr/bin/python3 "$here/bench/gen_kernel.py" --statements "$n" -o "$tmp/k$n.py"
  "$build/bench/lower_bench" "$tmp/k$n.py" "$n" ${2:+"$2"}
done
