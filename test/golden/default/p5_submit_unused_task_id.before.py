# rule: default pipeline — Pattern 5 Output-window eligibility with a Submit in a manual scope (issue 15): `out_next, tid = pl.submit(...)` with tid never used; simplify removes the dead task-id projection, leaving the submit's tuple variable with only its result projected, and Pattern 5 still windows the Out (the task id is not a tensor result and does not block the rewrite)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k(self, data: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
          out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(data, [0, 0], [16, 32])
        u = pl.tile.exp(t)
        r = pl.store(u, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, data: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.manual_scope():
            out_next, tid = pl.submit(self.k, data, 16, o)
        return out_next
