@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc([])
        y_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 32])] = pl.buffer.subview(x_buf, [0, 0], [16, 64], [16, 32])
        z_buf: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 32])] = pl.buffer.alloc([])
        pl.buffer.load(a, [0, 0], [16, 64], x_buf)
        pl.buffer.add(y_buf, y_buf, z_buf)
        pl.buffer.store(z_buf, [0, 0], [16, 32], out)
        return out
