@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        x_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        y_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        s1_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 4096)
        s2_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 6144)
        pl.buffer.load(a, (0, 0), (16, 64), x_buf)
        w1_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(x_buf, (0, 32), (16, 32))
        w2_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(y_buf, (16, 0), (16, 32))
        pl.buffer.exp(w1_window, s1_buf)
        pl.buffer.exp(w2_window, s2_buf)
        pl.buffer.store(s1_buf, (0, 0), (16, 32), out)
        pl.buffer.store(s2_buf, (0, 0), (16, 32), out2)
        return out, out2
