#!/usr/bin/env python3
"""Run the orchestration C++ that `ptorw compile` writes, and compare what it submits with the task
graph `ptorw tasks` reads from the same program's IR (issue 20's emitter checked by execution, not
only by a syntax check and three goldens).

For each input (the examples, every golden Before program, and generated programs of both styles from
test/fuzz/print_generated):
  1. `ptorw compile` writes orchestration/<fn>.cpp (inputs without one are counted and skipped);
  2. `ptorw tasks --passes default --entry <fn>` gives the tasks of the IR: kernel id, and per tensor
     argument its direction, storage and the byte ranges its window covers;
  3. the C++ is built with g++ against test/support/pto_runtime_sim.hpp (a recording runtime written
     from pto_format.md, force-included in place of the declarations) and run with the parameters'
     shapes from the program's signature; every rt_submit_* prints the same items;
  4. both task lists are compared after naming storages alike: parameter i is P<i>, every other
     storage (an allocation, an output slot) T<n> by its first appearance. A Group's task (a mixed
     task) is named by its members' kernel ids, read from the source's Group body and the manifest.
Scalar words are not compared (the IR graph has none); a program whose orchestration reads a tensor
on the host, or has a float scalar parameter, is skipped (said so).

usage: orch_sim_test.py PTORW SOURCE_ROOT [PRINT_GENERATED] [--count N] [--keep DIR]
"""
import ast
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

DTYPE_BYTES = {"FP32": 4, "FP16": 2, "BF16": 2, "INT32": 4, "INT8": 1, "INT16": 2, "INT64": 8,
               "UINT8": 1, "BOOL": 1, "INDEX": 8}
SCALAR_VALUE = 3  # every INDEX / INT scalar parameter (tasks: --scalar NAME=3; the C++: the word 3)


class Skip(Exception):
    pass


def attr_name(node):
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None


def tensor_spec(ann):
    """(element bytes, [dims]) of a pl.Tensor annotation (also inside pl.Out / pl.InOut), or None."""
    if not isinstance(ann, ast.Subscript):
        return None
    head = attr_name(ann.value)
    if head in ("Out", "InOut"):
        return tensor_spec(ann.slice)
    if head != "Tensor":
        return None
    parts = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
    dims = []
    for d in parts[0].elts:
        dims.append(d.value if isinstance(d, ast.Constant) else 64)  # a pl.dynamic dim: tasks' default 64
    strides = None  # pl.TensorView(stride=[...]): the caller's tensor has these element strides
    for extra in parts[2:]:
        if isinstance(extra, ast.Call) and attr_name(extra.func) == "TensorView":
            for kw in extra.keywords:
                if kw.arg == "stride":
                    if not all(isinstance(e, ast.Constant) for e in kw.value.elts):
                        raise Skip("a parameter with symbolic strides")
                    strides = [e.value for e in kw.value.elts]
    return DTYPE_BYTES[attr_name(parts[1])], dims, strides


def slot(spec):
    text = f"t:{spec[0]}:{','.join(map(str, spec[1]))}"
    return text + (f":{','.join(map(str, spec[2]))}" if spec[2] else "")


def signature(source, fn):
    """[(kind, name, spec)] of the parameters, and [spec] of the results, of Orchestration function fn."""
    tree = ast.parse(source)
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        for f in cls.body:
            if isinstance(f, ast.FunctionDef) and f.name == fn:
                params = []
                for a in f.args.args[1:]:
                    spec = tensor_spec(a.annotation)
                    if spec:
                        params.append(("t", a.arg, spec))
                        continue
                    ann = a.annotation
                    dt = attr_name(ann.slice) if isinstance(ann, ast.Subscript) and attr_name(ann.value) == "Scalar" else None
                    if dt in ("FP32", "FP16", "BF16"):
                        raise Skip(f"float scalar parameter '{a.arg}'")
                    params.append(("s", a.arg, None))
                ret = f.returns
                results = []
                if isinstance(ret, ast.Subscript) and attr_name(ret.value) == "tuple":
                    results = [tensor_spec(e) for e in ret.slice.elts]
                elif ret is not None:
                    results = [tensor_spec(ret)]
                return params, results
    raise Skip(f"no function '{fn}' found in the source")


