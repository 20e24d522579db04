@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        loaded_buffer: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc([16, 64])
        doubled_buffer: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc([16, 64])
        pl.buffer.set_validshape(loaded_buffer, [16, cols])
        if cols > 0:
            pl.buffer.load(x, [0, 0], [16, cols], loaded_buffer)
        pl.buffer.set_validshape(doubled_buffer, [16, cols])
        if cols > 0:
            pl.buffer.add(loaded_buffer, loaded_buffer, doubled_buffer)
        if cols > 0:
            pl.buffer.store(doubled_buffer, [0, 0], [16, cols], out)
        return out
