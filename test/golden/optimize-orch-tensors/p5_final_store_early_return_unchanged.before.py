# rule: Pattern 5 Output-window eligibility — FinalStore: a kernel that also returns from inside an If arm is not windowed (its windowed clone would narrow the result type while the early return still returns the full tensor; audit 2026-12-06 M1: the pass's own output failed to verify)
# expect: unchanged
# expect-remark: the kernel also returns from inside an If arm or a loop (only a kernel whose one return is its last statement is windowed)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def scale(self, src: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX],
              dst: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        if n > 0:
            return src
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [row, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[64, 32], pl.FP32] = pl.store(u, [row, 0], dst)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 32], pl.FP32]:
        buf = pl.create_tensor([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(buf,)):
            nxt = self.scale(a, i * 16, n, acc)
            res = pl.yield_(nxt)
        return res