def group_members(source, manifest):
    """{Group name: "mixed AIC,AIV0,AIV1"}: the kernel ids (manifest) of the functions each Group
    function of the source calls, the cube one first, then the vector ones in call order (-1 for a
    missing second), as pto_format.md's rt_submit_task(mixed, args) names them. Read from the
    source, not from the compiler's kernel table (Group bodies are not rewritten by the passes)."""
    ids = {k["name"]: (k["id"], k["kind"]) for k in manifest.get("kernels", [])}
    out = {}
    for cls in ast.parse(source).body:
        if not isinstance(cls, ast.ClassDef):
            continue
        for f in cls.body:
            if not isinstance(f, ast.FunctionDef) or "FunctionType.Group" not in ast.unparse(f.decorator_list[0]):
                continue
            aic, aiv = -1, []
            for n in ast.walk(f):
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and attr_name(n.func.value) == "self":
                    kid, kind = ids.get(n.func.attr, (None, None))
                    if kind == "aic":
                        aic = kid
                    elif kind == "aiv":
                        aiv.append(kid)
            aiv += [-1] * (2 - len(aiv))
            out[f.name] = f"mixed {aic},{aiv[0]},{aiv[1]}"
    return out


def canon(items, nparams):
    """Renames the storages that are not parameters (P<i>, i < nparams) T0, T1, ... by first
    appearance over a list of tasks: the IR's creates, the C++'s allocations and output slots."""
    names = {}
    out = []
    for kind, args in items:
        row = [kind]
        for d, storage, ranges in args:
            if not (storage.startswith("P") and int(storage[1:]) < nparams):
                storage = names.setdefault(storage, f"T{len(names)}")
            row.append(f"{d} {storage}:{ranges}")
        out.append(" | ".join(row))
    return out


def ir_tasks(graph, params, groups):
    pos = {name: i for i, (_, name, _) in enumerate(params)}
    label = {}
    for s in graph["storages"]:
        label[s["id"]] = f"P{pos[s['name']]}" if s["origin"] == "param" and s["name"] in pos else f"S{s['id']}"
    items = []
    for t in graph["tasks"]:
        kind = groups.get(t["kernel"], "mixed ?") if t["core"] == "mixed" else f"{t['core']} {t['kernel_id']}"
        args = [(a["dir"], label[a["storage"]], "".join(f"[{lo},{hi})" for lo, hi in a["bytes"])) for a in t["args"]]
        items.append((kind, args))
    return canon(items, len(params))


