@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          c: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        x: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc((16, 64))
        z: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc((16, 64))
        pl.buffer.load(a, (0, 0), (16, 64), x)
        pl.buffer.set_validshape(x, (16, c))
        pl.buffer.set_validshape(z, (16, c))
        if c > 0:
            pl.buffer.exp(x, z)
        if c > 0:
            pl.buffer.store(z, (0, 0), (16, c), out)
        return out
