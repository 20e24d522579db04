#!/usr/bin/python3
"""Generate a large, valid pl-DSL program for the parse / verify / print / equality benchmarks.

    bench/gen_program.py --statements 1000000 [--seed 1] [-o FILE]

The program has a few InCore kernels at the top and one Orchestration function `main` made of
blocks like this one (names are unique per block; `src` is `x` or the previous block's result):

    buf = pl.create_tensor([256, 256], dtype=pl.FP32)
    for i, (acc,) in pl.range(8, init_values=(buf,)):
        for j, (inner,) in pl.range(4, init_values=(acc,)):
            blk = pl.tensor.slice(src, [32, 64], [i * 32, j * 64])
            o1 = pl.create_tensor([32, 64], dtype=pl.FP32)     # a chain of 1..6 kernel calls,
            r1 = self.k_scale_in(blk, o1)                       # each with its own Out buffer
            ...                                                 # (one kernel per op and role:
            oK = pl.create_tensor([32, 64], dtype=pl.FP32)     # k_scale_in reads the window,
            rK = self.k_relu_out(r1, oK)                        # k_relu_out writes the assembled part)
            upd = pl.tensor.assemble(inner, rK, [i * 32, j * 64])
            inner_out = pl.yield_(upd)
        acc_out = pl.yield_(inner_out)

With `--windowize` (the Pattern 5 benchmark, issue 4) every kernel carries
`attrs={"windowize": True}`, takes the whole [256, 256] tensors plus a row and a column, and reads
and writes one [32, 64] window there (a FinalStore Out window and PureInputWindowConsumer In
windows). A block then is

    buf = pl.create_tensor([256, 256], dtype=pl.FP32)
    for i, (acc,) in pl.range(8, init_values=(buf,)):
        for j, (inner,) in pl.range(4, init_values=(acc,)):
            r0 = self.k_scale(src, i * 32, j * 64, inner)       # a chain of 1..6 calls, each writing
            r1 = self.k_add(src, x, i * 32, j * 64, r0)        # the same window of the carried tensor
            inner_out = pl.yield_(r1)
        acc_out = pl.yield_(inner_out)

and every call is windowed by Pattern 5 (disjoint across i and j; same-window siblings are allowed).

Statement count: every simple statement and every `for` header counts one (function and class
headers do not), over the whole program, so `--statements N` yields exactly N statements
(Python's `ast` agrees: it is the number of ast.stmt nodes that are not defs or classes).
Deterministic for a given (statements, seed). 1M statements take well under a second.
"""
import argparse
import random
import sys

ROWS, COLS = 256, 256          # the orchestration tensor
TR, TC = 32, 64                # one block window / kernel tensor
OUTER, INNER = ROWS // TR, COLS // TC
TENSOR = f"pl.Tensor[[{TR}, {TC}], pl.FP32]"
BIG = f"pl.Tensor[[{ROWS}, {COLS}], pl.FP32]"

UNARY = {  # kernel name -> tile op applied to the loaded window
    "k_scale": "pl.tile.muls(t, 0.5)",
    "k_shift": "pl.tile.adds(t, 1.0)",
    "k_exp": "pl.tile.exp(t)",
    "k_relu": "pl.tile.relu(t)",
}
BINARY = {"k_add": "pl.tile.add(a, b)", "k_max": "pl.tile.maximum(a, b)"}


# Plain programs: one kernel per (op, role), because the strides a kernel addresses a parameter with
# belong to the kernel, not to the call. A call's In argument is either the block's window of the
# [256, 256] source (row stride 256: Pattern 4 attaches it) or the previous call's packed [32, 64]
# result (row stride 64); its Out buffer is either a packed intermediate or the one assembled into
# the block's [256, 256] result (Pattern 2 attaches row stride 256, and the orchestration C++ then
# allocates it as that window). A kernel used in two roles would get no strides, and `ptorw compile`
# would rightly refuse the call whose tensor it would address wrongly (codegen/orch_layouts.hpp).
UNARY_ROLES = {  # (first call of the chain: reads the window, last call: its Out is assembled) -> suffix
    (False, False): "", (True, False): "_in", (False, True): "_out", (True, True): "_io",
}