def sim_tasks(lines, nparams):
    items = []
    for line in lines:
        parts = line.split(" | ")
        head = parts[0].split(" ")
        kind = f"{head[0]} {head[1]}"  # "mixed AIC,AIV0,AIV1" for a Group's task
        args = []
        for p in parts[1:]:
            d, rest = p.split(" ", 1)
            if d == "scalar":
                continue
            storage, ranges = rest.split(":", 1)
            args.append((d, storage, ranges))
        items.append((kind, args))
    return canon(items, nparams)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def prepare(ptorw, src_path, tree):
    """The orchestration files of one input, each with its argument slots and its IR task list;
    raises Skip; returns (cases, failure message or None)."""
    source = open(src_path).read()
    shutil.rmtree(tree, ignore_errors=True)
    r = run([ptorw, "compile", src_path, "-o", tree, "-q"])
    if r.returncode > 1:
        return [], f"compile crashed (exit {r.returncode}): {r.stderr[:300]}"
    orch_dir = os.path.join(tree, "orchestration")
    cpps = sorted(os.listdir(orch_dir)) if os.path.isdir(orch_dir) else []
    if not cpps:
        raise Skip("no orchestration C++ written")
    cases = []
    with open(os.path.join(tree, "manifest.json")) as f:
        groups = group_members(source, json.load(f))
    for cpp in cpps:
        fn = cpp[:-4]
        path = os.path.join(orch_dir, cpp)
        text = open(path).read()
        if ".read<" in text:
            raise Skip("the orchestration reads a tensor on the host")
        params, results = signature(source, fn)
        for spec in [p[2] for p in params if p[2]] + [r for r in results if r]:
            elems = 1
            for d in spec[1]:
                elems *= d
            if elems > (1 << 22):
                raise Skip("a tensor of more than 4M elements (the simulation lists every element's address)")
        slots = []
        for kind, _, spec in params:
            slots.append(slot(spec) if kind == "t" else f"s:{SCALAR_VALUE}")
        # Output slots: "// result I is argument slot K (the caller's output tensor)" (pto_format.md:
        # the results' output tensors follow the parameters); a result written into a parameter or
        # into another result's slot takes none.
        outputs = {int(k): int(i) for i, k in re.findall(r"// result (\d+) is argument slot (\d+)", text)}
        for k in sorted(outputs):
            if k != len(slots) or outputs[k] >= len(results) or not results[outputs[k]]:
                return [], f"{cpp}: output slot {k} (result {outputs[k]}) does not follow the {len(slots)} slots before it"
            slots.append(slot(results[outputs[k]]))
        scalars = [f"--scalar={name}={SCALAR_VALUE}" for kind, name, _ in params if kind == "s"]
        g = run([ptorw, "tasks", src_path, "--passes", "default", "--entry", fn] + scalars)
        if g.returncode != 0:
            return [], f"ptorw tasks failed (exit {g.returncode}): {g.stderr[:500]}"
        cases.append({"cpp": path, "slots": slots, "want": ir_tasks(json.loads(g.stdout), params, groups), "nparams": len(params)})
    return cases, None


def build(cases, root, cxx, tmp):
    """One executable for every case: each file in a namespace of its own, its two entry points
    renamed (they are extern "C"), and sim_case_config / sim_case_entry choosing by number for
    test/support/orch_sim_main.cpp (`sim K SLOTS...` runs case K). Returns an error message or None."""
    # Every header an emitted file includes, first: inside the namespaces their includes are then no-ops.
    tu = ["#include <cstdint>", "#include <cstdio>", "#include <cstdlib>", "#include <cstring>", ""]
    for k, c in enumerate(cases):
        tu += [f"namespace case_{k} {{", f"#define orchestration_config orch_config_{k}",
               f"#define orchestration_entry orch_entry_{k}", f'#include "{c["cpp"]}"',
               "#undef orchestration_config", "#undef orchestration_entry", "}"]
    tu += ["", "struct Case { int32_t (*config)(); void (*entry)(const OrchArgs&); };", "static const Case kCases[] = {"]
    tu += [f"  {{case_{k}::orch_config_{k}, case_{k}::orch_entry_{k}}}," for k in range(len(cases))]
    tu += ["};", "int32_t sim_case_config(int k) { return kCases[k].config(); }",
           "void sim_case_entry(int k, const OrchArgs& a) { kCases[k].entry(a); }"]
    with open(os.path.join(tmp, "cases.cpp"), "w") as f:
        f.write("\n".join(tu) + "\n")
    b = run([cxx, "-std=c++17", "-O0", "-w", "-include", os.path.join(root, "test/support/pto_runtime_sim.hpp"),
             os.path.join(tmp, "cases.cpp"), os.path.join(root, "test/support/orch_sim_main.cpp"),
             "-o", os.path.join(tmp, "sim")])
    return None if b.returncode == 0 else f"the orchestration C++ does not build against the simulated runtime:\n{b.stderr[:3000]}"


def compare(case, exe, k):
    try:
        s = run([exe, str(k)] + case["slots"], timeout=60)
    except subprocess.TimeoutExpired:
        return "the simulated run did not end within 60 s"
    if s.returncode != 0:
        return f"the simulated run failed (exit {s.returncode}): {s.stderr[:500]}"
    want, got = case["want"], sim_tasks([l for l in s.stdout.splitlines() if l], case["nparams"])
    if want == got:
        return None
    for i in range(max(len(want), len(got))):
        w = want[i] if i < len(want) else "<none>"
        h = got[i] if i < len(got) else "<none>"
        if w != h:
            return f"task {i} differs ({len(want)} tasks in the IR, {len(got)} submitted)\n  IR : {w}\n  C++: {h}"
    return None


