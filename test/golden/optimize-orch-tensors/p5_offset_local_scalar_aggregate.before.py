# rule: Pattern 5 Output-window eligibility — offsets must be affine in the surrounding loop variables accepted by the pass (a rule about values, not spellings): the store offset row and the load offset src are pure INDEX definitions (base = blk * 128 before the loop, src = i * 32 and row = base + src inside it), so the store writes [32, 32] tiles at [128*blk + 32*i, 0] — an AggregateWindowLoop [128, 32] window at [blk * 128, 0] — and x is read at [32*i, 0] over the whole [128, 32] parameter (AggregateInputWindowLoop)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rows(self, x: pl.Tensor[[128, 32], pl.FP32], blk: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[512, 32], pl.FP32]]) -> pl.Tensor[[512, 32], pl.FP32]:
        base = blk * 128
        for i, (acc,) in pl.range(4, init_values=(out,)):
            src = i * 32
            row = base + src
            t = pl.load(x, [src, 0], [32, 32])
            u = pl.tile.exp(t)
            s = pl.store(u, [row, 0], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 32], pl.FP32], o: pl.Tensor[[512, 32], pl.FP32]) -> pl.Tensor[[512, 32], pl.FP32]:
        for b, (acc,) in pl.range(4, init_values=(o,)):
            y = self.rows(x, b, acc)
            res = pl.yield_(y)
        return res
