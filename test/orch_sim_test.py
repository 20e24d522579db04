#!/usr/bin/env python3
"""Run the orchestration C++ that `ptorw compile` writes, and compare what it submits with the task
graph `ptorw tasks` reads from the same program's IR (issue 20's emitter checked by execution, not
only by a syntax check and three goldens).

For each input (the examples, every golden Before program, and generated programs of three styles
from test/fuzz/print_generated: ssa, ssa-wide, text-tensors):
  1. `ptorw compile` writes orchestration/<fn>.cpp (inputs without one are counted and skipped);
  2. `ptorw tasks --passes default --entry <fn>` gives the tasks of the IR: kernel id, and per tensor
     argument its direction, storage and the byte ranges its window covers;
  3. the C++ is built with g++ against test/support/pto_runtime_sim.hpp (a recording runtime written
     from pto_format.md, force-included in place of the declarations) and run with the parameters'
     shapes from the program's signature; every rt_submit_* prints the same items;
  4. both task lists are compared after naming storages alike: parameter i is P<i>, every other
     storage (an allocation, an output slot) T<n> by its first appearance. A Group's task (a mixed
     task) is named by its members' kernel names: on the C++ side the submitted ids through the
     manifest's kernel list (a Group's member rows name the kernel they run), on the IR side the
     functions the source's Group body calls (the cube one first, then the vector ones);
  5. every kernel a task runs reads the arguments it is bound to: the slots its entry wrapper reads
     (the `args[N]` of the wrapper the manifest row of the submitted id names; tensors are numbered
     first, then scalars, then the SPMD words) must hold, for a direct call, its own parameters, and
     for a member of a Group, the Group parameter its argument is in the Group's body (a Group
     parameter, or the result of an earlier member written into its one Out parameter);
  6. every kernel a task runs addresses each tensor argument with the strides the runtime's
     descriptor has: the `strides = [...]` of each `pto.make_tensor_view %argK` in the kernel's PTO
     module against the element strides of the view the task was handed (the recording runtime
     prints them after each argument), on every dim whose PTO extent is not 1 (a kernel gets a bare
     pointer, so other strides read or write other elements; codegen/orch_layouts.hpp is the
     emitter's own check of the same rule, this one is independent of it).
Scalar words are not compared with the IR (the IR graph has none); a program whose orchestration
reads a tensor on the host, or has a float scalar parameter, is skipped (said so).

usage: orch_sim_test.py PTORW SOURCE_ROOT [PRINT_GENERATED] [--count N] [--first SEED] [--keep DIR]
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
BOOL_VALUE = 1    # a BOOL one (`ptorw tasks` refuses a value its dtype does not hold)


def scalar_value(dtype):
    return BOOL_VALUE if dtype == "BOOL" else SCALAR_VALUE


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
                    params.append(("s", a.arg, dt))
                ret = f.returns
                results = []
                if isinstance(ret, ast.Subscript) and attr_name(ret.value) == "tuple":
                    results = [tensor_spec(e) for e in ret.slice.elts]
                elif ret is not None:
                    results = [tensor_spec(ret)]
                return params, results
    raise Skip(f"no function '{fn}' found in the source")


def functions_of(source):
    """{name: ast.FunctionDef} of the program's functions."""
    out = {}
    for cls in ast.parse(source).body:
        if isinstance(cls, ast.ClassDef):
            for f in cls.body:
                if isinstance(f, ast.FunctionDef):
                    out[f.name] = f
    return out


def function_type(f):
    return ast.unparse(f.decorator_list[0]) if f.decorator_list else ""


def out_params(f):
    """Indices of the Out / InOut parameters of f."""
    return [i for i, a in enumerate(f.args.args[1:])
            if isinstance(a.annotation, ast.Subscript) and attr_name(a.annotation.value) in ("Out", "InOut")]


