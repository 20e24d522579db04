@pl.program
class Extract:
    @pl.function(type=pl.FunctionType.AIC, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[64, 64], pl.FP16], B: pl.Tensor[[64, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a_mat: pl.Buffer[[64, 64], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        b_mat: pl.Buffer[[64, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 8192)
        a_top: pl.Buffer[[32, 64], pl.FP16, pl.Mem.Left] = pl.buffer.alloc((), 0)
        a_bot: pl.Buffer[[32, 64], pl.FP16, pl.Mem.Left] = pl.buffer.alloc((), 4096)
        b_r: pl.Buffer[[64, 32], pl.FP16, pl.Mem.Right] = pl.buffer.alloc((), 0)
        acc: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0, 0), (64, 64), a_mat)
        pl.buffer.load(B, (0, 0), (64, 32), b_mat)
        pl.buffer.extract(a_mat, 0, 0, a_top)
        pl.buffer.extract(a_mat, 32, 0, a_bot)
        pl.buffer.copy(b_mat, b_r)
        pl.buffer.matmul(a_top, b_r, acc)
        pl.buffer.matmul_acc(a_bot, b_r, acc)
        pl.buffer.matmul(a_top, b_r, acc)
        pl.buffer.store(acc, (0, 0), (32, 32), Out)
        return Out
