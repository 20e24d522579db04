#!/usr/bin/env python3
"""Scalar expressions of mixed dtypes: the interpreter against the orchestration C++ that
`ptorw compile` writes, run (review rev44d 6, 45th session: operands of two dtypes convert to one
dtype first, ir/scalar_promotion.hpp, written in C++ as static_cast).

For each seed, random expressions over scalar parameters of several dtypes (INT8, INT16, INT32,
INT64, INDEX, UINT8, BOOL, FP32), integer and float literals, + - * // % min max, comparisons and
pl.cast:
  A. `main` returns them: `ptorw run --output-dir` gives each value's exact encoding (.npy);
  B. `main` hands them to a kernel: `ptorw compile` (the default pipeline first) writes the C++,
     built against test/support/pto_runtime_sim.hpp and run: each add_scalar word is printed.
The words must equal A's values encoded as the runtime's words (integers sign-extended from their
dtype, UINT8 and BOOL zero-extended, FP32 its bits). The result dtype of each expression, needed
for the kernel's parameter types, is computed here by the rule of docs/semantics.md written again
(a disagreement with the parser is a parse error, reported as a failure).

usage: orch_scalar_diff_test.py PTORW SOURCE_ROOT [--count N] [--first SEED]
"""
import os
import random
import struct
import subprocess
import sys
import tempfile

INTS = {"INT8": 8, "INT16": 16, "INT32": 32, "INT64": 64, "INDEX": 64, "UINT8": 8}
DTYPES = list(INTS) + ["BOOL", "FP32"]
NPY = {"INT8": "|i1", "INT16": "<i2", "INT32": "<i4", "INT64": "<i8", "INDEX": "<i8", "UINT8": "|u1",
       "BOOL": "|b1", "FP32": "<f4"}


def common(a, alit, b, blit):
    """docs/semantics.md "Scalar expressions": the dtype of arithmetic on a and b."""
    if (a == "FP32") != (b == "FP32"):
        return "FP32"
    if alit and not blit:
        return b
    if blit and not alit:
        return a
    if alit:
        return b
    if a == b:
        return a
    if a == "BOOL" or (a == "INDEX" and b != "BOOL"):
        return b
    if b in ("BOOL", "INDEX"):
        return a
    wa, wb = INTS[a], INTS[b]
    if wa != wb:
        return a if wa > wb else b
    if "UINT8" in (a, b):
        return "INT16"
    return a


class Gen:
    def __init__(self, rng, params):
        self.rng, self.params = rng, params

    def leaf(self):
        r = self.rng.random()
        if r < 0.7:
            name, d = self.rng.choice(self.params)
            return name, d, False
        if r < 0.85:
            return str(self.rng.randint(1, 100)), "INDEX", True
        return self.rng.choice(["0.5", "2.25", "3.0", "1e7", "0.1"]), "FP32", True

    def expr(self, depth):
        """(text, dtype, is_literal); the operands of // and % are never float, their divisor a
        parameter or a non-zero literal (parameters are never 0)."""
        if depth == 0 or self.rng.random() < 0.25:
            return self.leaf()
        op = self.rng.choice(["+", "-", "*", "//", "%", "min", "max", "cast"])
        if op == "cast":
            x, d, _ = self.expr(depth - 1)
            to = self.rng.choice(["INT32", "INT64", "FP32", "INT16", "INDEX"])
            if d == "FP32" and to != "FP32":  # float -> integer: keep the value small
                x = f"min(max({x}, -1000.0), 1000.0)"
            return f"pl.cast({x}, target_type=pl.{to})", to, False
        for _ in range(20):
            l, dl, ll = self.expr(depth - 1)
            r, dr, lr = self.leaf() if op in ("//", "%") else self.expr(depth - 1)
            if ll and lr:
                continue
            if dl == "BOOL" and dr == "BOOL":
                continue
            d = common(dl, ll, dr, lr)
            if op in ("//", "%") and (d == "FP32" or r == "0"):
                continue
            if d == "UINT8" and (ll or lr):  # a literal next to UINT8 must fit it: 1..100 does
                pass
            if d == "INT8" and ((ll and int(l) > 127) or (lr and int(r) > 127)):
                continue
            if op in ("min", "max"):
                return f"{op}({l}, {r})", d, False
            return f"({l} {op} {r})", d, False
        return self.leaf()