def group_bindings(source):
    """{Group name: (its parameter names, [(member kernel, [the Group parameter each argument is,
    or None])])}, the members in the order of pto_format.md's MixedKernels: the AIC kernel first,
    then the AIV kernels in call order. Read from the source, not from the compiler's kernel table
    (Group bodies are not rewritten by the passes): an argument is a Group parameter, or a name an
    earlier member call's result was bound to, which is the argument given for that member's one
    Out/InOut parameter (a member with several has no such reading here: None)."""
    fns = functions_of(source)
    out = {}
    for g in fns.values():
        if "FunctionType.Group" not in function_type(g):
            continue
        params = [a.arg for a in g.args.args[1:]]
        env = {p: p for p in params}
        aic, aiv = [], []
        for st in g.body:
            call = st.value if isinstance(st, (ast.Assign, ast.Expr, ast.Return)) else None
            is_member = (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                         and attr_name(call.func.value) == "self" and call.func.attr in fns)
            if is_member:
                callee = fns[call.func.attr]
                bound = [env.get(a.id) if isinstance(a, ast.Name) else None for a in call.args]
                (aic if "FunctionType.AIC" in function_type(callee) else aiv).append((callee.name, bound))
                outs = out_params(callee)
                result = bound[outs[0]] if len(outs) == 1 and outs[0] < len(bound) else None
            else:
                result = env.get(call.id) if isinstance(call, ast.Name) else None
            if isinstance(st, ast.Assign):
                for t in st.targets:
                    if isinstance(t, ast.Name):
                        env[t.id] = result
        out[g.name] = (params, aic + aiv)
    return out


def member_kinds(groups):
    """{Group name: "mixed AIC,AIV0,AIV1"} by kernel names ("-" for a missing second AIV kernel)."""
    out = {}
    for name, (_, members) in groups.items():
        names = [m for m, _ in members] + ["-"] * (3 - len(members))
        out[name] = "mixed " + ",".join(names[:3])
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


def sim_tasks(lines, nparams, kernels):
    items = []
    for line in lines:
        parts = line.split(" | ")
        head = parts[0].split(" ")
        kind = f"{head[0]} {head[1]}"
        if head[0] == "mixed":  # "mixed AIC,AIV0,AIV1": the kernels the manifest rows of those ids run
            kind = "mixed " + ",".join(kernels[int(i)][0] if int(i) >= 0 else "-" for i in head[1].split(","))
        args = []
        for p in parts[1:]:
            d, rest = p.split(" ", 1)
            if d == "scalar":
                continue
            storage, ranges = rest.split(":", 1)
            args.append((d, storage, ranges.partition(" ~")[0]))
        items.append((kind, args))
    return canon(items, nparams)


def pto_views(path):
    """{K: [(shape, strides), ...]} of each `pto.make_tensor_view %argK` of a PTO module, constants
    resolved (a dim or stride that is not an index constant is None)."""
    if not os.path.exists(path):
        return None
    text = open(path).read()
    consts = dict(re.findall(r"(%[\w]+) = arith\.constant (-?\d+) : index", text))

    def values(lst):
        return [int(consts[v.strip()]) if v.strip() in consts else None for v in lst.split(",")]
    out = {}
    for arg, shape, strides in re.findall(
            r"pto\.make_tensor_view %arg(\d+), shape = \[([^\]]*)\], strides = \[([^\]]*)\]", text):
        out.setdefault(int(arg), []).append((values(shape), values(strides)))
    return out


def check_strides(view_strides, views, kernel, k):
    """Step 6 for the kernel's tensor %argK handed a view of `view_strides`; an error or None."""
    for shape, strides in views.get(k, []):
        if len(shape) != len(view_strides):
            return f"kernel '{kernel}' views %arg{k} with rank {len(shape)}, its argument has rank {len(view_strides)}"
        for d, (extent, stride) in enumerate(zip(shape, strides)):
            if extent != 1 and stride is not None and stride != view_strides[d]:
                return (f"kernel '{kernel}' addresses %arg{k} with strides {strides}, but the task hands it a view "
                        f"with element strides {view_strides} (dim {d})")
    return None


