@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for j in pl.range(2):
            t = pl.load(x, [0, 0], [16, 64], valid_shape=[j + 1, 64])
        u = pl.tile.adds(t, 1.0)
        out = pl.store(u, [0, 0], out)
        return out