def main():
    args = [a for a in sys.argv[1:]]
    count, keep = 40, None
    if "--count" in args:
        i = args.index("--count")
        count = int(args[i + 1])
        del args[i:i + 2]
    if "--keep" in args:
        i = args.index("--keep")
        keep = args[i + 1]
        del args[i:i + 2]
    if len(args) < 2 or args[0] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[-1])
        return 0 if args and args[0] in ("-h", "--help") else 2
    ptorw, root = os.path.abspath(args[0]), args[1]
    fuzz = args[2] if len(args) > 2 and args[2] else None
    cxx = os.environ.get("CXX_FOR_SIM", "g++")
    if keep:
        os.makedirs(keep, exist_ok=True)
        return run_all(ptorw, root, fuzz, cxx, count, keep)
    with tempfile.TemporaryDirectory(prefix="ptorw_orch_sim.") as tmp:
        return run_all(ptorw, root, fuzz, cxx, count, tmp)


def run_all(ptorw, root, fuzz, cxx, count, tmp):
    inputs = [os.path.join(root, "examples", f) for f in sorted(os.listdir(os.path.join(root, "examples"))) if f.endswith(".py")]
    inputs += sorted(glob.glob(os.path.join(root, "test/golden/**/*.before.py"), recursive=True))
    if fuzz:
        # The hand-written style with tensor results only: a scalar result has no C++ form, and
        # most of those programs would be skipped.
        for style in ("ssa", "text-tensors"):
            for seed in range(1, count + 1):
                r = run([fuzz, style, str(seed)])
                if r.returncode != 0:
                    print(f"FAIL: print_generated {style} {seed}: {r.stderr[:200]}")
                    return 1
                p = os.path.join(tmp, f"gen_{style}_{seed}.py")
                with open(p, "w") as f:
                    f.write(r.stdout)
                inputs.append(p)
    else:
        print("no program printer given: examples only")
    fails = compared = skipped = 0
    reasons = {}
    cases, owner = [], []
    for n, p in enumerate(inputs):
        shown = os.path.relpath(p, root) if p.startswith(os.path.abspath(root)) else p
        try:
            cs, msg = prepare(ptorw, p, os.path.join(tmp, f"tree_{n}"))
        except Skip as e:
            skipped += 1
            reasons[str(e)] = reasons.get(str(e), 0) + 1
            continue
        if msg:
            fails += 1
            print(f"FAIL: {shown}: {msg}")
            continue
        for c in cs:
            cases.append(c)
            owner.append(f"{shown} ({os.path.basename(c['cpp'])})")
    if cases:
        msg = build(cases, root, cxx, tmp)
        if msg:
            print(f"FAIL: {msg}")
            return 1
    exe = os.path.join(tmp, "sim")
    mixed = 0
    for k, c in enumerate(cases):
        msg = compare(c, exe, k)
        if msg:
            fails += 1
            print(f"FAIL: {owner[k]}: {msg}")
        else:
            compared += 1
            with open(c["cpp"]) as f:
                mixed += "rt_submit_task(" in f.read()
    for r, n in sorted(reasons.items(), key=lambda x: -x[1]):
        print(f"skipped {n}: {r}")
    print(f"orch_sim: {compared} orchestration functions run and equal to their IR task graphs "
          f"({mixed} with a mixed task), {skipped} inputs skipped, {fails} failed ({len(inputs)} inputs)")
    # A floor, so that the test cannot pass by comparing nothing.
    floor = 150 if not fuzz else 150 + count // 2
    if compared < floor:
        print(f"FAIL: only {compared} programs compared (floor {floor})")
        return 1
    if fuzz and count >= 40 and mixed == 0:
        print("FAIL: no compared program submits a mixed task (rt_submit_task)")
        return 1
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
