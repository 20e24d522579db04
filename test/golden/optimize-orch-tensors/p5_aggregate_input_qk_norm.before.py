# rule: Pattern 5 Input-window eligibility — AggregateInputWindowLoop (with an AggregateWindowLoop output rewrite): the In block q is read only by loop-local tile.load windows [16, 64] at [0, j * 64] of one static loop whose offset varies with j, and the 4 trips expand to the whole [16, 256] parameter (the aggregate equals the input parent shape), so q is materialized as a window at the call site (the full-shape skip applies to PureInputWindowConsumer only) and the loads keep their offsets
import ptorw.language as pl


@pl.program
class QkNorm:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def qk_norm(self, q: pl.Tensor[[16, 256], pl.FP32], row: pl.Scalar[pl.INDEX],
                out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            t = pl.load(q, [0, j * 64], [16, 64])
            u = pl.tile.mul(t, t)
            s = pl.store(u, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q_all: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        buf = pl.create_tensor([64, 256], dtype=pl.FP32)
        for i, (o,) in pl.range(4, init_values=(buf,)):
            qb = pl.tensor.slice(q_all, [16, 256], [i * 16, 0])
            y = self.qk_norm(qb, i * 16, o)
            res = pl.yield_(y)
        return res
