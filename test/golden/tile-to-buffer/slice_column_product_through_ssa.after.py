@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 96], pl.FP32], block: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x_buf: pl.Buffer[[16, 96], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        y_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (16, 96), x_buf)
        c: pl.Scalar[pl.INDEX] = block * 4
        col: pl.Scalar[pl.INDEX] = c * 2
        w_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(x_buf, (0, col), (16, 32))
        pl.buffer.muls(w_window, 2.0, y_buf)
        pl.buffer.store(y_buf, (0, 0), (16, 32), Out)
        return Out
