@pl.program
class Windows:
    @pl.function(type=pl.FunctionType.AIC, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]], Out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        a_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        b_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 2048)
        l_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Left] = pl.buffer.alloc((), 0)
        r_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Right] = pl.buffer.alloc((), 0)
        p_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc((), 8192)
        q_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc((), 12288)
        pl.buffer.load(A, (0, 0), (32, 32), a_buf)
        pl.buffer.load(B, (0, 0), (32, 32), b_buf)
        pl.buffer.copy(a_buf, l_buf)
        pl.buffer.copy(b_buf, r_buf)
        pl.buffer.matmul(l_buf, r_buf, p_buf)
        pl.buffer.matmul(l_buf, r_buf, q_buf)
        pl.buffer.matmul_acc(l_buf, r_buf, q_buf)
        pl.buffer.store(p_buf, (0, 0), (32, 32), Out)
        pl.buffer.store(q_buf, (0, 0), (32, 32), Out2)
        return Out, Out2
