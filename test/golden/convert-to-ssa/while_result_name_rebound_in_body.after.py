import ptorw.language as pl


@pl.program
class WhileResultRebound:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        u = pl.tile.adds(t, 1.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        acc0 = a
        k0 = 0
        for (h, acc_it, k_it) in pl.while_(init_values=(a, acc0, k0)):
            pl.cond(k_it < 3)
            nb = pl.tensor.create([16, 16], dtype=pl.FP32)
            acc1 = self.k(acc_it, nb)
            k1 = k_it + 1
            acc, acc_out, k_out = pl.yield_(acc1, acc1, k1)
        return acc
