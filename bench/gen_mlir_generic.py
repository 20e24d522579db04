#!/usr/bin/python3
"""The program of bench/gen_program.py in MLIR's generic form, for the side-by-side with mlir-opt
(issue 20: "emits the generic form of the same program and times mlir-opt-19
--allow-unregistered-dialect --canonicalize --cse on it against ptorw compile").

    bench/gen_mlir_generic.py IN.py [-o OUT.mlir]

Reads only what gen_program.py writes (plain and --windowize; not a general DSL reader) and writes
one op per statement of `main`, the same structure:
  - pl.create_tensor      -> "pl.create_tensor"() (unregistered: unknown effects, never merged,
                             like a runtime allocation)
  - pl.tensor.slice/assemble -> "pl.tensor.slice" / "pl.tensor.assemble" (unregistered)
  - self.k(...)           -> "func.call" of a private "func.func" declaration per kernel
  - pl.range + pl.yield_  -> "scf.for" with its iter arg and "scf.yield"
  - `i * 32` (an offset)  -> "arith.muli" of the loop index and an "arith.constant"
  - return                -> "func.return"
so the op count is the statement count plus the index arithmetic, which canonicalize and CSE
really work on (constants hoisted and merged, products of the same index merged). The kernels
are declarations: their bodies are tile code that has no counterpart upstream, and ptorw compiles
six of them against a million orchestration statements.
"""
import argparse
import re
import sys

ASSIGN = re.compile(r"^(\s*)(\w+) = (.*)$")
FOR = re.compile(r"^(\s*)for (\w+), \((\w+),\) in pl\.range\((\d+), init_values=\((\w+),\)\):$")
RET = re.compile(r"^(\s*)return (\w+)$")
CREATE = re.compile(r"pl\.create_tensor\(\[(\d+), (\d+)\], dtype=pl\.FP32\)$")
SLICE = re.compile(r"pl\.tensor\.slice\((\w+), \[(\d+), (\d+)\], \[(.*)\]\)$")
ASSEMBLE = re.compile(r"pl\.tensor\.assemble\((\w+), (\w+), \[(.*)\]\)$")
CALL = re.compile(r"self\.(\w+)\((.*)\)$")
YIELD = re.compile(r"pl\.yield_\((\w+)\)$")
KERNEL = re.compile(r"^    def (\w+)\(self, (.*)\) -> (.*):$")
PARAM_TYPE = re.compile(r"pl\.Tensor\[\[(\d+), (\d+)\], pl\.FP32\]")


def tensor(r, c):
    return f"tensor<{r}x{c}xf32>"


def param_types(params):
    out = []
    for p in re.split(r", (?=\w+:)", params):
        m = PARAM_TYPE.search(p)
        out.append(tensor(*m.groups()) if m else "index")
    return out