def kernel_rows(tree, manifest):
    """{id: (the kernel the row runs, its parameters' types in signature order, the args[N] its entry
    wrapper reads in order, or None without a wrapper, the row's Group or None, the make_tensor_view
    shapes and strides of its PTO module per %argK, or None without one)} of the manifest's kernel
    list. A Group member's row names the kernel it runs ("kernel") and its Group ("group")."""
    out = {}
    files = {k["name"]: k["file"] for k in manifest.get("kernels", []) if "file" in k}
    for k in manifest.get("kernels", []):
        reads = None
        if "entry" in k:
            with open(os.path.join(tree, k["entry"])) as f:
                text = f.read()
            body = text[text.index(f"void {k['entry_symbol']}(const uint64_t* args)"):]
            reads = [int(n) for n in re.findall(r"args\[(\d+)\]", body)]
        name = k.get("kernel", k["name"])
        views = pto_views(os.path.join(tree, files[name])) if name in files else None
        out[k["id"]] = (name, [p["type"] for p in k["params"]], reads, k.get("group"), views)
    return out


def check_reads(line, callee, case):
    """Whether every kernel the submitted task `line` runs reads, through its entry wrapper, the
    arguments it is bound to (docstring, step 5); an error message or None."""
    parts = line.split(" | ")
    head = parts[0].split(" ")
    items = parts[1:]  # in add order: the callee's parameters in signature order
    slot_of, tensors = [], sum(1 for i in items if not i.startswith("scalar "))
    nt = ns = 0
    for i in items:  # the wrapper's numbering: the tensors in add order, then the scalars, then SPMD
        if i.startswith("scalar "):
            slot_of.append(tensors + ns)
            ns += 1
        else:
            slot_of.append(nt)
            nt += 1
    if head[0] == "mixed":
        if callee not in case["groups"]:
            return f"a mixed task of '{callee}', which is not a Group of the source"
        gparams, members = case["groups"][callee]
        ids = [int(i) for i in head[1].split(",") if int(i) >= 0]
        if len(ids) != len(members):
            return f"Group '{callee}' has {len(members)} members, its task runs {len(ids)} kernels"
        runs = list(zip(ids, members))
    else:
        kid = int(head[1])
        own = case["kernels"][kid]
        gparams = [f"#{j}" for j in range(len(own[1]))]
        runs = [(kid, (own[0], gparams))]
    if len(items) != len(gparams):
        return f"'{callee}' takes {len(gparams)} arguments, its task has {len(items)}"
    for kid, (member, bound) in runs:
        kernel, types, reads, group, views = case["kernels"][kid]
        if kernel != member or (head[0] == "mixed" and group not in (None, callee)):
            return f"kernel id {kid} runs '{kernel}' (Group {group}), the Group '{callee}' calls '{member}' there"
        if reads is None:  # no PTO module or no wrapper: compile reported why, nothing is read
            continue
        order = [j for j, t in enumerate(types) if t == "tensor"] + [j for j, t in enumerate(types) if t != "tensor"]
        if len(reads) not in (len(order), len(order) + 3):
            return f"the entry wrapper of kernel id {kid} reads {len(reads)} slots for {len(order)} parameters"
        for k, j in enumerate(order):
            b = bound[j] if j < len(bound) else None
            if b is None:
                return f"'{callee}': argument {j} of its call of '{member}' is not a Group parameter, yet the task was submitted"
            want = slot_of[gparams.index(b)]
            item = items[gparams.index(b)]
            if views is not None and " ~" in item:
                msg = check_strides([int(x) for x in item.rsplit(" ~", 1)[1].split(",") if x], views, kernel, k)
                if msg:
                    return f"'{callee}': {msg}"
            if reads[k] != want:
                got = [n for n, sl in zip(gparams, slot_of) if sl == reads[k]]
                return (f"'{callee}': kernel '{member}' (id {kid}) reads parameter {j} from slot {reads[k]} "
                        f"({got[0] if got else 'no argument'}), but it is bound to {b} (slot {want})")
        for k, r in enumerate(reads[len(order):]):
            if r != len(items) + k:
                return f"kernel id {kid}: SPMD word {k} read from slot {r}, not {len(items) + k}"
    return None


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
        kernels = kernel_rows(tree, json.load(f))
    groups = group_bindings(source)
    for cpp in cpps:
        fn = cpp[:-4]
        path = os.path.join(orch_dir, cpp)
        text = open(path).read()
        if ".read<" in text:
            raise Skip("the orchestration reads a tensor on the host")
        params, results = signature(source, fn)
        for spec in [p[2] for p in params if p[0] == "t" and p[2]] + [r for r in results if r]:
            elems = 1
            for d in spec[1]:
                elems *= d
            if elems > (1 << 22):
                raise Skip("a tensor of more than 4M elements (the simulation lists every element's address)")
        slots = []
        for kind, _, spec in params:
            slots.append(slot(spec) if kind == "t" else f"s:{scalar_value(spec)}")
        # Output slots: "// result I is argument slot K (the caller's output tensor)" (pto_format.md:
        # the results' output tensors follow the parameters); a result written into a parameter or
        # into another result's slot takes none.
        outputs = {int(k): int(i) for i, k in re.findall(r"// result (\d+) is argument slot (\d+)", text)}
        for k in sorted(outputs):
            if k != len(slots) or outputs[k] >= len(results) or not results[outputs[k]]:
                return [], f"{cpp}: output slot {k} (result {outputs[k]}) does not follow the {len(slots)} slots before it"
            slots.append(slot(results[outputs[k]]))
        scalars = [f"--scalar={name}={scalar_value(spec)}" for kind, name, spec in params if kind == "s"]
        g = run([ptorw, "tasks", src_path, "--passes", "default", "--entry", fn] + scalars)
        if g.returncode != 0:
            return [], f"ptorw tasks failed (exit {g.returncode}): {g.stderr[:500]}"
        graph = json.loads(g.stdout)
        cases.append({"cpp": path, "slots": slots, "want": ir_tasks(graph, params, member_kinds(groups)), "nparams": len(params),
                      "callees": [t["kernel"] for t in graph["tasks"]], "kernels": kernels, "groups": groups})
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
    lines = [l for l in s.stdout.splitlines() if l]
    want, got = case["want"], sim_tasks(lines, case["nparams"], case["kernels"])
    if want == got:
        for i, (line, callee) in enumerate(zip(lines, case["callees"])):
            msg = check_reads(line, callee, case)
            if msg:
                return f"task {i}: {msg}"
        return None
    for i in range(max(len(want), len(got))):
        w = want[i] if i < len(want) else "<none>"
        h = got[i] if i < len(got) else "<none>"
        if w != h:
            return f"task {i} differs ({len(want)} tasks in the IR, {len(got)} submitted)\n  IR : {w}\n  C++: {h}"
    return None


