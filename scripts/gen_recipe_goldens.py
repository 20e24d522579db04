#!/usr/bin/env python3
"""Writes the per-recipe-row x planner goldens of LowerTileToBuffer into
test/golden/lower-tile-to-buffer/recipes/.

The expected outputs come from this script's own copy of the spec's recipe table
(lower_tile_to_buffer.md, "Default whole-kernel selection": ops x element types), written by hand
from the spec — never from running the pass — so a wrong row in the library's table
(lowering/recipes/elementwise_table.hpp) makes a golden fail. Re-run after editing the table below:

    /usr/bin/python3 scripts/gen_recipe_goldens.py
"""
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "golden", "lower-tile-to-buffer", "recipes")

# (op, arity, dtypes) — the spec's table. arity: binary (a, b), unary (a), scalar (a, s), fill (value).
ROWS = [
    ("add", "binary", ["FP32", "FP16", "INT32"]),
    ("mul", "binary", ["FP32", "FP16", "INT32"]),
    ("sub", "binary", ["FP32"]), ("div", "binary", ["FP32"]),
    ("maximum", "binary", ["FP32"]), ("minimum", "binary", ["FP32"]),
    ("abs", "unary", ["FP32"]), ("exp", "unary", ["FP32"]), ("sqrt", "unary", ["FP32"]),
    ("neg", "unary", ["FP32"]), ("relu", "unary", ["FP32"]), ("log", "unary", ["FP32"]),
    ("recip", "unary", ["FP32"]),
    ("adds", "scalar", ["FP32"]), ("subs", "scalar", ["FP32"]), ("muls", "scalar", ["FP32"]),
    ("divs", "scalar", ["FP32"]), ("maximums", "scalar", ["FP32"]), ("minimums", "scalar", ["FP32"]),
    ("lrelu", "scalar", ["FP32"]),
    ("full", "fill", ["FP32"]),
]
TRANSFER_DTYPES = ["FP16", "BF16", "FP32", "INT32"]
BYTES = {"FP16": 2, "BF16": 2, "FP32": 4, "INT32": 4}
PLANNERS = ["PYPTO", "DSA_RP", "PTOAS"]


def addresses(planner, n, size):
    """The hand-placed addresses of the input: PYPTO in definition order, DSA_RP in reverse, PTOAS none."""
    if planner == "PTOAS":
        return [None] * n
    order = list(range(n)) if planner == "PYPTO" else list(reversed(range(n)))
    return [order[i] * size for i in range(n)]


def alloc_tile(name, size, addr):
    return f"        {name} = pl.tile.alloc(pl.Mem.Vec, {size}" + ("" if addr is None else f", addr={addr}") + ")"


def alloc_buf(name, dt, addr):
    return (f"        {name}: pl.Buffer[[16, 32], pl.{dt}, pl.Mem.Vec] = pl.buffer.alloc(()"
            + ("" if addr is None else f", {addr}") + ")")


def program(sig, body):
    return "@pl.program\nclass R:\n" + sig + "\n".join(body) + "\n"


def write(name, rule, before, after):
    with open(os.path.join(ROOT, name + ".before.py"), "w") as f:
        f.write(f"# rule: {rule}\n# passes: select-buffer-ir,lower-tile-to-buffer\n" + before)
    with open(os.path.join(ROOT, name + ".after.py"), "w") as f:
        f.write(after)


def kernel_sig(dt, stage):
    t = f"pl.Tensor[[16, 32], pl.{dt}]"
    deco = ("    @pl.function(type=pl.FunctionType.InCore, attrs={\"buffer_ir_selected\": True}, "
            "stage=pl.FunctionIRStage.Buffer)\n" if stage else "    @pl.function(type=pl.FunctionType.InCore)\n")
    return deco + f"    def kernel(self, A: {t}, B: {t}, Out: pl.Out[{t}]) -> {t}:\n"


def tile(dt, mem, size):
    return f"pl.Tile[[16, 32], pl.{dt}, pl.MemRef({mem}, 0, {size}), pl.Mem.Vec]"


