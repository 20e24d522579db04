@pl.program
class R:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.BF16], B: pl.Tensor[[16, 32], pl.BF16], Out: pl.Out[pl.Tensor[[16, 32], pl.BF16]]) -> pl.Tensor[[16, 32], pl.BF16]:
        x_buf: pl.Buffer[[16, 32], pl.BF16, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0, 0), (16, 32), x_buf)
        pl.buffer.store(x_buf, (0, 0), (16, 32), Out)
        return Out
