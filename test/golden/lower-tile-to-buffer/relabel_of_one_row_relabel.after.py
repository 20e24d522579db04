@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc([], 0)
        y_buf: pl.Buffer[[16, 16], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc([], 2048)
        pl.buffer.load(A, [0, 0], [16, 32], x_buf)
        w_window: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(x_buf, [8, 0], [8, 32])
        f_view: pl.Buffer[[256], pl.FP32, pl.Mem.Vec] = pl.buffer.reshape(w_window)
        r_view: pl.Buffer[[16, 16], pl.FP32, pl.Mem.Vec] = pl.buffer.reshape(f_view)
        pl.buffer.exp(r_view, y_buf)
        pl.buffer.store(y_buf, [0, 0], [16, 16], Out)
        return Out
