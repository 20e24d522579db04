@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          out2: pl.Out[pl.Tensor[[16, 32], pl.FP32]], rows: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        x_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        y_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc([16, 32])
        pl.buffer.load(a, (0, 0), (16, 64), x_buf)
        if rows > 0:
            w_window: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, 32])] = pl.buffer.subview(x_buf, (0, 0), (16, 32), (rows, 32))
            pl.buffer.store(w_window, (0, 0), (rows, 32), out)
        pl.buffer.set_validshape(y_buf, (rows, 32))
        if rows > 0:
            w_window_1: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, 32])] = pl.buffer.subview(x_buf, (0, 0), (16, 32), (rows, 32))
            y_view: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, 32])] = pl.buffer.subview(y_buf, (0, 0), (16, 32), (rows, 32))
            pl.buffer.add(w_window_1, w_window_1, y_view)
        if rows > 0:
            pl.buffer.store(y_buf, (0, 0), (rows, 32), out2)
        return out, out2
