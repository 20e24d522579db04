@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:
        x_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        y_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc([16, 32])
        pl.buffer.load(a, (0, 0), (16, 64), x_buf)
        pl.buffer.set_validshape(y_buf, (16, cols))
        if cols > 0:
            w_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, -1])] = pl.buffer.subview(x_buf, (0, 32), (16, 32), (16, cols))
            y_view: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, -1])] = pl.buffer.subview(y_buf, (0, 0), (16, 32), (16, cols))
            pl.buffer.neg(w_window, y_view)
        if cols > 0:
            pl.buffer.store(y_buf, (0, 0), (16, cols), out)
        return out
