@pl.program
class WhileK:
    @pl.function(type=pl.FunctionType.AIC, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[32, 128], pl.FP16], B: pl.Tensor[[128, 32], pl.FP16], n: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a0_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        b0_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 2048)
        l0_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Left] = pl.buffer.alloc((), 0)
        r0_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Right] = pl.buffer.alloc((), 0)
        acc_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc((), 0)
        ak_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        bk_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 2048)
        lk_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Left] = pl.buffer.alloc((), 0)
        rk_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Right] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0, 0), (32, 32), a0_buf)
        pl.buffer.load(B, (0, 0), (32, 32), b0_buf)
        pl.buffer.copy(a0_buf, l0_buf)
        pl.buffer.copy(b0_buf, r0_buf)
        pl.buffer.matmul(l0_buf, r0_buf, acc_buf)
        for (k,) in pl.while_(init_values=(1,)):
            pl.cond(k < n)
            pl.buffer.load(A, (0, k * 32), (32, 32), ak_buf)
            pl.buffer.load(B, (k * 32, 0), (32, 32), bk_buf)
            pl.buffer.copy(ak_buf, lk_buf)
            pl.buffer.copy(bk_buf, rk_buf)
            pl.buffer.matmul_acc(lk_buf, rk_buf, acc_buf)
            k_out = pl.yield_(k + 1)
        pl.buffer.store(acc_buf, (0, 0), (32, 32), Out)
        return Out
