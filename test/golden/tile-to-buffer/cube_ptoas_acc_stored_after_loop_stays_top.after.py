@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[32, 128], pl.FP16], B: pl.Tensor[[128, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a0_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc(())
        b0_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc(())
        l0_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Left] = pl.buffer.alloc(())
        r0_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Right] = pl.buffer.alloc(())
        x0_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc(())
        ak_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc(())
        bk_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc(())
        lk_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Left] = pl.buffer.alloc(())
        rk_buf: pl.Buffer[[32, 32], pl.FP16, pl.Mem.Right] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (32, 32), a0_buf)
        pl.buffer.load(B, (0, 0), (32, 32), b0_buf)
        pl.buffer.copy(a0_buf, l0_buf)
        pl.buffer.copy(b0_buf, r0_buf)
        pl.buffer.matmul(l0_buf, r0_buf, x0_buf)
        for k in pl.range(1, 4, 1):
            pl.buffer.load(A, (0, k * 32), (32, 32), ak_buf)
            pl.buffer.load(B, (k * 32, 0), (32, 32), bk_buf)
            pl.buffer.copy(ak_buf, lk_buf)
            pl.buffer.copy(bk_buf, rk_buf)
            pl.buffer.matmul_acc(lk_buf, rk_buf, x0_buf)
        pl.buffer.store(x0_buf, (0, 0), (32, 32), Out)
        return Out
