@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.InOut[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        loaded_buffer: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc((16, 64), 0)
        doubled_buffer: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc((16, 64), 4096)
        pl.buffer.set_validshape(loaded_buffer, (16, cols))
        if cols > 0:
            pl.buffer.load(x, [0, 0], (16, cols), loaded_buffer)
        pl.buffer.set_validshape(doubled_buffer, (16, cols))
        if cols > 0:
            pl.buffer.add(loaded_buffer, loaded_buffer, doubled_buffer)
        if cols > 0:
            pl.buffer.store(doubled_buffer, [0, 0], (16, cols), out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.InOut[pl.Tensor[[16, 64], pl.FP32]],
             cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        r = self.k(x, out, cols)
        return r
