# rule: Pattern 5 Input-window eligibility — input-only Submit callsites stay full-tensor: the submit's tuple variable is read by projections apart from the call (task id first, then the result; the task id feeds deps of a second submit) — a result form the pass follows — but head windows only its In param x, so the input-only rule applies: inside manual_scope the full input keeps its wider dependency and nothing changes
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def head(self, x: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [row, 0], [16, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        with pl.manual_scope():
            launch = pl.submit(self.head, x, 16, tmp)
            tid = launch[1]
            r = launch[0]
            tmp2 = pl.create_tensor([16, 32], dtype=pl.FP32)
            r2, tid2 = pl.submit(self.head, x, 32, tmp2, deps=[tid])
        return r
