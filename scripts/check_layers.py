#!/usr/bin/python3
"""Check the include graph of ptorw against the layer rules of scripts/layers.toml.

Reads every header and source under include/ptorw/ (the folders that include/ptorw/ links to are
read once, under their ptorw/ name) and the folders the rules list as `sources`, collects each
`#include <ptorw/...>` / `#include "ptorw/..."`, and reports, one line each:
  file:line: A includes B (layer X may not depend on layer Y)
  file:line: A includes B, which does not exist
  file: no layer owns this file
  include cycle: a -> b -> a                  (between files, or between layers)
and a rule file that is not bottom-to-top (a layer using a layer listed after it).
Exit status: 0 when the tree keeps the rules, 1 on any violation, 2 on a bad rule file.

usage: check_layers.py [--root DIR] [--rules FILE] [--graph]
  --root   the source tree (default: this script's repository)
  --rules  the rule file (default: ROOT/scripts/layers.toml)
  --graph  also print the layers and which layers each one includes
"""
import argparse
import fnmatch
import os
import re
import sys
import tomllib
from pathlib import Path

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]ptorw/([^">]+)[">]')
EXTS = (".hpp", ".h", ".cpp", ".cc", ".ipp")


class RuleError(Exception):
    pass


def load_rules(path):
    with open(path, "rb") as f:
        data = tomllib.load(f)
    layers = data.get("layer", [])
    names = [l["name"] for l in layers]
    if len(set(names)) != len(names):
        raise RuleError(f"{path}: a layer name is listed twice")
    seen = set()
    for l in layers:
        for u in l.get("uses", []):
            if u not in names:
                raise RuleError(f"{path}: layer {l['name']} uses unknown layer {u}")
            if u not in seen:
                raise RuleError(f"{path}: layer {l['name']} uses {u}, which is listed after it "
                                f"(list the layers bottom to top)")
        seen.add(l["name"])
    # What each layer may include: itself and everything reachable through `uses`.
    allowed = {}
    for l in layers:  # bottom to top, so every used layer is already closed
        a = {l["name"]}
        for u in l.get("uses", []):
            a |= allowed[u]
        allowed[l["name"]] = a
    return layers, allowed, data.get("exclude", [])


def pattern_matches(pattern, logical):
    if pattern.endswith("/"):
        return logical.startswith(pattern)
    return fnmatch.fnmatchcase(logical, pattern)


def owner(layers, logical):
    """The layer whose longest matching pattern owns a ptorw/ path, or None."""
    best, best_len = None, -1
    for l in layers:
        for p in l.get("paths", []):
            if pattern_matches(p, logical) and len(p) > best_len:
                best, best_len = l["name"], len(p)
    return best


def collect_files(root, layers, exclude):
    """(path shown in reports, logical ptorw/ path or None, layer or None) of every file to read."""
    root = Path(root)
    inc = root / "include" / "ptorw"
    out = []
    seen_real = set()

    def excluded(rel):
        return any(rel == e.rstrip("/") or rel.startswith(e if e.endswith("/") else e + "/") for e in exclude)

    def walk(real_dir, logical_prefix):
        for dirpath, dirnames, filenames in os.walk(real_dir):
            dirnames.sort()
            for d in list(dirnames):
                full = Path(dirpath) / d
                if full.is_symlink():  # a folder linked into include/ptorw/: read once, by its ptorw/ name
                    dirnames.remove(d)
                    rel_logical = (Path(dirpath) / d).relative_to(real_dir).as_posix()
                    walk(full.resolve(), logical_prefix + rel_logical + "/")
            for fn in sorted(filenames):
                if not fn.endswith(EXTS):
                    continue
                full = Path(dirpath) / fn
                real = full.resolve()
                if real in seen_real:
                    continue
                seen_real.add(real)
                logical = logical_prefix + full.relative_to(real_dir).as_posix()
                shown = os.path.relpath(real, root)
                if excluded(shown):
                    continue
                out.append((shown, logical, owner(layers, logical)))

    if inc.is_dir():
        walk(inc, "")
    for l in layers:
        for src in l.get("sources", []):
            d = root / src
            if not d.is_dir():
                continue
            for dirpath, dirnames, filenames in os.walk(d):
                dirnames.sort()
                for fn in sorted(filenames):
                    if not fn.endswith(EXTS):
                        continue
                    real = (Path(dirpath) / fn).resolve()
                    shown = os.path.relpath(real, root)
                    if real in seen_real or excluded(shown):
                        continue
                    seen_real.add(real)
                    out.append((shown, None, l["name"]))
    return out


def find_cycles(graph):
    """Strongly connected components with more than one node (or a self loop), each as a cycle."""
    index, low, on_stack, stack, sccs = {}, {}, set(), [], []
    counter = [0]

    def strong(v):  # iterative Tarjan
        work = [(v, iter(sorted(graph.get(v, ()))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    advanced = True
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1 or node in graph.get(node, ()):
                    sccs.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    cycles = []
    for comp in sccs:  # one shortest cycle through the component's first node (breadth-first)
        members, start = set(comp), comp[0]
        parent, queue, found = {}, [start], None
        while queue and found is None:
            nxt = []
            for node in queue:
                for w in sorted(graph.get(node, ())):
                    if w not in members:
                        continue
                    if w == start:
                        found = node
                        break
                    if w not in parent:
                        parent[w] = node
                        nxt.append(w)
                if found is not None:
                    break
            queue = nxt
        path, node = [start], found
        while node != start:
            path.append(node)
            node = parent[node]
        cycles.append([start] + path[:0:-1] + [start] if len(path) > 1 else [start, start])
    return cycles


def check(root, rules_path, show_graph=False):
    layers, allowed, exclude = load_rules(rules_path)
    files = collect_files(root, layers, exclude)
    by_logical = {logical: (shown, layer) for shown, logical, layer in files if logical}
    problems = []
    file_graph, layer_graph = {}, {}
    for shown, logical, layer in files:
        if layer is None:
            problems.append(f"{shown}: no layer owns this file (ptorw/{logical}); add it to {rules_path.name}")
            continue
        node = logical or shown
        with open(Path(root) / shown, encoding="utf-8", errors="replace") as f:
            for lineno, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = m.group(1)
                if target not in by_logical:
                    problems.append(f"{shown}:{lineno}: ptorw/{logical or shown} includes ptorw/{target}, which does not exist")
                    continue
                tlayer = by_logical[target][1]
                file_graph.setdefault(node, set()).add(target)
                if tlayer is None:
                    continue  # reported as unowned
                if tlayer != layer:
                    layer_graph.setdefault(layer, set()).add(tlayer)
                if tlayer not in allowed[layer]:
                    problems.append(f"{shown}:{lineno}: ptorw/{logical or shown} includes ptorw/{target} "
                                    f"(layer {layer} may not depend on layer {tlayer})")
    for cyc in find_cycles(layer_graph):
        problems.append("include cycle between layers: " + " -> ".join(cyc))
    for cyc in find_cycles(file_graph):
        problems.append("include cycle between files: " + " -> ".join(f"ptorw/{c}" for c in cyc))
    if show_graph:
        for l in layers:
            deps = sorted(layer_graph.get(l["name"], ()))
            print(f"  {l['name']:<9} may use {', '.join(sorted(allowed[l['name']] - {l['name']})) or '-'}")
            print(f"  {'':<9} includes {', '.join(deps) or '-'}")
    return problems, len(files)


def main(argv):
    here = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=str(here))
    ap.add_argument("--rules")
    ap.add_argument("--graph", action="store_true")
    args = ap.parse_args(argv)
    root = Path(args.root)
    rules = Path(args.rules) if args.rules else root / "scripts" / "layers.toml"
    try:
        problems, n = check(root, rules, args.graph)
    except (RuleError, OSError, tomllib.TOMLDecodeError, KeyError) as e:
        print(f"check_layers: bad rules: {e}", file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    if problems:
        print(f"check_layers: {len(problems)} violation(s) in {n} files ({os.path.relpath(rules, root)})")
        return 1
    print(f"check_layers: {n} files keep the layer rules of {os.path.relpath(rules, root)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