def value(rng, d):
    if d == "BOOL":
        return rng.choice([0, 1])
    if d == "FP32":
        return rng.choice([0.5, -2.75, 16777217.0, 1e-3, 123.25, -7.5])
    lo, hi = {"INT8": (-128, 127), "UINT8": (1, 255), "INT16": (-3000, 3000)}.get(d, (-5000, 5000))
    v = 0
    while v == 0:
        v = rng.randint(lo, hi)
    if d in ("INDEX", "INT64") and rng.random() < 0.3:
        v = rng.choice([4294967297, -4294967291, 70000])  # wraps when converted to 32 bits
    return v


def word(d, v):
    """The runtime's 64-bit word for a value of dtype d (add_scalar, orch_args.scalar)."""
    if d == "FP32":
        return struct.unpack("<I", struct.pack("<f", v))[0]
    if d in ("UINT8", "BOOL"):
        return int(v) & 0xFF
    return int(v) & 0xFFFFFFFFFFFFFFFF


def save_npy(path, d, v):
    descr = NPY[d]
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (), }" % descr
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    fmt = {"|i1": "<b", "<i2": "<h", "<i4": "<i", "<i8": "<q", "|u1": "<B", "|b1": "<?", "<f4": "<f"}[descr]
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + struct.pack(fmt, v))


def read_npy_word(path):
    data = open(path, "rb").read()
    hlen = struct.unpack("<H", data[8:10])[0]
    header = data[10:10 + hlen].decode()
    descr = header.split("'descr': '")[1].split("'")[0]
    body = data[10 + hlen:]
    if descr == "<f4":
        return struct.unpack("<I", body[:4])[0], True
    fmt = {"|i1": "<b", "<i2": "<h", "<i4": "<i", "<i8": "<q", "|u1": "<B", "|b1": "<?"}[descr]
    v = int(struct.unpack(fmt, body[:struct.calcsize(fmt)])[0])
    return (v & 0xFF if descr in ("|u1", "|b1") else v & 0xFFFFFFFFFFFFFFFF), False


