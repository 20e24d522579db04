@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        x_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 64])] = pl.buffer.alloc(())
        y_buf: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(a, (0, 0), (8, 64), x_buf)
        w_window: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(x_buf, (0, 32), (8, 32))
        pl.buffer.exp(w_window, y_buf)
        pl.buffer.store(y_buf, (0, 0), (8, 32), out)
        return out