def recipe_case(op, arity, dt, planner):
    size = 16 * 32 * BYTES[dt]
    names = {"binary": ["ma", "mb", "mr"], "unary": ["ma", "mr"], "scalar": ["ma", "mr"], "fill": ["mr"]}[arity]
    addr = dict(zip(names, addresses(planner, len(names), size)))
    before = [alloc_tile(n, size, addr[n]) for n in names]
    after = [alloc_buf(n[1:] + "_buf", dt, addr[n]) for n in names]
    if "ma" in names:
        before.append(f"        a: {tile(dt, 'ma', size)} = pl.load(A, [0, 0], [16, 32])")
        after.append("        pl.buffer.load(A, (0, 0), (16, 32), a_buf)")
    if "mb" in names:
        before.append(f"        b: {tile(dt, 'mb', size)} = pl.load(B, [0, 0], [16, 32])")
        after.append("        pl.buffer.load(B, (0, 0), (16, 32), b_buf)")
    call = {"binary": ("(a, b)", "(a_buf, b_buf, r_buf)"), "unary": ("(a)", "(a_buf, r_buf)"),
            "scalar": ("(a, 0.5)", "(a_buf, 0.5, r_buf)"),
            "fill": (f"([16, 32], 0.5, dtype=pl.{dt})", "(0.5, r_buf)")}[arity]
    before.append(f"        r: {tile(dt, 'mr', size)} = pl.tile.{op}{call[0]}")
    after.append(f"        pl.buffer.{op}{call[1]}")
    before += [f"        result: pl.Tensor[[16, 32], pl.{dt}] = pl.store(r, [0, 0], Out)", "        return result"]
    after += ["        pl.buffer.store(r_buf, (0, 0), (16, 32), Out)", "        return Out"]
    rule = (f"Recipe table row {op} ({dt}), planner {planner} — tile.{op} becomes buffer.{op} writing its "
            f"destination handle; {'addresses passed once' if planner != 'PTOAS' else 'addressless allocations'}")
    write(f"{op}_{dt.lower()}_{planner.lower()}", rule, program(kernel_sig(dt, False), before),
          program(kernel_sig(dt, True), after))


def transfer_case(dt, planner):
    size = 16 * 32 * BYTES[dt]
    (a,) = addresses(planner, 1, size)
    before = [alloc_tile("ma", size, a), f"        x: {tile(dt, 'ma', size)} = pl.load(A, [0, 0], [16, 32])",
              f"        result: pl.Tensor[[16, 32], pl.{dt}] = pl.store(x, [0, 0], Out)", "        return result"]
    after = [alloc_buf("x_buf", dt, a), "        pl.buffer.load(A, (0, 0), (16, 32), x_buf)",
             "        pl.buffer.store(x_buf, (0, 0), (16, 32), Out)", "        return Out"]
    rule = (f"Recipe table row ordinary packed ND GM load/store ({dt}), planner {planner} — transfers keep the "
            f"element type (no casts){'; BF16 transfer does not imply BF16 arithmetic' if dt == 'BF16' else ''}")
    write(f"transfer_{dt.lower()}_{planner.lower()}", rule, program(kernel_sig(dt, False), before),
          program(kernel_sig(dt, True), after))


def main():
    os.makedirs(ROOT, exist_ok=True)
    for f in os.listdir(ROOT):
        if f.endswith(".py"):
            os.remove(os.path.join(ROOT, f))
    n = 0
    for op, arity, dts in ROWS:
        for dt in dts:
            # Every row with its primary dtype under all three planners; extra dtypes under PYPTO.
            for planner in (PLANNERS if dt == dts[0] else ["PYPTO"]):
                recipe_case(op, arity, dt, planner)
                n += 1
    for dt in TRANSFER_DTYPES:
        for planner in PLANNERS:
            transfer_case(dt, planner)
            n += 1
    print(f"wrote {n} golden pairs into {os.path.relpath(ROOT)}")


if __name__ == "__main__":
    main()
