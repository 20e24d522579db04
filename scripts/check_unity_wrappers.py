#!/usr/bin/env python3
"""Every test TU that a unity suite compiles is wrapped in its own namespace.

test/meson.build builds each doctest suite as one unity TU, so the files of a suite share one
scope: each file's helpers (anonymous-namespace functions included) sit inside
`namespace ut_<file stem> { ... }`, opened after the file's includes and closed at its end. Without
it, two files' helpers of one name either fail to compile together or, worse, a call picks the
other file's overload. This check finds a suite file without the wrapper (exit 1, file:line).

usage: check_unity_wrappers.py --root SOURCE_ROOT
"""
import argparse
import pathlib
import re
import sys


def suite_files(meson_build: str):
    """The .cpp files of the `suites = {...}` table (and the mlir_generic suite added after it)."""
    files = []
    table = re.search(r"suites = \{(.*?)\n\}", meson_build, re.S)
    if table:
        files += re.findall(r"'([^']+\.cpp)'", table.group(1))
    files += re.findall(r"suites \+= \{[^}]*?'([^']+\.cpp)'", meson_build)
    return files


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    root = pathlib.Path(ap.parse_args().root)
    test_dir = root / "test"
    files = suite_files((test_dir / "meson.build").read_text())
    if not files:
        print("check_unity_wrappers: no suite files found in test/meson.build", file=sys.stderr)
        return 1
    bad = 0
    for rel in files:
        path = test_dir / rel
        lines = path.read_text().split("\n")
        stem = re.sub(r"\W", "_", path.stem)
        opener = f"namespace ut_{stem} {{"
        closer = f"}}  // namespace ut_{stem}"
        opened = [i for i, l in enumerate(lines) if l.startswith(opener)]
        includes = [i for i, l in enumerate(lines) if l.startswith("#include")]
        closed = [i for i, l in enumerate(lines) if l.startswith(closer)]
        if not opened:
            print(f"{path}:1:1: error: no `{opener}` wrapper (test/meson.build: suites build as one unity TU)")
            bad += 1
        elif includes and includes[-1] > opened[0]:
            print(f"{path}:{includes[-1] + 1}:1: error: #include after the `{opener}` wrapper opens")
            bad += 1
        elif not closed or closed[-1] < opened[0]:
            print(f"{path}:{len(lines)}:1: error: the `{opener}` wrapper is not closed with `{closer}`")
            bad += 1
    print(f"check_unity_wrappers: {len(files)} files, {bad} without their wrapper")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
