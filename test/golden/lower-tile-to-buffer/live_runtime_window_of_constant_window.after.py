@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX], Out: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        x: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        y: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        z: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 8192)
        pl.buffer.load(A, (0, 0), (32, 32), x)
        w: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(x, [16, 0], (16, 32))
        v: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(w, [row, 0], (8, 32))
        pl.buffer.load(B, (0, 0), (16, 32), y)
        y8: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(y, [0, 0], (8, 32))
        pl.buffer.add(y8, v, z)
        pl.buffer.store(z, (0, 0), (8, 32), Out)
        return Out
