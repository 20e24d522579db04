"""Every golden pair of the C++ suite (test/golden/<pass>/*.before.py), driven from Python: the
`.before.py` file is imported as a Python module (so `@pl.program` runs on the real class), run
through its pipeline as test/golden_test.cpp does (`# passes:`, `# opt:`, `# expect: unchanged`,
`# expect-error:`, verification of every step and rule checking on), and compared structurally
with the `.after.py` module's program."""
import importlib.util
import itertools
import sys

import pytest

from conftest import ROOT
import ptorw.language as pl
from ptorw import ir, passes

GOLDEN = ROOT / "test" / "golden"
FAMILIES = ["optimize-orch-tensors", "convert-to-ssa", "flatten-call-expr", "simplify", "outline-incore-scopes",
            "default", "init-memref", "plan-memory", "lower-tile-to-buffer", "tile-to-buffer"]
CASES = sorted(itertools.chain.from_iterable((GOLDEN / f).glob("*.before.py") for f in FAMILIES))


def header(path, key):
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        prefix = f"# {key}:"
        if line.startswith(prefix):
            return line[len(prefix):].strip()
    return ""


_counter = itertools.count()


def load_program(path):
    """Imports a golden file as a module and returns the Program its @pl.program class became."""
    name = f"_golden_{next(_counter)}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    module.pl = pl  # some lowering goldens omit `import ptorw.language as pl`
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    programs = [v for v in vars(module).values() if isinstance(v, ir.Program)]
    assert len(programs) == 1, f"{path}: expected one @pl.program class"
    return programs[0]


def context_of(opts):
    kw = {}
    for item in filter(None, (s.strip() for s in opts.split(","))):
        key, _, value = item.partition("=")
        kw[key] = value
    return passes.PassContext([], **kw)


@pytest.mark.parametrize("before_path", CASES, ids=[f"{p.parent.name}/{p.name[:-10]}" for p in CASES])
def test_golden(before_path):
    spec = header(before_path, "passes") or before_path.parent.name
    names = [n.strip() for n in spec.split(",")]
    expect_error = header(before_path, "expect-error")
    unchanged = header(before_path, "expect") == "unchanged" or bool(expect_error)
    after_path = before_path.with_name(before_path.name[:-10] + ".after.py")
    assert unchanged != after_path.exists()
    verify_input = header(before_path, "verify-input") != "no"
    before = load_program(before_path)
    text_before = str(before)
    with context_of(header(before_path, "opt")):
        if expect_error:
            with pytest.raises(passes.PassError) as info:
                passes.run_pipeline(before, names, verify_each=True, check=True)
            assert expect_error in str(info.value)
            return
        # '# verify-input: no' pipelines start with convert-to-ssa, which reads the input as Python does.
        r = passes.run_pipeline(before, names, verify_each=True, check=True, raise_on_error=False)
        if not verify_input and not r.ok:
            pytest.fail("\n".join(r.diagnostics))
        r.raise_if_failed()
        after = r.program
        assert isinstance(after, ir.Program)
        expected = before if unchanged else load_program(after_path)
        ir.assert_structural_equal(after, expected)
        assert str(before) == text_before  # the input is never changed
        again = passes.run_pipeline(after, names, verify_each=True, check=True)
        ir.assert_structural_equal(again, after)  # idempotent
