# rule: Pattern 5 Output-window eligibility — a `pl.submit` inside `with pl.manual_scope():` bound to one tuple variable whose task id is projected apart from the result (first: the task id before the result; second: the task id never projected) is rewritten like any Submit: the task id is not a tensor result, so it does not block the rewrite; it is projected from the clone's submit and stays valid for deps=[tid]
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def head(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.exp(t)
        r = pl.store(u, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.manual_scope():
            first = pl.submit(self.head, x, 0, o)
            tid = first[1]
            mid = first[0]
            second = pl.submit(self.head, x, 16, mid, deps=[tid])
            r = second[0]
        return r
