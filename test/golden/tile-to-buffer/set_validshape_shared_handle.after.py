@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        x_buffer: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc([16, 64])
        z_buffer: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc([16, 64])
        w_buffer: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc([16, 64])
        pl.buffer.load(a, [0, 0], [16, 64], x_buffer)
        pl.buffer.set_validshape(x_buffer, [16, cols])
        pl.buffer.set_validshape(z_buffer, [16, cols])
        if cols > 0:
            pl.buffer.add(x_buffer, x_buffer, z_buffer)
        pl.buffer.set_validshape(w_buffer, [16, cols])
        if cols > 0:
            pl.buffer.mul(x_buffer, z_buffer, w_buffer)
        if cols > 0:
            pl.buffer.store(w_buffer, [0, 0], [16, cols], out)
        return out
