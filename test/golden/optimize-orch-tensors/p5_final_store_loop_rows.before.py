# rule: Pattern 5 FinalStore — a windowize=True InCore callee returns its final tile.store of a [16, 32] window at [row, 0] of its Out param; the For-loop call site becomes slice + scale__windowed + assemble (windows of iterations i*16 are disjoint), and the In param read through the same window is sliced too
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
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            nxt = self.scale(a, i * 16, acc)
            res = pl.yield_(nxt)
        return res
