import ptorw.language as pl


@pl.program
class OperandTypeOldRows:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        k0: pl.Scalar[pl.INDEX] = 2
        for i, (k_acc, out_acc) in pl.range(3, init_values=(k0, out)):
            t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[k_acc, 64])] = pl.tile.load(x, [0, 0], [16, 64], [k_acc, 64])
            k_next: pl.Scalar[pl.INDEX] = k_acc + 4
            u: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[k_acc, 64])] = pl.tile.adds(t, 1.0)
            stored: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(u, [0, 0], out_acc)
            k_end, out_end = pl.yield_(k_next, stored)
        return out_end
