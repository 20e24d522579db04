# rule: Pattern 5 Output-window eligibility — "sequential-loop siblings are rewritten only when every rewritten Out can be proven disjoint across sibling iterations": at row i * 16 + j * 16 (i < 4, j < 2) iterations (0, 1) and (1, 0) write the same [16, 32] window; each loop alone steps by 16 >= 16, but the outer step must also clear the inner loop's spread (16), so the call stays full
# expect: unchanged
# expect-remark: windows of different iterations of the loop at 20:9 over 'i' are not proven disjoint (its step, less the spread of the inner loops' windows, is smaller than the window)
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
        for i, (acc,) in pl.range(4, init_values=(buf,)):
            for j, (acc2,) in pl.range(2, init_values=(acc,)):
                nxt = self.scale(a, i * 16 + j * 16, acc2)
                r2 = pl.yield_(nxt)
            res = pl.yield_(r2)
        return res
