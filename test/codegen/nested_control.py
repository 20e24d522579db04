# Nested regions: a For without carries around an If without an else, and an inner For carrying a
# scalar through an If with results; scalar compare/and/cast inside regions.
@pl.program
class NestedControl:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, X: pl.Tensor[[64, 32], pl.FP32], n: pl.Scalar[pl.INT32], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        u: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        limit: pl.Scalar[pl.INDEX] = pl.cast(n, target_type=pl.INDEX)
        for i in pl.range(4):
            row: pl.Scalar[pl.INDEX] = i * 16
            pl.buffer.load(X, (row, 0), (16, 32), t)
            if flag and row < limit:
                pl.buffer.neg(t, t)
            for j, (acc,) in pl.range(0, 3, 1, init_values=(row,)):
                if j == 1:
                    pl.buffer.sqrt(t, u)
                    nxt = pl.yield_(acc)
                else:
                    pl.buffer.abs(t, u)
                    nxt = pl.yield_(acc + 0)
                acc_out = pl.yield_(nxt)
            pl.buffer.store(u, (acc_out, 0), (16, 32), Out)
        return Out
