#!/usr/bin/env python3
# Usage: gen_plan_kernel.py STATEMENTS [LOOP_EVERY=50]  (bench/plan_bench input)
# A long InCore kernel for timing memory planning: chains of elementwise ops with a sliding window
# of live tiles, and every `loop_every` statements a For loop with two tile carries (one swapped).
import sys
n = int(sys.argv[1]); loop_every = int(sys.argv[2]) if len(sys.argv) > 2 else 50
out = ["import ptorw.language as pl", "", "", "@pl.program", "class P:",
       "    @pl.function(type=pl.FunctionType.InCore)",
       "    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:"]
live = []
k = 0
def emit(s, ind=2): out.append("    " * ind + s)
emit("t0 = pl.tile.load(a, (0, 0), (16, 32))"); live.append("t0"); k = 1
i = 0
while i < n:
    if loop_every and i % loop_every == loop_every - 1:
        x, y = live[-1], live[-2] if len(live) > 1 else live[-1]
        emit(f"for i{k}, (p{k}, q{k}) in pl.range(n, init_values=({x}, {y})):")
        emit(f"u{k} = pl.tile.add(p{k}, q{k})", 3)
        emit(f"o{k}, r{k} = pl.yield_(q{k}, u{k})", 3)
        live.append(f"o{k}"); live.append(f"r{k}")
        k += 1; i += 3; continue
    a = live[-1]; b = live[-3] if len(live) > 2 else live[0]
    emit(f"t{k} = pl.tile.add({a}, {b})"); live.append(f"t{k}"); k += 1; i += 1
    live = live[-6:]
emit(f"result = pl.tile.store({live[-1]}, (0, 0), out)")
emit("return result")
print("\n".join(out))
