# rule: Pattern 5 Supported rewrite shapes — AggregateWindowLoop over a loop with an affine start and a constant trip count: pl.range(ob_chunk, ob_chunk + 4) runs 4 trips from the scalar parameter ob_chunk, each storing a [16, 64] tile at [row, ob * 64], so the aggregate is the [16, 256] window at [row, ob_chunk * 64] and the clone stores at [0, ob * 64 - ob_chunk * 64]; x is read at [0, k * 64] with k = ob - ob_chunk, which covers the whole [16, 256] parameter (AggregateInputWindowLoop)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def proj(self, x: pl.Tensor[[16, 256], pl.FP32], row: pl.Scalar[pl.INDEX], ob_chunk: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 1024], pl.FP32]]) -> pl.Tensor[[64, 1024], pl.FP32]:
        for ob, (acc,) in pl.range(ob_chunk, ob_chunk + 4, init_values=(out,)):
            k = ob - ob_chunk
            t = pl.load(x, [0, k * 64], [16, 64])
            u = pl.tile.exp(t)
            s = pl.store(u, [row, ob * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 256], pl.FP32], o: pl.Tensor[[64, 1024], pl.FP32]) -> pl.Tensor[[64, 1024], pl.FP32]:
        for c, (acc,) in pl.range(4, init_values=(o,)):
            y = self.proj(x, 16, c * 4, acc)
            res = pl.yield_(y)
        return res
