import ptorw.language as pl


@pl.program
class TileAccumulator:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        acc0 = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        for i, (o, acc_it) in pl.range(4, init_values=(out, acc0)):
            t = pl.load(x, [i * 16, 0], [16, 64])
            acc1 = pl.tile.add(acc_it, t)
            o2 = pl.store(acc1, [0, 0], o)
            r, acc_out = pl.yield_(o2, acc1)
        return r
