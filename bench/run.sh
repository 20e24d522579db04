#!/usr/bin/env bash
# Benchmarks over 10k / 100k / 1M statements. Usage: bench/run.sh [BUILD_DIR] [frontend|pattern5|compile|all]
#   frontend  parse / verify / print / equality (issue 2; the default)
#   pattern5  OptimizeOrchTensors on a program with windowize=True on every kernel (issue 4): the
#             pass's time, Pattern 5's own rule time, end-to-end wall time and peak RSS of `ptorw opt`
#   compile   `ptorw compile FILE -o DIR` (issue 20), whole process: per example the median wall time
#             of 5 runs into a fresh directory (target <= 20 ms), then generated programs (plain and
#             --windowize) at SIZES statements (default "10000 100000"; add 1000000 for the issue's
#             table): wall time, peak RSS, exit code (1 = some kernel or function had no form);
#             then the same programs in MLIR generic form (bench/gen_mlir_generic.py) through
#             mlir-opt-19 --allow-unregistered-dialect --canonicalize --cse: median wall of 5 and
#             the ratio mlir-opt / ptorw. PTORW=FILE times that binary instead of BUILD_DIR's
#             (nothing is built: e.g. a copy kept while the build dir is rebuilt)
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
  ptorw=${PTORW:-$build/tools/ptorw}
  [[ -n ${PTORW:-} ]] || ninja -C "$build" tools/ptorw >/dev/null
  ms() { echo $((($2 - $1) / 1000000)); }
  printf '%-36s %s\n' example 'wall (median of 5, ms)'
  for f in "$here"/examples/*.py; do
    times=()
    for i in 1 2 3 4 5; do
      rm -rf "$tmp/ex"
      t0=$(date +%s%N)
      "$ptorw" compile "$f" -o "$tmp/ex" -q 2>/dev/null || true
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
      /usr/bin/time -f '%e %M' -o "$tmp/time" "$ptorw" compile "$tmp/c$n.py" -o "$tmp/out" -q \
        2>"$tmp/err" || rc=$?
      read -r wall kib < <(tail -1 "$tmp/time")
      printf '%-9s %-10s %-9s %-10s %s\n' "$n" "$kind" "$wall s" "$((kib / 1024)) MiB" "$rc"
    done
  done
  # Side by side with MLIR (issue 20): the same program in generic form (bench/gen_mlir_generic.py)
  # through mlir-opt-19 --canonicalize --cse, against `ptorw compile`; whole processes, median wall
  # of 5 runs each, taken in turn; ratio = mlir-opt / ptorw (> 1: ptorw is faster).
  if command -v mlir-opt-19 >/dev/null; then
    median5() {  # median wall ms of 5 runs of "$@" (output discarded)
      local ts=() t0 t1
      for i in 1 2 3 4 5; do
        rm -rf "$tmp/out"
        t0=$(date +%s%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s%N)
        ts+=("$(ms "$t0" "$t1")")
      done
      printf '%s\n' "${ts[@]}" | sort -n | sed -n 3p
    }
    printf '%-9s %-10s %-10s %-14s %-16s %s\n' statements program 'mlir ops' 'ptorw (ms)' 'mlir-opt (ms)' 'mlir-opt / ptorw'
    for n in ${SIZES:-10000 100000}; do
      for kind in plain windowize; do
        flag=""; [[ $kind == windowize ]] && flag=--windowize
        /usr/bin/python3 "$here/bench/gen_program.py" --statements "$n" --seed 1 $flag -o "$tmp/c$n.py"
        /usr/bin/python3 "$here/bench/gen_mlir_generic.py" "$tmp/c$n.py" -o "$tmp/c$n.mlir"
        ops=$(grep -c '"[a-z_]*\.[a-z_.]*"(' "$tmp/c$n.mlir" || true)
        tp=$(median5 "$ptorw" compile "$tmp/c$n.py" -o "$tmp/out" -q)
        tm=$(median5 mlir-opt-19 --allow-unregistered-dialect --canonicalize --cse "$tmp/c$n.mlir" -o /dev/null)
        printf '%-9s %-10s %-10s %-14s %-16s %s\n' "$n" "$kind" "$ops" "$tp" "$tm" \
          "$(awk -v a="$tm" -v b="$tp" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
      done
    done
  fi
fi
echo "load at the end: $(uptime | sed 's/.*load average: //')"
