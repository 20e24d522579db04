@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP16], Out: pl.Out[pl.Tensor[[16, 32], pl.FP16]]) -> pl.Tensor[[16, 32], pl.FP16]:
        x: pl.Buffer[[16, 32], pl.FP16, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        y: pl.Buffer[[16, 32], pl.FP16, pl.Mem.Vec] = pl.buffer.alloc((), 1024)
        pl.buffer.load(A, (0, 0), (16, 32), x)
        pl.buffer.add(x, x, y)
        pl.buffer.store(y, (0, 0), (16, 32), Out)
        return Out
