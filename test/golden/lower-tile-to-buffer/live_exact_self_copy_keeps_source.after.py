@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        z: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 4096)
        pl.buffer.load(A, (0, 0), (16, 32), x)
        pl.buffer.add(x, x, z)
        pl.buffer.store(z, (0, 0), (16, 32), Out)
        return Out
