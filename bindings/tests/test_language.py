"""@pl.program in Python: parsing the class source, printing, equality, hashing, inspection."""
import inspect

import pytest

import ptorw
import ptorw.language as pl
from ptorw import ir

N = pl.dynamic("N")


@pl.program
class Scale:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[N, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[N, 32], pl.FP32]]) -> pl.Tensor[[N, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [N, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[N, 32], pl.FP32]) -> pl.Tensor[[N, 32], pl.FP32]:
        o = pl.tensor.create([N, 32], dtype=pl.FP32)
        y = self.kernel(x, o)
        return y


def test_program_is_an_ir_program():
    assert isinstance(Scale, ir.Program)
    assert Scale.name == "Scale"
    assert list(Scale.functions) == ["kernel", "main"]
    assert Scale.dynamic_dims == ["N"]
    assert Scale.span.filename == __file__


def test_print_round_trips():
    text = str(Scale)
    assert "@pl.program" in text and "class Scale" in text and "def kernel" in text
    again = ptorw.parse(text, "again.py")
    ir.assert_structural_equal(again, Scale)
    assert ir.structural_hash(again) == ir.structural_hash(Scale)
    assert ir.python_print(Scale) == text


def test_spans_are_the_python_files_lines():
    lines, start = inspect.getsourcelines(Scale.__class__)  # noqa: F841 (Program has no source)
    kernel = Scale.functions["kernel"]
    src = open(__file__, encoding="utf-8").read().splitlines()
    assert "def kernel" in src[kernel.span.begin_line - 1]
    assert kernel.span.filename == __file__


def test_function_inspection():
    k = Scale.functions["kernel"]
    assert k.name == "kernel"
    assert k.func_type == ir.FunctionType.InCore
    assert ir.is_incore_type(k.func_type) and not ir.is_incore_type(Scale.functions["main"].func_type)
    assert [p.name for p in k.params] == ["x", "out"]
    assert k.param_directions == [ir.ParamDirection.In, ir.ParamDirection.Out]
    assert [str(t) for t in k.return_types] == ["pl.Tensor[[N, 32], pl.FP32]"]
    assert k.params[0].type.dtype == "FP32"
    assert k.params[0].type.kind == "TensorType"
    assert k.stage == ir.FunctionIRStage.Tile
    assert dict(k.attrs) == {}
    assert k.requires_runtime_binding is False
    body = k.body
    assert body.kind == "SeqStmts"
    kinds = [s.kind for s in body.stmts]
    assert kinds == ["AssignStmt", "AssignStmt", "AssignStmt", "ReturnStmt"]
    assign = body.stmts[1]
    assert assign.var.name == "u"
    assert assign.value.kind == "Call" and assign.value.op == "pl.tile.muls"
    assert assign.value.op.name == "tile.muls"  # PyPTO's call.op.name
    assert isinstance(assign.value.op, ir.OpName) and assign.var.op is None
    assert [str(a) for a in assign.value.args] == ["t", "2.0"]
    assert body.stmts[3].values[0] == body.stmts[2].var  # the same Var node


def test_functions_mapping_is_read_only():
    with pytest.raises(TypeError):
        Scale.functions["x"] = None


def test_structural_equal_up_to_renaming():
    @pl.program
    class Renamed:
        @pl.function(type=pl.FunctionType.InCore)
        def kernel(self, a: pl.Tensor[[N, 32], pl.FP32],
                   b: pl.Out[pl.Tensor[[N, 32], pl.FP32]]) -> pl.Tensor[[N, 32], pl.FP32]:
            t2 = pl.load(a, [0, 0], [N, 32])
            u2 = pl.tile.muls(t2, 2.0)
            r2 = pl.store(u2, [0, 0], b)
            return r2

        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, x: pl.Tensor[[N, 32], pl.FP32]) -> pl.Tensor[[N, 32], pl.FP32]:
            o = pl.tensor.create([N, 32], dtype=pl.FP32)
            y = self.kernel(x, o)
            return y

    assert ir.structural_equal(Renamed, Scale)
    ir.assert_structural_equal(Renamed.functions["kernel"], Scale.functions["kernel"])
    assert ir.structural_hash(Renamed) == ir.structural_hash(Scale)


