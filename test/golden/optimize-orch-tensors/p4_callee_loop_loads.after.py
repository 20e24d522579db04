# Expected: `a` carries [64, 1]; the loop and its loads are unchanged.
import ptorw.language as pl


@pl.program
class CalleeLoopLoads:
    @pl.function(type=pl.FunctionType.InCore)
    def row_sum(self, a: pl.Tensor[[32, 16], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
                out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        zero = pl.tile.full([8, 16], 0.0, dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(zero,)):
            t = pl.load(a, [i * 8, 0], [8, 16])
            s = pl.tile.add(acc, t)
            nxt = pl.yield_(s)
        r = pl.store(nxt, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        cols = pl.tensor.slice(x, [32, 16], [0, 48])
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        r = self.row_sum(cols, tmp)
        return r
