import ptorw.language as pl


@pl.program
class WrittenInitValues:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        k0: pl.Scalar[pl.INDEX] = 1
        for i, (out_a, k_a) in pl.range(4, init_values=(out, k0)):
            t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[k_a, 64])] = pl.tile.load(x, [0, 0], [16, 64], [k_a, 64])
            for j, (acc,) in pl.range(2, init_values=(t,)):
                res = pl.yield_(acc)
            stored: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(res, [0, 0], out_a)
            k_b: pl.Scalar[pl.INDEX] = k_a + 1
            out_e, k_e = pl.yield_(stored, k_b)
        return out_e
