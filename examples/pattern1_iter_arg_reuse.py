# OptimizeOrchTensors, Pattern 1 (iter-arg reuse): the spec's "Before" example in runnable form.
# Every iteration of the loop in `main` allocates `out_0` with tensor.create and passes it as the
# Out param of the InCore kernel, although the kernel's result feeds back as the loop's iter-arg.
# The pass merges `out_0` into `x` (promoted to InOut) and removes the tensor.create.
# Only the loop header and the loop result are spelled out (the spec's text leaves `iter_arg` and
# `loop_result` undefined).
import ptorw.language as pl


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
