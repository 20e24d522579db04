# A While carrying two scalars (the row and a count), condition first (pto_format.md "Control flow").
@pl.program
class WhileLoop:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, X: pl.Tensor[[64, 32], pl.FP32], count: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        for (row, k) in pl.while_(init_values=(0, 0)):
            pl.cond(k < count)
            pl.buffer.load(X, (row, 0), (16, 32), t)
            pl.buffer.relu(t, t)
            pl.buffer.store(t, (row, 0), (16, 32), Out)
            row_out, k_out = pl.yield_(row + 16, k + 1)
        return Out
