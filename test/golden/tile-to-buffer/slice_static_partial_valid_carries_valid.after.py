@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        y_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 32])] = pl.buffer.alloc((), 4096)
        pl.buffer.load(a, (0, 0), (16, 64), x_buf)
        w_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 32])] = pl.buffer.subview(x_buf, (0, 32), (16, 32), (8, 32))
        pl.buffer.add(w_window, w_window, y_buf)
        pl.buffer.store(y_buf, (0, 0), (8, 32), out)
        return out
