"""Bad input never crashes the process: truncated and mutated programs either parse or raise
ParseError, and whatever parses goes through the default pipeline, emission and the interpreter
with a result or a ptorw exception."""
import random

import pytest

import ptorw
from conftest import ROOT
from ptorw import codegen, interp, passes

SOURCES = sorted((ROOT / "examples").glob("*.py")) + sorted((ROOT / "test" / "golden" / "default").glob("*.before.py"))


def mutants(text, rng, n):
    tokens = ["(", ")", ":", "\n", "    ", "pl.", "[", "]", ",", "=", "0", "-1", "pl.FP16", "self.", "\x00", "é", "#"]
    for _ in range(n):
        kind = rng.randrange(4)
        at = rng.randrange(len(text) + 1)
        if kind == 0:
            yield text[:at]
        elif kind == 1:
            end = min(len(text), at + rng.randrange(1, 40))
            yield text[:at] + text[end:]
        elif kind == 2:
            yield text[:at] + rng.choice(tokens) + text[at:]
        else:
            other = rng.randrange(len(text) + 1)
            a, b = sorted((at, other))
            yield text[:a] + text[b:] + text[a:b]


@pytest.mark.parametrize("path", SOURCES, ids=[p.name for p in SOURCES])
def test_mutated_programs_never_crash(path):
    rng = random.Random(path.name)
    text = path.read_text(encoding="utf-8")
    parsed = refused = 0
    for src in mutants(text, rng, 60):
        try:
            prog = ptorw.parse(src, "mutant.py")
        except ptorw.ParseError as e:
            assert str(e).startswith("mutant.py"), str(e)
            refused += 1
            continue
        parsed += 1
        for action in (lambda: passes.default()(prog),
                       lambda: codegen.emit_pto(prog),
                       lambda: interp.run(prog, seed=1)):
            try:
                action()
            except ptorw.PtorwError as e:
                assert e.message
    assert parsed + refused == 60