def test_assert_structural_equal_reports_first_difference():
    @pl.program
    class Other:
        @pl.function(type=pl.FunctionType.InCore)
        def kernel(self, x: pl.Tensor[[N, 32], pl.FP32],
                   out: pl.Out[pl.Tensor[[N, 32], pl.FP32]]) -> pl.Tensor[[N, 32], pl.FP32]:
            t = pl.load(x, [0, 0], [N, 32])
            u = pl.tile.muls(t, 3.0)
            r = pl.store(u, [0, 0], out)
            return r

        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, x: pl.Tensor[[N, 32], pl.FP32]) -> pl.Tensor[[N, 32], pl.FP32]:
            o = pl.tensor.create([N, 32], dtype=pl.FP32)
            y = self.kernel(x, o)
            return y

    assert not ir.structural_equal(Other, Scale)
    with pytest.raises(AssertionError) as info:
        ir.assert_structural_equal(Other, Scale)
    msg = str(info.value)
    assert "first difference at" in msg and "kernel" in msg and "3.0" in msg and "2.0" in msg


def test_program_constructor_and_function_copy():
    kernel = Scale.functions["kernel"]
    only = ir.Program([kernel], "OnlyKernel", ir.Span("made.py", 0, 0))
    assert list(only.functions) == ["kernel"] and only.name == "OnlyKernel"
    renamed = ir.Function("kernel2", list(zip(kernel.params, kernel.param_directions)), kernel.return_types,
                          kernel.body, type=ir.FunctionType.AIV, level=pl.Level.CORE_GROUP,
                          attrs={"windowize": True})
    assert renamed.name == "kernel2" and renamed.func_type == ir.FunctionType.AIV
    assert renamed.level == "pl.Level.CORE_GROUP" and dict(renamed.attrs) == {"windowize": True}
    assert "def kernel2" in str(renamed)
    copy = kernel.with_changes(name="kernel3")
    assert copy.name == "kernel3" and ir.structural_equal(copy.body, kernel.body)
    # A program of new functions prints, parses back and runs.
    rebuilt = ir.Program([kernel.with_changes(), Scale.functions["main"]], "Rebuilt")
    ir.assert_structural_equal(ptorw.parse(str(rebuilt)), rebuilt)


def test_ir_visitor_subclass():
    class Counter(ir.IRVisitor):
        def __init__(self):
            self.calls, self.assigns = [], 0

        def visit_call(self, call):
            self.calls.append(call.op)
            super().visit_call(call)

        def visit_assign_stmt(self, stmt):
            self.assigns += 1
            super().visit_assign_stmt(stmt)

    c = Counter()
    c.visit(Scale)
    assert c.assigns == 5  # kernel: t, u, r; main: o, y
    assert "pl.tile.muls" in c.calls and "self.kernel" in c.calls


def test_pl_names_used_only_in_bodies_are_placeholders():
    assert repr(pl.Level.CORE_GROUP) == "pl.Level.CORE_GROUP"
    assert pl.FP16.name == "FP16"
    assert pl.FunctionType.AIC == ir.FunctionType.AIC


def test_program_span_is_the_class_line():
    src = open(__file__, encoding="utf-8").read().splitlines()
    assert src[Scale.span.begin_line - 1] == "class Scale:"
    assert Scale.span.begin_column == 1


# PyPTO's user docs, "Closure capture": a name of the enclosing scope is resolved while parsing;
# integer constants and constant arithmetic fold into the IR.
K_CHUNK = 16
COLS = 2 * 16
SCALE = 0.5
NOT_A_CONSTANT = [16, 32]


def test_constants_of_the_module_fold_into_the_program():
    @pl.program
    class Captured:
        @pl.function(type=pl.FunctionType.InCore)
        def k(self, x: pl.Tensor[[K_CHUNK, COLS], pl.FP32],
              out: pl.Out[pl.Tensor[[K_CHUNK, COLS], pl.FP32]]) -> pl.Tensor[[K_CHUNK, COLS], pl.FP32]:
            t = pl.load(x, [0, 0], [K_CHUNK, COLS])
            if USE_SCALE:
                t = pl.tile.muls(t, SCALE)
            r = pl.store(t, [0, 0], out)
            return r

    # @pl.program renames the rebinding of t (SSA, as PyPTO's parser does); text is read as written.
    literal = ptorw.passes.convert_to_ssa()(ptorw.parse(
        "@pl.program\nclass Captured:\n"
        "    @pl.function(type=pl.FunctionType.InCore)\n"
        "    def k(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
        "        t = pl.load(x, [0, 0], [16, 32])\n"
        "        if True:\n"
        "            t = pl.tile.muls(t, 0.5)\n"
        "        r = pl.store(t, [0, 0], out)\n"
        "        return r\n"))
    ir.assert_structural_equal(Captured, literal)
    # The program keeps no name for them: it prints the values.
    assert "K_CHUNK" not in str(Captured) and "[16, 32]" in str(Captured)


