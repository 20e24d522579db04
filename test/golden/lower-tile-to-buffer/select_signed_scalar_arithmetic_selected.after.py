@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[256, 32], pl.FP32], n: pl.Scalar[pl.INT32], Out: pl.Out[pl.Tensor[[256, 32], pl.FP32]]) -> pl.Tensor[[256, 32], pl.FP32]:
        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        y: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        v: pl.Scalar[pl.INT32] = n + n
        row: pl.Scalar[pl.INDEX] = pl.cast(v, target_type=pl.INDEX)
        pl.buffer.load(A, (row, 0), (16, 32), x)
        pl.buffer.exp(x, y)
        pl.buffer.store(y, (row, 0), (16, 32), Out)
        return Out
