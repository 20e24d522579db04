# SPMD block queries read the runtime-supplied kernel ABI parameters, appended after the scalars
# (pto_format.md "Parameters"); the block index picks the row.
@pl.program
class BlockQuery:
    @pl.function(type=pl.FunctionType.AIV, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, X: pl.Tensor[[64, 32], pl.FP32], scale: pl.Scalar[pl.FP32],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        b: pl.Scalar[pl.INDEX] = pl.buffer.get_block_idx()
        row: pl.Scalar[pl.INDEX] = b * 16
        pl.buffer.load(X, (row, 0), (16, 32), t)
        pl.buffer.muls(t, scale, t)
        pl.buffer.store(t, (row, 0), (16, 32), Out)
        return Out
