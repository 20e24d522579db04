@pl.program
class Cube:
    @pl.function(type=pl.FunctionType.AIC, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[64, 64], pl.FP16], B: pl.Tensor[[64, 64], pl.FP16],
               Out: pl.Out[pl.Tensor[[64, 64], pl.BF16]]) -> pl.Tensor[[64, 64], pl.BF16]:
        a_mat: pl.Buffer[[64, 64], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        b_mat: pl.Buffer[[64, 64], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 8192)
        a_l0: pl.Buffer[[64, 64], pl.FP16, pl.Mem.Left] = pl.buffer.alloc((), 0)
        b_l0: pl.Buffer[[64, 64], pl.FP16, pl.Mem.Right] = pl.buffer.alloc((), 0)
        acc: pl.Buffer[[64, 64], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0, 0), (64, 64), a_mat)
        pl.buffer.load(B, (0, 0), (64, 64), b_mat)
        pl.buffer.copy(a_mat, a_l0)
        pl.buffer.copy(b_mat, b_l0)
        pl.buffer.matmul(a_l0, b_l0, acc)
        pl.buffer.store(acc, (0, 0), (64, 64), Out)
        return Out
