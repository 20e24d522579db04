@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        y_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        x_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 64])] = pl.buffer.subview(y_buf, (0, 0), (16, 64), (8, 64))
        x2_buf: pl.Buffer[[8, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        z_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(a, (0, 0), (8, 64), x_buf)
        pl.buffer.load(a, (8, 0), (8, 64), x2_buf)
        x3_window: pl.Buffer[[8, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(x_buf, (8, 0), (8, 64))
        pl.buffer.copy(x2_buf, x3_window)
        pl.buffer.add(y_buf, y_buf, z_buf)
        pl.buffer.store(z_buf, (0, 0), (16, 64), out)
        return out
