@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[64, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        b: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        for i in pl.range(0, 64, 16):
            pl.buffer.load(A, (i, 0), (16, 32), a)
            pl.buffer.exp(a, b)
            pl.buffer.store(b, (i, 0), (16, 32), Out)
        return Out
