@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[32, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        x_buf: pl.Buffer[[32, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        y_buf: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (32, 64), x_buf)
        w_window: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(x_buf, (row, 0), (16, 64))
        v_window: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(w_window, (8, 32), (8, 32))
        pl.buffer.exp(v_window, y_buf)
        pl.buffer.store(y_buf, (0, 0), (8, 32), Out)
        return Out