def program(params, exprs, with_kernel):
    sig = ", ".join(f"{n}: pl.Scalar[pl.{d}]" for n, d in params)
    lines = ["import ptorw.language as pl", "", "", "@pl.program", "class P:"]
    if with_kernel:
        ks = ", ".join(f"s{i}: pl.Scalar[pl.{d}]" for i, (_, d) in enumerate(exprs))
        lines += ["    @pl.function(type=pl.FunctionType.InCore)",
                  f"    def k(self, x: pl.Tensor[[16, 64], pl.FP32], {ks}, out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:",
                  "        t = pl.load(x, [0, 0], [16, 64])", "        r = pl.store(t, [0, 0], out)", "        return r", ""]
        lines += ["    @pl.function(type=pl.FunctionType.Orchestration)",
                  f"    def main(self, x: pl.Tensor[[16, 64], pl.FP32], {sig}) -> pl.Tensor[[16, 64], pl.FP32]:",
                  "        o = pl.create_tensor([16, 64], dtype=pl.FP32)"]
        for i, (e, _) in enumerate(exprs):
            lines.append(f"        e{i} = {e}")
        lines += [f"        r = self.k(x, {', '.join(f'e{i}' for i in range(len(exprs)))}, o)", "        return r"]
    else:
        rets = ", ".join(f"pl.Scalar[pl.{d}]" for _, d in exprs)
        lines += ["    @pl.function(type=pl.FunctionType.Orchestration)",
                  f"    def main(self, {sig}) -> tuple[{rets}]:"]
        for i, (e, _) in enumerate(exprs):
            lines.append(f"        e{i} = {e}")
        lines.append(f"        return {', '.join(f'e{i}' for i in range(len(exprs)))}")
    return "\n".join(lines) + "\n"


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def one(ptorw, root, cxx, seed, tmp):
    rng = random.Random(seed)
    params = [(f"p{i}", d) for i, d in enumerate(rng.sample(DTYPES, 5) + [rng.choice(DTYPES)])]
    values = {n: value(rng, d) for n, d in params}
    gen = Gen(rng, params)
    exprs = []
    while len(exprs) < 6:
        text, d, lit = gen.expr(3)
        if lit:
            continue
        if rng.random() < 0.2:  # a comparison of two expressions
            other, d2, lit2 = gen.expr(2)
            text, d = f"({text} {rng.choice(['<', '<=', '==', '!=', '>', '>='])} {other})", "BOOL"
        if d == "UINT8":  # no PTO scalar type for UINT8: passed to the kernel widened, exactly
            text, d = f"pl.cast({text}, target_type=pl.INT16)", "INT16"
        exprs.append((text, d))
    d = os.path.join(tmp, f"s{seed}")
    os.makedirs(d)
    a, b = os.path.join(d, "a.py"), os.path.join(d, "b.py")
    open(a, "w").write(program(params, exprs, False))
    open(b, "w").write(program(params, exprs, True))
    inputs = []
    for n, dt in params:
        save_npy(os.path.join(d, n + ".npy"), dt, values[n])
        inputs += ["--input", f"{n}={os.path.join(d, n + '.npy')}"]
    r = run([ptorw, "run", a, "--output-dir", os.path.join(d, "out")] + inputs, timeout=60)
    if r.returncode != 0 and "by zero" in r.stderr:  # a divisor converted to a narrower dtype was 0
        return "skip"
    if r.returncode != 0:
        return f"ptorw run {a}: exit {r.returncode}: {r.stderr[:1500]}"
    want = [read_npy_word(os.path.join(d, "out", f"return_{i}.npy")) for i in range(len(exprs))]
    c = run([ptorw, "compile", b, "-o", os.path.join(d, "tree"), "-q"], timeout=60)
    if c.returncode != 0:
        return f"ptorw compile {b}: exit {c.returncode}: {c.stderr[:1500]}"
    exe = os.path.join(d, "sim")
    tu = os.path.join(d, "case.cpp")
    open(tu, "w").write('#include <cstdint>\n#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n'
                        f'#include "{os.path.join(d, "tree", "orchestration", "main.cpp")}"\n'
                        "int32_t sim_case_config(int) { return orchestration_config(); }\n"
                        "void sim_case_entry(int, const OrchArgs& a) { orchestration_entry(a); }\n")
    g = run([cxx, "-std=c++17", "-O0", "-w", "-include", os.path.join(root, "test/support/pto_runtime_sim.hpp"), tu,
             os.path.join(root, "test/support/orch_sim_main.cpp"), "-o", exe])
    if g.returncode != 0:
        return f"the C++ of {b} does not build: {g.stderr[:1500]}"
    slots = ["t:4:16,64"] + [f"s:{word(dt, values[n])}" for n, dt in params] + ["t:4:16,64"]
    s = run([exe, "0"] + slots, timeout=30)
    if s.returncode != 0:
        return f"the C++ of {b} failed: {s.stderr[:500]}"
    got = [int(w) for w in s.stdout.split("scalar ")[1:] for w in [w.split()[0]]]
    if len(got) != len(exprs):
        return f"{b}: {len(got)} scalar words submitted for {len(exprs)} expressions:\n{s.stdout[:500]}"
    for i, ((text, dt), (w, is_float), g_) in enumerate(zip(exprs, want, got)):
        nan = is_float and (w & 0x7F800000) == 0x7F800000 and (w & 0x7FFFFF) and (g_ & 0x7F800000) == 0x7F800000 and (g_ & 0x7FFFFF)
        if w != g_ and not nan:
            return (f"seed {seed}, e{i} = {text} ({dt}) with " + ", ".join(f"{n} = {values[n]} ({dt_})" for n, dt_ in params) +
                    f": the interpreter gives word {w:#x}, the C++ {g_:#x} (files in {d})")
    return None


def main():
    args = sys.argv[1:]
    count, first = 40, 1
    if "--count" in args:
        i = args.index("--count")
        count = int(args[i + 1])
        del args[i:i + 2]
    if "--first" in args:
        i = args.index("--first")
        first = int(args[i + 1])
        del args[i:i + 2]
    ptorw, root = args[0], args[1]
    cxx = os.environ.get("CXX_FOR_SIM", "g++")
    if subprocess.run(["which", cxx], capture_output=True).returncode != 0:
        print(f"orch_scalar_diff: {cxx} not found: skipped")
        return 77
    failures = skipped = 0
    with tempfile.TemporaryDirectory(prefix="ptorw_scalar_diff.") as tmp:
        for seed in range(first, first + count):
            msg = one(ptorw, root, cxx, seed, tmp)
            if msg == "skip":
                skipped += 1
            elif msg:
                failures += 1
                print(f"FAIL: {msg}")
                if failures >= 5:
                    break
    print(f"orch_scalar_diff: {count} programs from seed {first}, {skipped} skipped (a division by zero in the "
          f"interpreter), {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
