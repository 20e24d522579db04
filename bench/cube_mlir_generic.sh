#!/bin/bash
# Issue 18: "mlir-opt-19 accepts the generic form of every emitted cube module". Emits the generic
# form of the random cube kernels of seeds 1..N (`fuzz_kernels --cube --print SEED`) under the three
# planners and both PTO spellings, runs `mlir-opt-19 --allow-unregistered-dialect` on each module,
# and prints how many it accepted. Usage: bench/cube_mlir_generic.sh [N] (default 200), from the
# top of the tree after `ninja -C build bench/fuzz_kernels tools/ptorw`.
set -u
N=${1:-200}
P=$PWD/build/tools/ptorw
F=$PWD/build/bench/fuzz_kernels
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok=0 bad=0
for s in $(seq 1 "$N"); do
  "$F" --cube --print "$s" > "$tmp/k.py"
  for pl in pypto dsa_rp ptoas; do
    for v in new old; do
      rm -rf "$tmp/out"
      if ! "$P" emit --planner=$pl --generic --pto-version=$v --output-dir "$tmp/out" "$tmp/k.py" > /dev/null 2> "$tmp/err"; then
        bad=$((bad + 1)); echo "seed $s $pl $v: emit failed: $(head -1 "$tmp/err")"; continue
      fi
      for m in "$tmp"/out/*.pto; do
        if mlir-opt-19 --allow-unregistered-dialect "$m" -o /dev/null 2> "$tmp/err"; then ok=$((ok + 1))
        else bad=$((bad + 1)); echo "seed $s $pl $v: mlir-opt: $(head -1 "$tmp/err")"; fi
      done
    done
  done
done
echo "cube modules (generic form): accepted $ok, rejected $bad"
[ "$bad" -eq 0 ]
