#!/usr/bin/python3
"""Count test cases from Meson's testlog.json and print `tests: N passed, N failed, N skipped`.

Meson reports one result per test executable; CI wants test cases. For every entry of
build/meson-logs/testlog.json (one JSON object per line) this reads the test's output:
  - doctest summaries `[doctest] test cases: 12 | 11 passed | 1 failed | 0 skipped` (all of them
    are summed, so a test that runs several doctest binaries counts them all);
  - pytest summaries `=== 3 passed, 1 failed, 2 skipped in 0.1s ===` (also the -q form without
    `=`, which the `pytest` test of bindings/meson.build prints); errors count as failed, xpassed
    as passed, xfailed as skipped;
  - a test with no parsable summary counts as one case, by Meson's result.
A test that Meson marks failed (crash after the summary, timeout, non-zero exit) always counts at
least one failure. Exit status: 1 if anything failed (or the log is missing), else 0.

usage: count_tests.py [TESTLOG] [--quiet]   (default TESTLOG: build/meson-logs/testlog.json)
"""
import json
import re
import sys
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# `[golden] cases: ...` (test/golden_test.cpp) counts the golden pairs one doctest case runs.
DOCTEST = re.compile(
    r"\[(?:doctest|golden)\] (?:test )?cases:\s*(\d+)\s*\|\s*(\d+) passed\s*\|\s*(\d+) failed\s*\|\s*(\d+) skipped")
# A pytest summary line: counts, then "in <time>", optionally framed by '=' and with extras.
PYTEST_LINE = re.compile(r"^=*\s*((?:\d+ [a-z]+(?:, )?)+|no tests ran) in [\d.]+m?s\b.*$")
PYTEST_ITEM = re.compile(r"(\d+) ([a-z]+)")
PYTEST_KIND = {"passed": "passed", "xpassed": "passed", "failed": "failed", "error": "failed",
               "errors": "failed", "skipped": "skipped", "xfailed": "skipped"}
FAILED_RESULTS = {"FAIL", "TIMEOUT", "ERROR", "UNEXPECTEDPASS", "INTERRUPT"}


def count_entry(entry):
    """Returns ({passed, failed, skipped}, how it was counted)."""
    text = ANSI.sub("", (entry.get("stdout") or "") + "\n" + (entry.get("stderr") or ""))
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    sources = []
    for m in DOCTEST.finditer(text):
        _, passed, failed, skipped = map(int, m.groups())
        counts["passed"] += passed
        counts["failed"] += failed
        counts["skipped"] += skipped
        sources.append("doctest")
    for line in text.splitlines():
        m = PYTEST_LINE.match(line.strip())
        if not m:
            continue
        sources.append("pytest")
        for n, kind in PYTEST_ITEM.findall(m.group(1)):
            if kind in PYTEST_KIND:
                counts[PYTEST_KIND[kind]] += int(n)
    result = entry.get("result", "ERROR")
    if result == "EXPECTEDFAIL":  # should_fail tests: Meson's verdict wins over inner counts
        return {"passed": 1, "failed": 0, "skipped": 0}, "expected failure"
    if not sources:
        if result == "SKIP":
            return {"passed": 0, "failed": 0, "skipped": 1}, "no summary, skipped"
        if result == "OK":
            return {"passed": 1, "failed": 0, "skipped": 0}, "no summary, exit status"
        return {"passed": 0, "failed": 1, "skipped": 0}, f"no summary, {result}"
    how = "+".join(sorted(set(sources)))
    if result in FAILED_RESULTS and counts["failed"] == 0:
        counts["failed"] = 1
        how += f", {result} after a passing summary"
    return counts, how


def main(argv):
    quiet = "--quiet" in argv
    args = [a for a in argv if a != "--quiet"]
    log = Path(args[0] if args else "build/meson-logs/testlog.json")
    entries = []
    try:
        for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.strip():
                entries.append(json.loads(line))
    except (OSError, ValueError) as e:
        print(f"count_tests: cannot read {log}: {e}", file=sys.stderr)
    if not entries:
        print(f"count_tests: no test results in {log}", file=sys.stderr)
        print("tests: 0 passed, 1 failed, 0 skipped")
        return 1
    total = {"passed": 0, "failed": 0, "skipped": 0}
    for entry in entries:
        counts, how = count_entry(entry)
        for k in total:
            total[k] += counts[k]
        if not quiet:
            print(f"  {entry.get('name', '?')}: {counts['passed']} passed, {counts['failed']} failed, "
                  f"{counts['skipped']} skipped ({how})")
    print(f"tests: {total['passed']} passed, {total['failed']} failed, {total['skipped']} skipped")
    return 1 if total["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
