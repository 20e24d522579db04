"""The specs' examples, in the specs' own idiom:
    After = passes.optimize_orch_tensors()(Before); ir.assert_structural_equal(After, Expected)."""
import pytest

import ptorw.language as pl
from ptorw import ir, passes
from ptorw.ir.pass_manager import OptimizationStrategy, PassManager


# optimize_orch_tensors.md, Pattern 1 (Iter-Arg Reuse): the Out buffer allocated in every
# iteration merges into the iter-arg's In param, promoted to InOut.
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[64], pl.FP32],
                out_0: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, (0,), (64,))
        y_tile = pl.tile.add(x_tile, x_tile)
        ret = pl.store(y_tile, (0,), out_0)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (iter_arg,) in pl.range(10, init_values=(buf,)):
            out_0 = pl.tensor.create((64,), dtype=pl.FP32)
            result = self.compute(iter_arg, out_0)
            loop_result = pl.yield_(result)
        return loop_result


@pl.program
class Expected:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.InOut[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, (0,), (64,))
        y_tile = pl.tile.add(x_tile, x_tile)
        ret = pl.store(y_tile, (0,), x)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (iter_arg,) in pl.range(10, init_values=(buf,)):
            result = self.compute(iter_arg)
            loop_result = pl.yield_(result)
        return loop_result


def test_pattern1_iter_arg_reuse():
    After = passes.optimize_orch_tensors()(Before)
    ir.assert_structural_equal(After, Expected)


def test_pattern1_is_idempotent_and_input_untouched():
    After = passes.optimize_orch_tensors()(Before)
    again = passes.optimize_orch_tensors()(After)
    ir.assert_structural_equal(again, After)
    assert not ir.structural_equal(Before, Expected)  # the input was not changed


def test_pattern1_keeps_meaning():
    report = ptorw_interp().diffcheck(Before, passes=[passes.optimize_orch_tensors()])
    assert report.ok, str(report)


def ptorw_interp():
    from ptorw import interp
    return interp


# optimize_orch_tensors.md, Pattern 2 (Assemble Parent Strides): the Out param assembled into a
# larger parent gets the parent's row-major strides as its TensorView.
@pl.program
class AssembleBefore:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, x: pl.Tensor[[16, 32], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32],
             parent: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        o = pl.tensor.create([16, 32], dtype=pl.FP32)
        part = self.fill(x, o)
        whole = pl.tensor.assemble(parent, part, [16, 32])
        return whole


def test_pattern2_attaches_parent_strides():
    After = passes.optimize_orch_tensors()(AssembleBefore)
    fill = After.functions["fill"]
    out_type = fill.params[1].type
    assert "stride" in str(out_type) and "128" in str(out_type), str(out_type)
    assert not ir.structural_equal(After, AssembleBefore)
    assert ptorw_interp().diffcheck(AssembleBefore, passes=["optimize-orch-tensors"]).ok


# lower_tile_to_buffer.md, "Placement and API": the default pipeline in a PassContext.
@pl.program
class AddKernel:
    @pl.function(type=pl.FunctionType.InCore)
    def add(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        lhs = pl.load(a, [0, 0], [16, 32])
        rhs = pl.load(b, [0, 0], [16, 32])
        total = pl.tile.add(lhs, rhs)
        result = pl.store(total, [0, 0], out)
        return result


@pytest.mark.parametrize("planner", ["PYPTO", "DSA_RP", "PTOAS"])
def test_default_pipeline_lowers_to_buffer_ir(planner):
    with passes.PassContext([], enable_buffer_ir=True, memory_planner=planner):
        manager = PassManager(OptimizationStrategy.Default)
        lowered = manager.run_passes(AddKernel)
    assert lowered.functions["add"].stage == ir.FunctionIRStage.Buffer
    assert "buffer." in str(lowered)
    assert set(manager.timings) == set(manager.pass_names)


def test_legacy_path_keeps_tile_ir():
    with passes.PassContext([], enable_buffer_ir=False):
        lowered = PassManager(OptimizationStrategy.Default).run_passes(AddKernel)
    assert lowered.functions["add"].stage == ir.FunctionIRStage.Tile


def test_lower_tile_to_buffer_custom_pipeline():
    # "Custom pipelines can call passes.lower_tile_to_buffer() once the same ... invariants hold."
    p = AddKernel
    for make in (passes.init_mem_ref, passes.select_buffer_ir, passes.plan_memory, passes.lower_tile_to_buffer):
        p = make()(p)
    with passes.PassContext([], enable_buffer_ir=True):
        whole = passes.tile_to_buffer()(AddKernel)
    ir.assert_structural_equal(p, whole)
