@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, A: pl.Tensor[[32, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
          O1: pl.Out[pl.Tensor[[16, 32], pl.FP32]], O2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        a_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        b_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(a_buf, (16, 0), (16, 32))
        c_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (32, 32), a_buf)
        w_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(a_buf, (8, 0), (16, 32))
        pl.buffer.exp(w_window, c_buf)
        pl.buffer.store(c_buf, (0, 0), (16, 32), O1)
        pl.buffer.load(B, (0, 0), (16, 32), b_buf)
        pl.buffer.store(b_buf, (0, 0), (16, 32), O2)
        return O1, O2
