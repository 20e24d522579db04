#!/usr/bin/env bash
# Benchmarks over 10k / 100k / 1M statements. Usage: bench/run.sh [BUILD_DIR] [frontend|pattern5|compile|all]
#   frontend  parse / verify / print / equality (issue 2; the default)
#   pattern5  OptimizeOrchTensors on a program with windowize=True on every kernel (issue 4): the
#             pass's time, Pattern 5's own rule time, end-to-end wall time and peak RSS of `ptorw opt`
#   compile   `ptorw compile FILE -o DIR` (issue 20), whole process: per example the median wall time
#             of 5 runs into a fresh directory (target <= 20 ms), then generated programs (plain and
#             --windowize) at SIZES statements (default "10000 100000"; add 1000000 for the issue's
#             table): wall time, peak RSS, exit code (1 = some kernel or function had no form)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
what=${2:-frontend}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "load: $(uptime | sed 's/.*load average: //')"
if [[ $what == frontend || $what == all ]]; then
  ninja -C "$build" bench/frontend_bench >/dev/null
  for n in 10000 100000 1000000; do
    /usr/bin/python3 "$here/bench/gen_program.py" --statements "$n" --seed 1 -o "$tmp/p$n.py"
    "$build/bench/frontend_bench" "$tmp/p$n.py" "$n"
  done
fi
if [[ $what == pattern5 || $what == all ]]; then
  ninja -C "$build" tools/ptorw >/dev/null
  printf '%-9s %-10s %-12s %-10s %-11s %-9s %s\n' statements calls windowed pass 'pattern 5' 'wall' 'peak RSS'
  for n in 10000 100000 1000000; do
    /usr/bin/python3 "$here/bench/gen_program.py" --statements "$n" --seed 1 --windowize -o "$tmp/w$n.py"
    calls=$(grep -c '= self\.k_' "$tmp/w$n.py")
    /usr/bin/time -f '%e %M' -o "$tmp/time" "$build/tools/ptorw" opt --passes=optimize-orch-tensors \
      --stats-file "$tmp/stats" "$tmp/w$n.py" -o "$tmp/out$n.py"
    windowed=$(grep -c '__windowed(' "$tmp/out$n.py" || true)
    pass=$(sed -n 's/^pass optimize-orch-tensors: .*, \([0-9]*\) us$/\1/p' "$tmp/stats")
    p5=$(sed -n 's/^ *out_window_externalizer: .*, \([0-9]*\) us$/\1/p' "$tmp/stats")
    read -r wall kib <"$tmp/time"
    printf '%-9s %-10s %-12s %-10s %-11s %-9s %s\n' "$n" "$calls" "$windowed" "$((pass / 1000)) ms" \
      "$((p5 / 1000)) ms" "$wall s" "$((kib / 1024)) MiB"
  done
fi
if [[ $what == compile || $what == all ]]; then
  ninja -C "$build" tools/ptorw >/dev/null
  ms() { echo $((($2 - $1) / 1000000)); }
  printf '%-36s %s\n' example 'wall (median of 5, ms)'
  for f in "$here"/examples/*.py; do
    times=()
    for i in 1 2 3 4 5; do
      rm -rf "$tmp/ex"
      t0=$(date +%s%N)
      "$build/tools/ptorw" compile "$f" -o "$tmp/ex" -q 2>/dev/null || true
      t1=$(date +%s%N)
      times+=("$(ms "$t0" "$t1")")
    done
    median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p)
    printf '%-36s %s\n' "$(basename "$f")" "$median"
  done
  printf '%-9s %-10s %-9s %-10s %s\n' statements program wall 'peak RSS' exit
  for n in ${SIZES:-10000 100000}; do
    for kind in plain windowize; do
      flag=""; [[ $kind == windowize ]] && flag=--windowize
      /usr/bin/python3 "$here/bench/gen_program.py" --statements "$n" --seed 1 $flag -o "$tmp/c$n.py"
      rm -rf "$tmp/out"
      rc=0
      /usr/bin/time -f '%e %M' -o "$tmp/time" "$build/tools/ptorw" compile "$tmp/c$n.py" -o "$tmp/out" -q \
        2>"$tmp/err" || rc=$?
      read -r wall kib < <(tail -1 "$tmp/time")
      printf '%-9s %-10s %-9s %-10s %s\n' "$n" "$kind" "$wall s" "$((kib / 1024)) MiB" "$rc"
    done
  done
fi
