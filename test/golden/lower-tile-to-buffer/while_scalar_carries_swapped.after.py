@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], limit: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0, 0), (16, 32), x)
        for (n, r, c) in pl.while_(init_values=(0, 0, 32)):
            pl.cond(n < limit)
            pl.buffer.muls(x, 2.0, x)
            n_out, r_out, c_out = pl.yield_(n + 1, c, r)
        pl.buffer.store(x, (r_out, c_out), (16, 32), Out)
        return Out
