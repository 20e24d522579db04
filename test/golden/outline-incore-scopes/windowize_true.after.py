# Expected (hand-written from the issue): scale_rows(a, row, acc) with acc Out returns nxt.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        buf = pl.create_tensor([128, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            row = i * 16
            nxt = self.scale_rows(a, row, acc)
            res = pl.yield_(nxt)
        return res

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def scale_rows(self, a: pl.Tensor[[128, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
                   acc: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t = pl.load(a, [row, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        nxt = pl.store(u, [row, 0], acc)
        return nxt