USE_SCALE = True  # defined after the function above: read when the class is parsed, as in Python


def test_a_local_constant_wins_over_the_module_one():
    K_CHUNK = 8  # noqa: N806

    @pl.program
    class Local:
        @pl.function(type=pl.FunctionType.Orchestration)
        def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
            y = x[0:K_CHUNK, :]
            return x

    assert "pl.tensor.slice(x, [8, 32], [0, 0])" in str(Local)


def test_a_name_that_is_no_constant_is_an_undefined_name_at_its_line():
    with pytest.raises(ptorw.ParseError) as e:
        @pl.program
        class Bad:
            @pl.function(type=pl.FunctionType.Orchestration)
            def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
                y = x[0:NOT_A_CONSTANT, :]
                return x

    line = next(i for i, s in enumerate(open(__file__, encoding="utf-8").read().splitlines(), 1)
                if "y = x[0:NOT_A_CONSTANT, :]" in s)
    assert f"{__file__}:{line}:" in str(e.value) and "undefined name 'NOT_A_CONSTANT'" in str(e.value)


def test_constants_of_int_and_float_subclasses_are_their_values():
    import enum

    import numpy as np

    class Rows(enum.IntEnum):
        SMALL = 16

    rows = Rows.SMALL  # str() of an IntEnum member is "Rows.SMALL" on some Pythons
    scale = np.float64(0.5)  # repr() is "np.float64(0.5)" with NumPy 2

    @pl.program
    class Sub:
        @pl.function(type=pl.FunctionType.InCore)
        def k(self, x: pl.Tensor[[rows, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[rows, 32], pl.FP32]]) -> pl.Tensor[[rows, 32], pl.FP32]:
            t = pl.load(x, [0, 0], [rows, 32])
            u = pl.tile.muls(t, scale)
            r = pl.store(u, [0, 0], out)
            return r

    text = str(Sub)
    assert "pl.Tensor[[16, 32], pl.FP32]" in text and "pl.tile.muls(t, 0.5)" in text


def test_errors_keep_their_lines_when_the_class_is_near_the_top_of_its_file(tmp_path):
    # One line above the class and four names to pass: they go on that line, `A = 16; B = 32; ...`.
    src = ('import ptorw.language as pl; A = 16; B = 32; C = 2.0; N = pl.dynamic("N")\n'
           "@pl.program\n"
           "class P:\n"
           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
           "    def main(self, x: pl.Tensor[[A, B], pl.FP32], y: pl.Tensor[[N, B], pl.FP32]) -> pl.Tensor[[A, B], pl.FP32]:\n"
           "        s = C\n"
           "        z = undefined_name\n"
           "        return x\n")
    path = tmp_path / "near_top.py"
    path.write_text(src)
    import importlib.util
    spec = importlib.util.spec_from_file_location("near_top", path)
    mod = importlib.util.module_from_spec(spec)
    import sys
    sys.modules["near_top"] = mod  # inspect finds the class's source through its module
    try:
        with pytest.raises(ptorw.ParseError) as e:
            spec.loader.exec_module(mod)
    finally:
        del sys.modules["near_top"]
    assert f"{path}:7:13: error: undefined name 'undefined_name'" in str(e.value)