class Emitter:
    def __init__(self, out):
        self.out = out
        self.types = {}      # DSL name -> MLIR type
        self.kernels = {}    # kernel -> (param types, result type)
        self.consts = set()
        self.tmp = 0

    def w(self, depth, s):
        self.out.append("  " * depth + s + "\n")

    def const(self, n):
        self.consts.add(n)
        return f"%c{n}"

    def index(self, depth, e):
        """An index operand: a name, or `name * K` as one arith.muli."""
        e = e.strip()
        if "*" in e:
            a, k = (x.strip() for x in e.split("*"))
            self.tmp += 1
            t = f"%m{self.tmp}"
            self.w(depth, f'{t} = "arith.muli"(%{a}, {self.const(int(k))}) : (index, index) -> index')
            return t
        return f"%{e}"

    def operand(self, depth, e):
        e = e.strip()
        if "*" in e:
            return self.index(depth, e), "index"
        return f"%{e}", self.types[e]

    def body(self, lines, i, depth, indent):
        """Statements at `indent` from lines[i]; returns (next index, name yielded or None)."""
        while i < len(lines):
            line = lines[i]
            lead = len(line) - len(line.lstrip())
            if lead < indent:
                return i, None
            if m := FOR.match(line):
                _, iv, acc, n, init = m.groups()
                ty = self.types[init]
                self.types[acc] = ty
                self.types[iv] = "index"
                inner = []
                saved, self.out = self.out, inner
                j, yielded = self.body(lines, i + 1, depth + 1, lead + 4)
                self.out = saved
                # the loop's result is the name its body's pl.yield_ assigns
                self.w(depth, f'%{yielded[0]} = "scf.for"({self.const(0)}, {self.const(int(n))}, {self.const(1)}, '
                              f'%{init}) ({{')
                self.w(depth, f"^bb0(%{iv}: index, %{acc}: {ty}):")
                self.out.extend(inner)
                self.w(depth + 1, f'"scf.yield"(%{yielded[1]}) : ({ty}) -> ()')
                self.w(depth, f"}}) : (index, index, index, {ty}) -> {ty}")
                self.types[yielded[0]] = ty
                i = j
                continue
            if m := RET.match(line):
                v = m.group(2)
                self.w(depth, f'"func.return"(%{v}) : ({self.types[v]}) -> ()')
                i += 1
                continue
            m = ASSIGN.match(line)
            if not m:
                raise SystemExit(f"gen_mlir_generic: cannot read line {i + 1}: {line!r}")
            _, name, rhs = m.groups()
            if y := YIELD.match(rhs):
                return i + 1, (name, y.group(1))
            if c := CREATE.match(rhs):
                ty = tensor(*c.groups())
                self.w(depth, f'%{name} = "pl.create_tensor"() : () -> {ty}')
            elif s := SLICE.match(rhs):
                src, r, c_, offs = s.groups()
                ty = tensor(r, c_)
                o = [self.index(depth, x) for x in offs.split(",")]
                self.w(depth, f'%{name} = "pl.tensor.slice"(%{src}, {", ".join(o)}) : '
                              f'({self.types[src]}, index, index) -> {ty}')
            elif a := ASSEMBLE.match(rhs):
                dst, part, offs = a.groups()
                ty = self.types[dst]
                o = [self.index(depth, x) for x in offs.split(",")]
                self.w(depth, f'%{name} = "pl.tensor.assemble"(%{dst}, %{part}, {", ".join(o)}) : '
                              f'({ty}, {self.types[part]}, index, index) -> {ty}')
            elif k := CALL.match(rhs):
                callee, args = k.groups()
                ops = [self.operand(depth, x) for x in args.split(",")]
                params, ty = self.kernels[callee]
                self.w(depth, f'%{name} = "func.call"({", ".join(v for v, _ in ops)}) <{{callee = @{callee}}}> : '
                              f'({", ".join(params)}) -> {ty}')
            else:
                raise SystemExit(f"gen_mlir_generic: unknown statement at line {i + 1}: {line!r}")
            self.types[name] = ty
            i += 1
        return i, None


def convert(text):
    lines = text.splitlines()
    e = Emitter([])
    main_at = None
    for i, line in enumerate(lines):
        if m := KERNEL.match(line):
            name, params, ret = m.groups()
            if name == "main":
                main_at = i
                main_params = params
                continue
            e.kernels[name] = (param_types(params), tensor(*PARAM_TYPE.search(ret).groups()))
    if main_at is None:
        raise SystemExit("gen_mlir_generic: no main function (not a gen_program.py program?)")
    (x_ty,) = param_types(main_params)
    e.types["x"] = x_ty
    body = [l for l in lines[main_at + 1:] if l.strip()]
    e.body(body, 0, 2, 8)
    out = ['"builtin.module"() ({\n']
    for name, (params, ty) in e.kernels.items():
        out.append(f'  "func.func"() <{{function_type = ({", ".join(params)}) -> {ty}, sym_name = "{name}", '
                   f'sym_visibility = "private"}}> ({{\n  }}) : () -> ()\n')
    out.append(f'  "func.func"() <{{function_type = ({x_ty}) -> {x_ty}, sym_name = "main"}}> ({{\n')
    out.append(f"  ^bb0(%x: {x_ty}):\n")
    for n in sorted(e.consts):
        out.append(f'    %c{n} = "arith.constant"() <{{value = {n} : index}}> : () -> index\n')
    out.extend(e.out)
    out.append("  }) : () -> ()\n}) : () -> ()\n")
    return "".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("input", help="a program written by bench/gen_program.py")
    ap.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    args = ap.parse_args()
    sys.setrecursionlimit(10000)
    with open(args.input, encoding="utf-8") as f:
        text = convert(f.read())
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
