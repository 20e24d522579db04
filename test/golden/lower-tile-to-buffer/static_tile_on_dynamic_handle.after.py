@pl.program
class After:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 64], pl.FP32]], cols: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        x_buffer: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc((16, 64), 0)
        pl.buffer.load(a, [0, 0], (16, 64), x_buffer)
        pl.buffer.set_validshape(x_buffer, (16, cols))
        if cols > 0:
            pl.buffer.store(x_buffer, [0, 0], (16, cols), out)
        pl.buffer.set_validshape(x_buffer, (16, 64))
        pl.buffer.load(b, [0, 0], (16, 64), x_buffer)
        pl.buffer.store(x_buffer, [0, 0], (16, 64), out2)
        return out, out2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 64], pl.FP32]], cols: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        r = self.k(a, b, out, out2, cols)
        return r