def kernels():
    """Returns (lines, statement count) of the InCore kernels."""
    out, n = [], 0
    for name, op in UNARY.items():
        for suffix in UNARY_ROLES.values():
            out += [
                "    @pl.function(type=pl.FunctionType.InCore)",
                f"    def {name}{suffix}(self, src: {TENSOR}, dst: pl.Out[{TENSOR}]) -> {TENSOR}:",
                f"        t = pl.load(src, [0, 0], [{TR}, {TC}])",
                f"        u = {op}",
                "        r = pl.store(u, [0, 0], dst)",
                "        return r",
                "",
            ]
            n += 4
    for name, op in BINARY.items():  # x: the previous result, y: the window (never the first call)
        for suffix in ("", "_out"):
            out += [
                "    @pl.function(type=pl.FunctionType.InCore)",
                f"    def {name}{suffix}(self, x: {TENSOR}, y: {TENSOR}, dst: pl.Out[{TENSOR}]) -> {TENSOR}:",
                f"        a = pl.load(x, [0, 0], [{TR}, {TC}])",
                f"        b = pl.load(y, [0, 0], [{TR}, {TC}])",
                f"        u = {op}",
                "        r = pl.store(u, [0, 0], dst)",
                "        return r",
                "",
            ]
            n += 5
    return out, n


BLOCK_FIXED = 7   # create, 2 for headers, slice, assemble, 2 yields
MAX_CHAIN = 6


def window_kernels():
    """--windowize: the kernels on whole tensors, one [TR, TC] window at [row, col] each."""
    out, n = [], 0
    head = '    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})'
    idx = "row: pl.Scalar[pl.INDEX], col: pl.Scalar[pl.INDEX]"
    for name, op in UNARY.items():
        out += [
            head,
            f"    def {name}(self, src: {BIG}, {idx}, dst: pl.Out[{BIG}]) -> {BIG}:",
            f"        t = pl.load(src, [row, col], [{TR}, {TC}])",
            f"        u = {op}",
            "        r = pl.store(u, [row, col], dst)",
            "        return r",
            "",
        ]
        n += 4
    for name, op in BINARY.items():
        out += [
            head,
            f"    def {name}(self, x: {BIG}, y: {BIG}, {idx}, dst: pl.Out[{BIG}]) -> {BIG}:",
            f"        a = pl.load(x, [row, col], [{TR}, {TC}])",
            f"        b = pl.load(y, [row, col], [{TR}, {TC}])",
            f"        u = {op}",
            "        r = pl.store(u, [row, col], dst)",
            "        return r",
            "",
        ]
        n += 5
    return out, n


WINDOW_BLOCK_FIXED = 5   # create, 2 for headers, 2 yields


def window_block(b, src, chain, rng, w):
    """--windowize: one block with `chain` calls (1 statement each); returns its result name."""
    p = f"b{b}"
    w(f"        {p}_buf = pl.create_tensor([{ROWS}, {COLS}], dtype=pl.FP32)\n"
      f"        for {p}_i, ({p}_acc,) in pl.range({OUTER}, init_values=({p}_buf,)):\n"
      f"            for {p}_j, ({p}_in,) in pl.range({INNER}, init_values=({p}_acc,)):\n")
    prev = f"{p}_in"
    at = f"{p}_i * {TR}, {p}_j * {TC}"
    unary, binary = list(UNARY), list(BINARY)
    for k in range(chain):
        r = f"{p}_r{k}"
        if rng.random() < 0.3:
            call = f"self.{rng.choice(binary)}({src}, x, {at}, {prev})"
        else:
            call = f"self.{rng.choice(unary)}({src}, {at}, {prev})"
        w(f"                {r} = {call}\n")
        prev = r
    w(f"                {p}_inner = pl.yield_({prev})\n"
      f"            {p}_out = pl.yield_({p}_inner)\n")
    return f"{p}_out"


