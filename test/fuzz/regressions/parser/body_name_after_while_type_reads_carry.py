@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for (k,) in pl.while_(init_values=(1,)):
            pl.cond(k < n)
            t = pl.load(x, [0, 0], [16, 64], valid_shape=[k, 64])
            k2 = k + 1
            pl.yield_(k2)
        u = pl.tile.adds(t, 1.0)
        out = pl.store(u, [0, 0], out)
        return out
