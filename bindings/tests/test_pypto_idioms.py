"""PyPTO user-doc idioms a pass test writes, through @pl.program (audit of the Python surface,
2026-12-05): rebinding names (the parser renames, so the passes get SSA input), pl.func_attr,
constant arithmetic, Program.as_python(), ir.OptimizationStrategy."""
import ptorw.language as pl
from ptorw import ir, passes

ROWS = 16
COLS = 32


# language/00-types.md writes the kernel as `out = pl.store(scaled, [0, 0], out)`; language/
# 02-control-flow.md: "Write ordinary Python — rebind names freely. The parser renames".
@pl.program
class RebindBefore:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[64], pl.FP32],
                out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        t = pl.tile.add(t, t)
        out = pl.store(t, [0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (acc,) in pl.range(10, init_values=(buf,)):
            o = pl.tensor.create([64], dtype=pl.FP32)
            r = self.compute(acc, o)
            res = pl.yield_(r)
        return res


# Pattern 1 (spec): the Out merges into the In param, promoted to InOut; the create goes.
@pl.program
class RebindExpected:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.InOut[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        t2 = pl.tile.add(t, t)
        out2 = pl.store(t2, [0], x)
        return out2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (acc,) in pl.range(10, init_values=(buf,)):
            r = self.compute(acc)
            res = pl.yield_(r)
        return res


def test_rebinding_is_renamed_by_the_decorator_and_the_pass_runs_on_it():
    After = passes.optimize_orch_tensors()(RebindBefore)
    ir.assert_structural_equal(After, RebindExpected)


# "Rebinding a name inside a loop is the ordinary way to accumulate, and the parser turns it into a
# carried value for you" (02-control-flow.md).
@pl.program
class AccumulateBefore:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[64], pl.FP32],
                out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        u = pl.tile.add(t, t)
        r = pl.store(u, [0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        acc = buf
        for i in pl.range(10):
            o = pl.tensor.create([64], dtype=pl.FP32)
            acc = self.compute(acc, o)
        return acc


@pl.program
class AccumulateExpected:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.InOut[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        u = pl.tile.add(t, t)
        r = pl.store(u, [0], x)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        acc = buf
        for i, (acc1,) in pl.range(10, init_values=(acc,)):
            acc2 = self.compute(acc1)
            acc3 = pl.yield_(acc2)
        return acc3


def test_loop_accumulation_by_rebinding_becomes_a_carried_value_that_pattern_1_reuses():
    After = passes.optimize_orch_tensors()(AccumulateBefore)
    ir.assert_structural_equal(After, AccumulateExpected)


def test_pl_parse_keeps_the_text_as_written():
    text = ("import ptorw.language as pl\n@pl.program\nclass P:\n"
            "    @pl.function(type=pl.FunctionType.Orchestration)\n"
            "    def main(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
            "        b = a + 1\n        b = b + 1\n        return b\n")
    p = pl.parse(text)
    assert "b: pl.Scalar[pl.INDEX] = b + 1" in str(p)  # read by names: the same name twice
    try:
        passes.simplify()(p)
    except passes.PassError as e:
        assert "convert-to-ssa" in str(e)
    else:
        raise AssertionError("a pass took hand-written non-SSA text")


# language/01-functions.md: pl.func_attr({...}) as the first statement; spec "Windowize Opt-in":
# attrs={"windowize": True} on the decorator is the same attribute.
@pl.program
class FuncAttr:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[ROWS * 4, COLS], pl.FP32], r: pl.Scalar[pl.INDEX],
          o: pl.Out[pl.Tensor[[ROWS * 4, COLS], pl.FP32]]) -> pl.Tensor[[ROWS * 4, COLS], pl.FP32]:
        pl.func_attr({"windowize": True})
        t = pl.load(x, [r * ROWS, 0], [ROWS, COLS])
        s = pl.store(t, [r * ROWS, 0], o)
        return s


@pl.program
class DecoratorAttr:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k(self, x: pl.Tensor[[64, 32], pl.FP32], r: pl.Scalar[pl.INDEX],
          o: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [r * 16, 0], [16, 32])
        s = pl.store(t, [r * 16, 0], o)
        return s


def test_func_attr_and_constants_read_as_the_decorator_form_with_literals():
    ir.assert_structural_equal(FuncAttr, DecoratorAttr)
    assert FuncAttr.functions["k"].attrs == {"windowize": True}


# 06-syntax.md, "Closure capture": "Integer constants and constant arithmetic fold into the IR."
@pl.program
class Folded:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        y = pl.tensor.create([ROWS * 8, COLS], dtype=pl.FP32)
        for i in pl.range(ROWS // 4):
            pass
        return y


@pl.program
class Literal:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        y = pl.tensor.create([128, 32], dtype=pl.FP32)
        for i in pl.range(4):
            pass
        return y


def test_constant_arithmetic_folds_in_operands_and_loop_bounds():
    ir.assert_structural_equal(Folded, Literal)


def test_as_python_and_optimization_strategy():
    assert Literal.as_python() == str(Literal)
    assert Literal.functions["main"].as_python() == str(Literal.functions["main"])
    assert ir.OptimizationStrategy.Default is ir.pass_manager.OptimizationStrategy.Default


# The spec's "Windowize Opt-in" example puts a kernel call in a windowize=True scope. Such a scope
# is not tile-level code, so it stays in place and no function carries the opt-in: a pass says so
# as a PassWarning (the CLI's `warning:` line), not only under --remarks.
@pl.program
class WindowizeScopeAroundCall:
    @pl.function(type=pl.FunctionType.InCore)
    def my_kernel(self, x: pl.Tensor[[16, 32], pl.FP32],
                  out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        r = pl.store(t, [16, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, windowize=True):
            out = self.my_kernel(x, o)
        return out


def test_windowize_scope_that_stays_warns():
    import warnings

    import pytest
    from ptorw import PassWarning

    with pytest.warns(PassWarning, match=r"windowize=True\) scope stays in place because it calls 'my_kernel'") as got:
        after = passes.outline_incore_scopes()(WindowizeScopeAroundCall)
    ir.assert_structural_equal(after, WindowizeScopeAroundCall)
    assert got[0].filename == __file__  # reported at the caller's line, not inside ptorw
    # PyPTO's entry point, the PassManager, says it too.
    from ptorw.ir.pass_manager import OptimizationStrategy, PassManager
    with pytest.warns(PassWarning, match="scope stays in place because it calls 'my_kernel'"):
        PassManager(OptimizationStrategy.Default).run_passes(WindowizeScopeAroundCall)
    # A windowize=True scope of tile code is outlined, its function carries the attr: no warning.
    with warnings.catch_warnings():
        warnings.simplefilter("error", PassWarning)
        outlined = passes.outline_incore_scopes()(WindowizeScopeOfTileCode)
    assert dict(outlined.get_function("scale_rows").attrs) == {"windowize": True}


@pl.program
class WindowizeScopeOfTileCode:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        buf = pl.create_tensor([128, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            row = i * 16
            with pl.at(level=pl.Level.CORE_GROUP, windowize=True, name_hint="scale_rows"):
                t = pl.load(a, [row, 0], [16, 32])
                u = pl.tile.muls(t, 2.0)
                nxt = pl.store(u, [row, 0], acc)
            res = pl.yield_(nxt)
        return res


# language/02-control-flow.md: "@pl.function(strict_ssa=True) makes the parser reject a rebind".
def test_strict_ssa_rejects_a_rebind():
    import pytest
    from ptorw import ParseError

    with pytest.raises(ParseError, match=r"'t' is bound again: @pl\.function\(strict_ssa=True\)"):
        @pl.program
        class Strict:
            @pl.function(type=pl.FunctionType.InCore, strict_ssa=True)
            def compute(self, x: pl.Tensor[[64], pl.FP32],
                        out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
                t = pl.load(x, [0], [64])
                t = pl.tile.add(t, t)
                r = pl.store(t, [0], out)
                return r

    @pl.program
    class StrictOk:
        @pl.function(type=pl.FunctionType.InCore, strict_ssa=True)
        def compute(self, x: pl.Tensor[[64], pl.FP32],
                    out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
            t = pl.load(x, [0], [64])
            u = pl.tile.add(t, t)
            r = pl.store(u, [0], out)
            return r

    assert StrictOk.get_function("compute") is not None


def test_call_op_name():
    """PyPTO's IR gives a call's op a name (call.op.name): the op without pl., a kernel by its name."""
    main = RebindBefore.get_function("main")
    calls = []

    class Calls(ir.IRVisitor):
        def visit_call(self, call):
            calls.append(call.op)
            super().visit_call(call)

    Calls().visit_function(main)
    names = [op.name for op in calls]
    assert "tensor.create" in names and "compute" in names
    assert "pl.tensor.create" in calls  # still the DSL spelling as a str
