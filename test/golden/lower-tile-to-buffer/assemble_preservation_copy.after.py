@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def kernel(self, C: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
               Keep: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        canvas_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        part_buf: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 4096)
        placed_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 5120)
        pl.buffer.load(C, (0, 0), (32, 32), canvas_buf)
        pl.buffer.load(C, (24, 0), (8, 32), part_buf)
        pl.buffer.copy(canvas_buf, placed_buf)
        placed_window: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(placed_buf, (8, 0), (8, 32))
        pl.buffer.copy(part_buf, placed_window)
        pl.buffer.store(placed_buf, (0, 0), (32, 32), Out)
        pl.buffer.store(canvas_buf, (0, 0), (32, 32), Keep)
        return Out, Keep