def main():
    args = [a for a in sys.argv[1:]]
    count, keep, first = 40, None, 1
    if "--first" in args:  # seeds first .. first + count - 1 (fresh programs beyond CI's 1 .. count)
        i = args.index("--first")
        first = int(args[i + 1])
        del args[i:i + 2]
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
        return run_all(ptorw, root, fuzz, cxx, count, keep, first)
    with tempfile.TemporaryDirectory(prefix="ptorw_orch_sim.") as tmp:
        return run_all(ptorw, root, fuzz, cxx, count, tmp, first)


def run_all(ptorw, root, fuzz, cxx, count, tmp, first=1):
    inputs = [os.path.join(root, "examples", f) for f in sorted(os.listdir(os.path.join(root, "examples"))) if f.endswith(".py")]
    inputs += sorted(glob.glob(os.path.join(root, "test/golden/**/*.before.py"), recursive=True))
    inputs += sorted(glob.glob(os.path.join(root, "test/codegen/groups/*.py")))  # Groups' argument slots
    if fuzz:
        # The hand-written style with tensor results only: a scalar result has no C++ form, and
        # most of those programs would be skipped. ssa-wide: kernels also read column windows of a
        # wider parameter (step 6's strides differ from the packed ones there).
        for style in ("ssa", "ssa-wide", "text-tensors"):
            for seed in range(first, first + count):
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
