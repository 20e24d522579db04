@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[64, 32], pl.FP32], C: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        x_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        y_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        canvas_buf: pl.Buffer[[64, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (16, 32), x_buf)
        pl.buffer.load(C, (0, 0), (16, 32), y_buf)
        pl.buffer.load(B, (0, 0), (64, 32), canvas_buf)
        p1_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(canvas_buf, (0, 0), (16, 32))
        pl.buffer.copy(x_buf, p1_window)
        p2_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(canvas_buf, (32, 0), (16, 32))
        pl.buffer.copy(y_buf, p2_window)
        pl.buffer.store(canvas_buf, (0, 0), (64, 32), Out)
        return Out