def block(b, src, chain, rng, w):
    """Writes one block with `chain` kernel calls (2 statements each); returns its result name."""
    p = f"b{b}"
    w(f"        {p}_buf = pl.create_tensor([{ROWS}, {COLS}], dtype=pl.FP32)\n"
      f"        for {p}_i, ({p}_acc,) in pl.range({OUTER}, init_values=({p}_buf,)):\n"
      f"            for {p}_j, ({p}_in,) in pl.range({INNER}, init_values=({p}_acc,)):\n"
      f"                {p}_w = pl.tensor.slice({src}, [{TR}, {TC}], [{p}_i * {TR}, {p}_j * {TC}])\n")
    prev = f"{p}_w"
    unary, binary = list(UNARY), list(BINARY)
    for k in range(chain):
        o, r = f"{p}_o{k}", f"{p}_r{k}"
        last = k == chain - 1
        if k > 0 and rng.random() < 0.3:
            call = f"self.{rng.choice(binary)}{'_out' if last else ''}({prev}, {p}_w, {o})"
        else:
            call = f"self.{rng.choice(unary)}{UNARY_ROLES[(k == 0, last)]}({prev}, {o})"
        w(f"                {o} = pl.create_tensor([{TR}, {TC}], dtype=pl.FP32)\n"
          f"                {r} = {call}\n")
        prev = r
    w(f"                {p}_upd = pl.tensor.assemble({p}_in, {prev}, [{p}_i * {TR}, {p}_j * {TC}])\n"
      f"                {p}_inner = pl.yield_({p}_upd)\n"
      f"            {p}_out = pl.yield_({p}_inner)\n")
    return f"{p}_out"


def generate(statements, seed, out, windowize=False):
    rng = random.Random(seed)
    fixed, per_call = (WINDOW_BLOCK_FIXED, 1) if windowize else (BLOCK_FIXED, 2)
    make_block = window_block if windowize else block
    buf = []
    w = buf.append

    def flush():
        out.write("".join(buf))
        buf.clear()

    klines, kcount = window_kernels() if windowize else kernels()
    budget = statements - kcount - 1            # - the final return
    if budget < fixed + per_call:
        raise SystemExit(f"gen_program: need at least {kcount + 1 + fixed + per_call} statements")
    w(f"# Generated by bench/gen_program.py --statements {statements} --seed {seed}"
      + (" --windowize" if windowize else "") + "\n"
      "# Benchmark input: InCore kernels, then kernel-call chains in nested loops with\n"
      "# tensor.slice / tensor.create / tensor.assemble.\n"
      "import ptorw.language as pl\n\n\n"
      "@pl.program\nclass Generated:\n")
    w("\n".join(klines) + "\n")
    w("    @pl.function(type=pl.FunctionType.Orchestration)\n"
      f"    def main(self, x: {BIG}) -> {BIG}:\n")
    src, b = "x", 0
    while budget > 0:
        chain = rng.randint(1, MAX_CHAIN)
        if budget - (fixed + per_call * chain) < fixed + per_call:
            # last block: take what is left (odd leftovers become one spare tensor.create)
            chain = (budget - fixed) // per_call
            if (budget - fixed) % per_call:
                w(f"        spare = pl.create_tensor([{TR}, {TC}], dtype=pl.FP32)\n")
                budget -= 1
        src = make_block(b, src, chain, rng, w)
        budget -= fixed + per_call * chain
        b += 1
        if len(buf) > 4096:
            flush()
    w(f"        return {src}\n")
    flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--statements", "-n", type=int, default=10000, help="total statements (default 10000)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    ap.add_argument("--windowize", action="store_true",
                    help="windowize=True window kernels on whole tensors (the Pattern 5 benchmark)")
    args = ap.parse_args()
    if args.output == "-":
        generate(args.statements, args.seed, sys.stdout, args.windowize)
    else:
        with open(args.output, "w", encoding="utf-8", buffering=1 << 20) as f:
            generate(args.statements, args.seed, f, args.windowize)


if __name__ == "__main__":
    main()
