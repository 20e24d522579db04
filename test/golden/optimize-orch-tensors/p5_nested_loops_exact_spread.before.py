# rule: Pattern 5 Output-window eligibility — "proven disjoint across sibling iterations" over two loops: at row i * 32 + j * 16 (i < 4, j < 2) the outer step 32 equals the window (16) plus the inner loop's spread (16 * (2 - 1)), so the eight windows tile the 128 rows without overlap and the call is rewritten
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
                nxt = self.scale(a, i * 32 + j * 16, acc2)
                r2 = pl.yield_(nxt)
            res = pl.yield_(r2)
        return res
