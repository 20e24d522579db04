@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[2, 8], pl.FP32]]) -> pl.Tensor[[2, 8], pl.FP32]:
        x_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        y_buf: pl.Buffer[[2, 8], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (16, 32), x_buf)
        w_window: pl.Buffer[[1, 16], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(x_buf, (3, 16), (1, 16))
        r_view: pl.Buffer[[2, 8], pl.FP32, pl.Mem.Vec] = pl.buffer.reshape(w_window)
        pl.buffer.add(r_view, r_view, y_buf)
        pl.buffer.store(y_buf, (0, 0), (2, 8), Out)
        return Out
