#!/usr/bin/env bash
# Front-end benchmark over 10k / 100k / 1M statements (issue 2). Usage: bench/run.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
ninja -C "$build" bench/frontend_bench >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in 10000 100000 1000000; do
  /usr/bin/python3 "$here/bench/gen_program.py" --statements "$n" --seed 1 -o "$tmp/p$n.py"
  "$build/bench/frontend_bench" "$tmp/p$n.py" "$n"
done
