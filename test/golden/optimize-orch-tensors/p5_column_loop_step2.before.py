# rule: Pattern 5 Output-window eligibility — offsets must be affine in the surrounding loop variables: column c = i * 8 (assigned in the loop) with step 2 gives iteration gap 16 >= window width 16, so the siblings are disjoint and rewritten
import ptorw.language as pl


@pl.program
class Step2:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 8, 2, init_values=(o,)):
            c = i * 8
            r = self.col(x, c, acc)
            res = pl.yield_(r)
        return res
