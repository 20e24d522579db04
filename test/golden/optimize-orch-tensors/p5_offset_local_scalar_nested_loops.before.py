# rule: Pattern 5 Input-window eligibility — pure input-window offset expressions may reference only callee params, read through pure scalar definitions: x is read in a nested loop at [top, 0] with top = mid - 8 (inner loop), mid = row + 8 (outer loop), row = blk * 16 (before the loops), i.e. always at [16*blk, 0] — a PureInputWindowConsumer [16, 32] window — and the final store is at [row, 0] (FinalStore); both windows are materialized from the resolved form blk * 16, never from the callee-local names
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def acc2(self, x: pl.Tensor[[64, 32], pl.FP32], blk: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        row = blk * 16
        z = pl.tile.full([16, 32], 0.0, dtype=pl.FP32)
        for i, (a,) in pl.range(2, init_values=(z,)):
            mid = row + 8
            for j, (b,) in pl.range(2, init_values=(a,)):
                top = mid - 8
                t = pl.load(x, [top, 0], [16, 32])
                c = pl.tile.add(b, t)
                bn = pl.yield_(c)
            an = pl.yield_(bn)
        s = pl.store(an, [row, 0], out)
        return s

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        y = self.acc2(x, 2, o)
        return y
