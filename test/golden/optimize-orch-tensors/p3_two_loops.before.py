# rule: Pattern 3 (Assemble-Loop Rewrite) — a kernel with two independent assemble loops into two Out params: each loop is rewritten on its own (the rule fires once per loop)
import ptorw.language as pl


@pl.program
class TwoLoops:
    @pl.function(type=pl.FunctionType.InCore)
    def both(self, x: pl.Tensor[[32, 16], pl.FP32], a: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
             b: pl.Out[pl.Tensor[[32, 16], pl.FP32]]
             ) -> tuple[pl.Tensor[[32, 16], pl.FP32], pl.Tensor[[32, 16], pl.FP32]]:
        a0 = pl.tile.create([32, 16], dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(a0,)):
            part = pl.load(x, [i * 16, 0], [16, 16])
            p2 = pl.tile.abs(part)
            acc2 = pl.tile.assemble(acc, p2, [i * 16, 0])
            ra = pl.yield_(acc2)
        sa = pl.store(ra, [0, 0], a)
        b0 = pl.tile.create([32, 16], dtype=pl.FP32)
        for j, (bcc,) in pl.range(2, init_values=(b0,)):
            q = pl.load(x, [j * 16, 0], [16, 16])
            q2 = pl.tile.neg(q)
            bcc2 = pl.tile.assemble(bcc, q2, [j * 16, 0])
            rb = pl.yield_(bcc2)
        sb = pl.store(rb, [0, 0], b)
        return sa, sb

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32]
             ) -> tuple[pl.Tensor[[32, 16], pl.FP32], pl.Tensor[[32, 16], pl.FP32]]:
        oa = pl.tensor.create([32, 16], dtype=pl.FP32)
        ob = pl.tensor.create([32, 16], dtype=pl.FP32)
        ya, yb = self.both(x, oa, ob)
        return ya, yb
