# rule: Pattern 5 Output-window eligibility — "proven disjoint across sibling iterations": a loop of one iteration has no sibling iterations, so a call inside it at the constant row 16 is rewritten
import ptorw.language as pl


@pl.program
class Scale:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def scale(self, src: pl.Tensor[[128, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
              dst: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [row, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[128, 32], pl.FP32] = pl.store(u, [row, 0], dst)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        buf = pl.create_tensor([128, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(1, init_values=(buf,)):
            nxt = self.scale(a, 16, acc)
            res = pl.yield_(nxt)
        return res
