"""PTO emission from Python."""
import pytest

import ptorw
import ptorw.language as pl
from ptorw import codegen, passes


@pl.program
class Kernels:
    @pl.function(type=pl.FunctionType.InCore)
    def add(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        lhs = pl.load(a, [0, 0], [16, 32])
        rhs = pl.load(b, [0, 0], [16, 32])
        total = pl.tile.add(lhs, rhs)
        result = pl.store(total, [0, 0], out)
        return result

    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(a, [0, 0], [16, 32])
        y = pl.tile.muls(x, 2.0)
        r = pl.store(y, [0, 0], out)
        return r


@pytest.mark.parametrize("planner", ["PYPTO", "DSA_RP", "PTOAS"])
def test_emit_modules_by_kernel(planner):
    mods = codegen.emit_pto(Kernels, planner=planner, arch="a2a3")
    assert sorted(mods) == ["add", "scale"]
    for name, text in mods.items():
        assert "func.func @" + name in text or "@" + name in text
        assert "pto." in text


def test_emit_options():
    plain = codegen.emit_pto(Kernels)["add"]
    generic = codegen.emit_pto(Kernels, generic=True)["add"]
    assert generic != plain and '"func.func"' in generic or '"pto.' in generic
    old = codegen.emit_pto(Kernels, version="old")["add"]
    assert isinstance(old, str) and old
    a5 = codegen.emit_pto(Kernels, arch="a5")
    assert isinstance(a5, dict)
    located = codegen.emit_pto(Kernels, locations=True)["add"]
    assert "loc(" in located


def test_emit_reads_planner_from_context():
    with passes.PassContext([], memory_planner="PTOAS"):
        in_ctx = codegen.emit_pto(Kernels)
    assert in_ctx == codegen.emit_pto(Kernels, planner="ptoas")


def test_emit_matches_cli_form(root):
    prog = ptorw.parse_file(root / "examples" / "attention_qk.py")
    mods = codegen.emit_pto(prog)
    assert mods and all(isinstance(t, str) for t in mods.values())
