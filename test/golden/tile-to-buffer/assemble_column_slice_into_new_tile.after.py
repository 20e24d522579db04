@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP32], B: pl.Tensor[[16, 64], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        canvas_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (16, 64), x_buf)
        pl.buffer.load(B, (0, 0), (16, 64), canvas_buf)
        w_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(x_buf, (0, 32), (16, 32))
        placed_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(canvas_buf, (0, 0), (16, 32))
        pl.buffer.copy(w_window, placed_window)
        pl.buffer.store(canvas_buf, (0, 0), (16, 64), Out)
        return Out
