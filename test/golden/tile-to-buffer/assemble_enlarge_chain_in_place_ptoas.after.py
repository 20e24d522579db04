@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, x: pl.Tensor[[48, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[48, 32], pl.FP32]]) -> pl.Tensor[[48, 32], pl.FP32]:
        p2_buf: pl.Buffer[[48, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        canvas_buf: pl.Buffer[[48, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 32])] = pl.buffer.subview(p2_buf, (0, 0), (48, 32), (16, 32))
        p1_buf: pl.Buffer[[48, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[32, 32])] = pl.buffer.subview(p2_buf, (0, 0), (48, 32), (32, 32))
        src_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        src2_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(x, (0, 0), (16, 32), canvas_buf)
        pl.buffer.load(y, (0, 0), (16, 32), src_buf)
        pl.buffer.muls(src_buf, 2.0, src2_buf)
        p1_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(p1_buf, (16, 0), (16, 32))
        pl.buffer.copy(src_buf, p1_window)
        p2_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(p2_buf, (32, 0), (16, 32))
        pl.buffer.copy(src2_buf, p2_window)
        pl.buffer.store(p2_buf, (0, 0), (48, 32), out)
        return out
