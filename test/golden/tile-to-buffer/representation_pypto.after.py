@pl.program
class Rep:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        b_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        r_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 4096)
        pl.buffer.load(A, (0, 0), (16, 32), a_buf)
        pl.buffer.load(B, (0, 0), (16, 32), b_buf)
        pl.buffer.add(a_buf, b_buf, r_buf)
        pl.buffer.store(r_buf, (0, 0), (16, 32), Out)
        return Out
