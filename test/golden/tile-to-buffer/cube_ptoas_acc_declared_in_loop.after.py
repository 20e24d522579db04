@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[128, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        b_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc(())
        r_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Right] = pl.buffer.alloc(())
        a_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc(())
        l_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Left] = pl.buffer.alloc(())
        pl.buffer.load(B, (0, 0), (32, 32), b_buf)
        pl.buffer.copy(b_buf, r_buf)
        for i in pl.range(4):
            pl.buffer.load(A, (i * 32, 0), (32, 32), a_buf)
            pl.buffer.copy(a_buf, l_buf)
            acc_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc(())
            pl.buffer.matmul(l_buf, r_buf, acc_buf)
            pl.buffer.store(acc_buf, (i * 32, 0), (32, 32), Out)
        return Out
