# A precision attribute rides in the trailing dict (pto_format.md "Operations").
@pl.program
class Precision:
    @pl.function(type=pl.FunctionType.AIV, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        b_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        pl.buffer.load(A, (0, 0), (16, 32), a_buf)
        pl.buffer.load(B, (0, 0), (16, 32), b_buf)
        pl.buffer.div(a_buf, b_buf, a_buf, precision=pl.Precision.high)
        pl.buffer.store(a_buf, (0, 0), (16, 32), Out)
        return Out
