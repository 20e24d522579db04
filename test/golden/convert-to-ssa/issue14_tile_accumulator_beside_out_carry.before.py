# rule: convert-to-ssa — the Tile twin of issue 14's reproducer, the most common hand-written kernel: a loop carrying an Out tensor through init_values while `acc = pl.tile.add(acc, t)` rebinds a tile read in the next iteration; `acc` becomes a second iter arg
# verify-input: no
import ptorw.language as pl


@pl.program
class TileAccumulator:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        acc = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        for i, (o,) in pl.range(4, init_values=(out,)):
            t = pl.load(x, [i * 16, 0], [16, 64])
            acc = pl.tile.add(acc, t)
            o2 = pl.store(acc, [0, 0], o)
            r = pl.yield_(o2)
        return r
