@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        canvas_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        src_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 32])] = pl.buffer.alloc(())
        pl.buffer.load(a, (0, 0), (32, 32), canvas_buf)
        pl.buffer.load(b, (0, 0), (8, 32), src_buf)
        placed_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 32])] = pl.buffer.subview(canvas_buf, (16, 0), (16, 32), (8, 32))
        pl.buffer.copy(src_buf, placed_window)
        pl.buffer.store(canvas_buf, (0, 0), (32, 32), out)
        return out
