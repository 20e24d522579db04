@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc(())
        b_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc(())
        l_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Left] = pl.buffer.alloc(())
        r_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Right] = pl.buffer.alloc(())
        r2_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Right] = pl.buffer.alloc(())
        x_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (32, 32), a_buf)
        pl.buffer.load(B, (0, 0), (32, 32), b_buf)
        pl.buffer.copy(a_buf, l_buf)
        pl.buffer.copy(b_buf, r_buf)
        pl.buffer.copy(a_buf, r2_buf)
        pl.buffer.matmul(l_buf, r_buf, x_buf)
        if flag:
            pl.buffer.matmul_acc(l_buf, r_buf, x_buf)
        else:
            pl.buffer.matmul_acc(l_buf, r2_buf, x_buf)
        pl.buffer.store(x_buf, (0, 0), (32, 32), Out)
        return Out
