# rule: Pattern 3 (Assemble-Loop Rewrite) — multi-return kernel: its first result comes from an assemble loop (rewritten), its second from a plain store (kept); the signature does not change, so main's tuple projections stay as they are
import ptorw.language as pl


@pl.program
class MultiReturnProjection:
    @pl.function(type=pl.FunctionType.InCore)
    def split(self, x: pl.Tensor[[32, 32], pl.FP32], rows: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
              head: pl.Out[pl.Tensor[[16, 32], pl.FP32]]
              ) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        first = pl.load(x, [0, 0], [16, 32])
        doubled = pl.tile.muls(first, 2.0)
        h = pl.store(doubled, [0, 0], head)
        acc0 = pl.tile.create([32, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(acc0,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            sq = pl.tile.mul(part, part)
            acc2 = pl.tile.assemble(acc, sq, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], rows)
        return ret, h

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        r = pl.tensor.create([32, 32], dtype=pl.FP32)
        h = pl.tensor.create([16, 32], dtype=pl.FP32)
        pair = self.split(x, r, h)
        sq = pair[0]
        top = pair[1]
        return sq, top
