# Scalar arithmetic as arith ops and a For carrying a scalar (pto_format.md "Control flow"): the
# row offset advances by 16 per iteration; the tile itself is not carried.
@pl.program
class ScalarFor:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, X: pl.Tensor[[64, 32], pl.FP32], n: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        for i, (row,) in pl.range(0, n, 1, init_values=(0,)):
            pl.buffer.load(X, (row, 0), (16, 32), t)
            pl.buffer.muls(t, 2.0, t)
            pl.buffer.store(t, (row, 0), (16, 32), Out)
            nxt: pl.Scalar[pl.INDEX] = row + 16
            row_out = pl.yield_(nxt)
        return Out
