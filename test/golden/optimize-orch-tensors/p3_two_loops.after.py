import ptorw.language as pl


@pl.program
class TwoLoops:
    @pl.function(type=pl.FunctionType.InCore)
    def both(self, x: pl.Tensor[[32, 16], pl.FP32], a: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
             b: pl.Out[pl.Tensor[[32, 16], pl.FP32]]
             ) -> tuple[pl.Tensor[[32, 16], pl.FP32], pl.Tensor[[32, 16], pl.FP32]]:
        for i, (acc,) in pl.range(2, init_values=(a,)):
            part = pl.load(x, [i * 16, 0], [16, 16])
            p2 = pl.tile.abs(part)
            acc2 = pl.store(p2, [i * 16, 0], acc)
            ra = pl.yield_(acc2)
        for j, (bcc,) in pl.range(2, init_values=(b,)):
            q = pl.load(x, [j * 16, 0], [16, 16])
            q2 = pl.tile.neg(q)
            bcc2 = pl.store(q2, [j * 16, 0], bcc)
            rb = pl.yield_(bcc2)
        return ra, rb

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32]
             ) -> tuple[pl.Tensor[[32, 16], pl.FP32], pl.Tensor[[32, 16], pl.FP32]]:
        oa = pl.tensor.create([32, 16], dtype=pl.FP32)
        ob = pl.tensor.create([32, 16], dtype=pl.FP32)
        ya, yb = self.both(x, oa, ob)
        return ya, yb
