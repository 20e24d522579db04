# rule: simplify — stays unchanged: a constant variable that a type mentions (the tile shape [rows, 32]) is not propagated, loops with a dynamic bound or two trips stay, nothing is dead
# expect: unchanged
import ptorw.language as pl


@pl.program
class Unchanged:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.Tensor[[64, 32], pl.FP32], n: pl.Scalar[pl.INDEX],
          dst: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        rows = 16
        for i, (acc,) in pl.range(n, init_values=(dst,)):
            t = pl.load(src, [i * 16, 0], [rows, 32])
            nxt = pl.store(t, [i * 16, 0], acc)
            res = pl.yield_(nxt)
        for j, (acc2,) in pl.range(0, 2, init_values=(res,)):
            u = pl.load(src, [j * 16 + 32, 0], [16, 32])
            nxt2 = pl.store(u, [j * 16 + 32, 0], acc2)
            res2 = pl.yield_(nxt2)
        return res2
