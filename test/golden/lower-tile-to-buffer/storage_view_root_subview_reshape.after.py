@pl.program
class View:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        root: pl.Buffer[[128, 32], pl.UINT8, pl.Mem.Vec] = pl.buffer.alloc((), 8192)
        window: pl.Buffer[[64, 32], pl.UINT8, pl.Mem.Vec] = pl.buffer.subview(root, (2, 0))
        value: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.reshape(window)
        pl.buffer.load(A, (0, 0), (16, 32), value)
        pl.buffer.store(value, (0, 0), (16, 32), Out)
        return Out
