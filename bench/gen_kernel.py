#!/usr/bin/env python3
"""Generates one unplanned Vec tile kernel of about N statements for the lowering benchmark
(bench/lower_bench.cpp): repeated load -> add -> muls -> store blocks, every 8th block inside a For
loop with a scalar carry, so planning sees short lifetimes, a long-lived accumulator and loops.

    gen_kernel.py --statements 10000 -o k.py
"""
import argparse


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--statements", type=int, required=True)
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    rows = 1024
    t = f"pl.Tensor[[{rows}, 32], pl.FP32]"
    out = ["@pl.program", "class Bench:", "    @pl.function(type=pl.FunctionType.InCore)",
           f"    def kernel(self, A: {t}, Out: pl.Out[{t}]) -> {t}:",
           "        acc_0 = pl.tile.full([16, 32], 0.0, dtype=pl.FP32)"]
    n, i, o = 1, 0, "Out"
    while n < a.statements:
        r = (i % (rows // 16)) * 16
        if i % 8 == 7:
            # A loop re-loading one row block; the scalar carry moves the row.
            out += [f"        for j_{i}, (row_{i},) in pl.range(4, init_values=({r},)):",
                    f"            x_{i} = pl.load(A, [row_{i}, 0], [16, 32])",
                    f"            y_{i} = pl.tile.add(x_{i}, acc_{i})",
                    f"            row_next_{i} = pl.yield_(row_{i} + 16)",
                    f"        acc_{i + 1} = pl.tile.muls(acc_{i}, 0.5)"]
            n += 5
        else:
            out += [f"        x_{i} = pl.load(A, [{r}, 0], [16, 32])",
                    f"        y_{i} = pl.tile.add(x_{i}, acc_{i})",
                    f"        acc_{i + 1} = pl.tile.muls(y_{i}, 0.5)",
                    f"        o_{i} = pl.store(acc_{i + 1}, [{r}, 0], {o})"]
            o = f"o_{i}"
            n += 4
        i += 1
    out.append(f"        return {o}")
    with open(a.output, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
