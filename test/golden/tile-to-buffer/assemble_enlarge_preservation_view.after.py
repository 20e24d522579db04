@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, x: pl.Tensor[[32, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        canvas_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 32])] = pl.buffer.alloc(())
        src_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        placed_buf: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(x, (0, 0), (16, 32), canvas_buf)
        pl.buffer.load(y, (0, 0), (16, 32), src_buf)
        placed_pres: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 32])] = pl.buffer.subview(placed_buf, (0, 0), (32, 32), (16, 32))
        pl.buffer.copy(canvas_buf, placed_pres)
        placed_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(placed_buf, (16, 0), (16, 32))
        pl.buffer.copy(src_buf, placed_window)
        pl.buffer.store(placed_buf, (0, 0), (32, 32), out)
        pl.buffer.store(canvas_buf, (0, 0), (16, 32), out2)
        return out, out2
