@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, C: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        canvas: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        s: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 8192)
        pl.buffer.load(C, (0, 0), (32, 32), canvas)
        bottom: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(canvas, [16, 0], (16, 32))
        pl.buffer.add(canvas, canvas, s)
        pl.buffer.store(s, (0, 0), (32, 32), Out)
        return Out
