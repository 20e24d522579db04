import ptorw.language as pl


@pl.program
class InitIntoTypes:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for i, (out_acc, k_acc) in pl.range(4, init_values=(out, 1)):
            t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[k_acc, 64])] = pl.tile.load(x, [0, 0], [16, 64], [k_acc, 64])
            u: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[k_acc, 64])] = pl.tile.adds(t, 1.0)
            stored = pl.store(u, [0, 0], out_acc)
            k_next = k_acc + 1
            out_end, k_end = pl.yield_(stored, k_next)
        return out_end
