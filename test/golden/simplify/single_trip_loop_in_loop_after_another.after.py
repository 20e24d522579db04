import ptorw.language as pl


@pl.program
class TripAfterTrip:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, y: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for j, (b,) in pl.range(3, init_values=(y,)):
            nb = pl.tensor.create([16, 32], dtype=pl.FP32)
            c2 = self.k(b, nb)
            b2 = pl.yield_(c2)
        return b2
