@pl.program
class Staged:
    @pl.function(type=pl.FunctionType.AIC, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc(())
        b_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc(())
        l_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Left] = pl.buffer.alloc(())
        r_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Right] = pl.buffer.alloc(())
        p_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (32, 32), a_buf)
        pl.buffer.load(B, (0, 0), (32, 32), b_buf)
        pl.buffer.copy(a_buf, l_buf)
        pl.buffer.copy(b_buf, r_buf)
        pl.buffer.matmul(l_buf, r_buf, p_buf)
        pl.buffer.store(p_buf, (0, 0), (32, 32), Out)
        return Out
