"""Errors are Python exceptions carrying file:line:col; bad input never crashes the process."""
import numpy as np
import pytest

import ptorw
import ptorw.language as pl
from ptorw import ir, interp, passes, codegen


def this_line():
    import inspect
    return inspect.currentframe().f_back.f_lineno


def test_parse_error_points_at_the_python_file():
    with pytest.raises(ptorw.ParseError) as info:
        @pl.program
        class Bad:
            @pl.function(type=pl.FunctionType.InCore)
            def k(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
                y = pl.no_such_op(x)
                return y
    line = this_line() - 2  # the line of `y = pl.no_such_op(x)`
    e = info.value
    assert e.file == __file__
    assert e.line == line, str(e)
    assert str(e).startswith(f"{__file__}:{line}:")
    assert "no_such_op" in str(e)
    # The column is the Python file's own (the class is indented inside this function).
    src = open(__file__, encoding="utf-8").read().splitlines()[line - 1]
    assert src[e.column - 1:].startswith("pl.no_such_op"), (src, e.column)


def test_missing_annotation_is_an_error():
    with pytest.raises(ptorw.ParseError, match="annotated"):
        @pl.program
        class Bad:
            @pl.function
            def k(self, x):
                return x


def test_parse_text_errors():
    with pytest.raises(ptorw.ParseError) as info:
        ptorw.parse("@pl.program\nclass A:\n    def f(self):\n", "t.py")
    assert str(info.value).startswith("t.py:3:")
    with pytest.raises(ptorw.ParseError):
        ptorw.parse("", "empty.py")
    with pytest.raises(ptorw.ParseError):
        ptorw.parse("\x00\xff garbage (((", "garbage.py")


def test_pass_refusal_raises_with_reason():
    # A kernel using a tensor-level op: optimize-orch-tensors requires IncoreTileOps.
    @pl.program
    class TensorOpInKernel:
        @pl.function(type=pl.FunctionType.InCore)
        def k(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            return o

    with pytest.raises(ptorw.PassError) as info:
        passes.optimize_orch_tensors()(TensorOpInKernel)
    assert "IncoreTileOps" in str(info.value)
    assert info.value.line > 0 and info.value.file == __file__


def test_verify_error():
    @pl.program
    class WrongReturn:
        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[32], pl.FP32]:
            return x

    with pytest.raises(ptorw.VerifyError) as info:
        ir.verify(WrongReturn)
    assert f"{__file__}:" in str(info.value)
    assert ir.verify(WrongReturn, raise_on_error=False)
    # The interpreter judges verified programs only (as `ptorw run`): it returned the (16,) array.
    with pytest.raises(ptorw.VerifyError) as info:
        interp.run(WrongReturn, {"x": np.zeros(16, np.float32)})
    assert "declares" in str(info.value) or "[32]" in str(info.value)


def test_bad_options():
    with pytest.raises(ValueError):
        passes.PassContext([], memory_planner="FASTEST")
    with pytest.raises(ValueError):
        passes.PassContext([], target="x86")
    with pytest.raises(AttributeError):
        passes.no_such_pass()


def test_interp_errors():
    @pl.program
    class K:
        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, x: pl.Tensor[[4], pl.INT32]) -> pl.Tensor[[4], pl.INT32]:
            return x

    import numpy as np
    with pytest.raises(ptorw.InterpError):
        interp.run(K, {"x": np.zeros(5, dtype=np.int32)})  # wrong shape
    with pytest.raises(TypeError):
        interp.run(K, {"x": np.zeros(4, dtype=np.float32)})  # float array for an INT32 parameter
    with pytest.raises(KeyError):
        interp.run(K, {"y": np.zeros(4, dtype=np.int32)})
    with pytest.raises(ptorw.InterpError):
        interp.run(K, entry="nope")


def test_emit_without_kernels_is_empty_and_bad_arch_refused():
    @pl.program
    class NoKernel:
        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, x: pl.Tensor[[4], pl.INT32]) -> pl.Tensor[[4], pl.INT32]:
            return x

    assert codegen.emit_pto(NoKernel) == {}
    with pytest.raises(ValueError):
        codegen.emit_pto(NoKernel, arch="x86")


def test_emit_refuses_rather_than_drops():
    # A kernel left at Tile stage without storage (it returns a scalar) is an error naming it, not
    # a dict without it; a program whose kernels are still pl.at scopes is an error too (it was {}).
    @pl.program
    class ScalarResult:
        @pl.function(type=pl.FunctionType.InCore)
        def bad(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Scalar[pl.INDEX]:
            n: pl.Scalar[pl.INDEX] = 3
            return n

    with pytest.raises(ptorw.EmitError, match="a device kernel cannot return a scalar"):
        codegen.emit_pto(ScalarResult)

    @pl.program
    class ScopeOnly:
        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
            with pl.at(level=pl.Level.CORE_GROUP):
                t = pl.load(x, [0, 0], [16, 32])
                o = pl.store(t, [0, 0], o)
            return o

    with pytest.raises(ptorw.EmitError, match="outline-incore-scopes"):
        codegen.emit_pto(ScopeOnly)
    assert set(codegen.emit_pto(passes.default()(ScopeOnly))) != set()

    # Tile code in a Group body has no PTO form: an error at the op, not an empty dict.
    @pl.program
    class GroupTile:
        @pl.function(type=pl.FunctionType.Group)
        def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
                  out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
            t = pl.load(x, [0, 0], [16, 32])
            r = pl.store(t, [0, 0], out)
            return r

    with pytest.raises(ptorw.EmitError, match=r"Group 'scale' holds tile code \(tile.load\)"):
        codegen.emit_pto(GroupTile)

    @pl.program
    class ManualOnly:  # a manual scope makes no kernel: nothing to emit, no error
        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
            with pl.manual_scope():
                y = pl.create_tensor([16, 32], dtype=pl.FP32)
            return x

    assert codegen.emit_pto(ManualOnly) == {}


def test_source_less_class_is_a_type_error():
    ns = {"pl": pl}
    with pytest.raises(TypeError):
        exec("@pl.program\nclass A:\n    pass\n", ns)


def test_verify_checks_buffer_stage_kernels_as_check_does():
    # Review rev44c 5: a kernel marked stage=Buffer that still holds tile ops passed ir.verify,
    # while `ptorw check` refused it (BufferIR verifier).
    import ptorw
    src = ('import ptorw.language as pl\n'
           '@pl.program\n'
           'class V:\n'
           '    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)\n'
           '    def k(self, s: pl.Tensor[[32, 64], pl.FP32], p: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:\n'
           '        t: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(s, [0, 0], [32, 64])\n'
           '        p_out: pl.Tensor[[32, 64], pl.FP32] = pl.tile.store(t, [0, 0], p)\n'
           '        return p_out\n')
    P = ptorw.parse(src, "v.py")
    errors = ir.verify(P, raise_on_error=False)
    assert any("Tile value 't' remains after lowering" in e for e in errors), errors
    with pytest.raises(ptorw.VerifyError):
        ir.verify(P)


def test_non_programs_are_type_errors_naming_the_call():
    # Review rev44c 11: these raised AttributeError: '_p'.
    for call, name in ((lambda: ir.verify(None), "ir.verify"), (lambda: codegen.emit_pto(None), "codegen.emit_pto"),
                       (lambda: interp.run(None), "interp"), (lambda: interp.run("x", entry="main"), "interp"),
                       (lambda: ir.cache_key(3), "ir.cache_key")):
        with pytest.raises(TypeError, match=name.replace(".", r"\.") + " expects an ir.Program"):
            call()