def test_ir_visitor_sees_loop_bounds_inits_conditions_results_and_submit_args():
    prog = ptorw.parse("""
import ptorw.language as pl

@pl.program
class V:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16], pl.FP32], o: pl.Out[pl.Tensor[[16], pl.FP32]]) -> pl.Tensor[[16], pl.FP32]:
        t = pl.load(x, [0], [16])
        r = pl.store(t, [0], o)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16], pl.FP32], lo: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (acc,) in pl.range(lo, n, 2, init_values=(lo,)):
            nxt = acc + i
            r = pl.yield_(nxt)
        for (m,) in pl.while_(init_values=(n,)):
            pl.cond(m > 1)
            m2 = pl.yield_(m - 1)
        with pl.manual_scope():
            o = pl.create_tensor([16], dtype=pl.FP32)
            q, tid = pl.submit(self.k, a, o)
        s = r + m2
        return s
""", "v.py")

    class Names(ir.IRVisitor):
        def __init__(self):
            self.seen = []

        def visit_var(self, node):
            self.seen.append(node.name)

        def visit_iter_arg(self, node):
            self.seen.append(node.name)

    v = Names()
    v.visit(prog.functions["main"])
    # lo and n as bounds and inits, the while condition's m, the results r and m2, submit's a and o
    for name in ("lo", "n", "m", "r", "m2", "a", "o"):
        assert name in v.seen, name
    assert v.seen.count("lo") >= 3  # start, init, parameter


def _same_name_classes(factor_a, factor_b):
    """Two classes named `Same`, one in each arm of an `if` (written here, in this file)."""
    for which in (True, False):
        if which:
            @pl.program
            class Same:
                @pl.function(type=pl.FunctionType.InCore)
                def k(self, x: pl.Tensor[[16, 16], pl.FP32],
                      o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
                    t = pl.load(x, [0, 0], [16, 16])
                    u = pl.tile.muls(t, 4.0)
                    r = pl.store(u, [0, 0], o)
                    return r
            first = Same
        else:
            @pl.program
            class Same:
                @pl.function(type=pl.FunctionType.InCore)
                def k(self, x: pl.Tensor[[16, 16], pl.FP32],
                      o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
                    t = pl.load(x, [0, 0], [16, 16])
                    u = pl.tile.muls(t, 5.0)
                    r = pl.store(u, [0, 0], o)
                    return r
            second = Same
    return first, second


def test_two_classes_of_one_name_each_parse_their_own_text():
    # Review rev44c 1: inspect.getsourcelines finds a class by name, the first match in the file,
    # so the second `Same` was given the first one's program (muls by 4.0, its span too).
    first, second = _same_name_classes(4.0, 5.0)
    assert "pl.tile.muls(t, 4.0)" in str(first)
    assert "pl.tile.muls(t, 5.0)" in str(second)
    assert "pl.tile.muls(t, 4.0)" not in str(second)
    assert first.span.line != second.span.line


def test_visitor_generic_visit_override_is_called():
    # Review rev44c 6: every visit_<kind> was bound to the base class's generic_visit, so an
    # override of generic_visit (as ast.NodeVisitor users write) was never called.
    class Kinds(ir.IRVisitor):
        def __init__(self):
            self.kinds = []

        def generic_visit(self, node):
            self.kinds.append(node.kind)
            super().generic_visit(node)

    v = Kinds()
    v.visit(Scale)
    assert "Call" in v.kinds and "AssignStmt" in v.kinds


def test_function_and_program_names_must_read_back():
    # Review rev44c 8: a name with a space verified, printed `def my kernel(` and emitted `@my kernel`.
    k = Scale.functions["kernel"]
    for bad in ("my kernel", "class", "1k", "k\u00e9"):
        with pytest.raises(ValueError, match="must be an ASCII identifier"):
            k.with_changes(name=bad)
        with pytest.raises(ValueError, match="must be an ASCII identifier"):
            ir.Program(list(Scale.functions.values()), bad)
    assert k.with_changes(name="kernel2").name == "kernel2"


def test_program_built_from_functions_keeps_their_file():
    # Review rev44c 12: ir.Program(functions) dropped the source file from spans and diagnostics.
    p = ir.Program(list(Scale.functions.values()), "Again")
    assert p.functions["kernel"].span.filename == Scale.functions["kernel"].span.filename != ""


RowsAlias = pl.dynamic("M_alias")


def test_dynamic_dim_bound_to_another_name_says_how_to_fix_it():
    # Review rev44c 9: the decorator said "undefined name 'RowsAlias'"; the text parser explains.
    with pytest.raises(ptorw.ParseError, match="pl.dynamic\\(\"M_alias\"\\) is bound to 'RowsAlias'"):
        @pl.program
        class D:
            @pl.function(type=pl.FunctionType.Orchestration)
            def main(self, x: pl.Tensor[[RowsAlias, 4], pl.FP32]) -> pl.Tensor[[RowsAlias, 4], pl.FP32]:
                return x
