@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 64], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
               O1: pl.Out[pl.Tensor[[8, 32], pl.FP32]], O2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[8, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        root: pl.Buffer[[256, 32], pl.UINT8, pl.Mem.Vec] = pl.buffer.alloc((), 1024)
        b_window: pl.Buffer[[64, 32], pl.UINT8, pl.Mem.Vec] = pl.buffer.subview(root, (0, 0))
        b_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.reshape(b_window)
        a_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 5120)
        c_buf: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 9216)
        pl.buffer.load(B, (0, 0), (16, 32), b_buf)
        pl.buffer.store(b_buf, (0, 0), (16, 32), O2)
        pl.buffer.load(A, (0, 0), (16, 64), a_buf)
        w_window: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(a_buf, (4, 32), (8, 32))
        pl.buffer.exp(w_window, c_buf)
        pl.buffer.store(c_buf, (0, 0), (8, 32), O1)
        return O1, O2
