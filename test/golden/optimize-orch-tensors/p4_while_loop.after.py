# Expected: `a` carries [80, 1]; the result fills whole rows of a [40, 16] parent (packed for `out`).
import ptorw.language as pl


@pl.program
class WhileLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8, 16], pl.FP32, pl.TensorView(stride=[80, 1], layout=pl.TensorLayout.ND)],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, 0.5)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 80], pl.FP32]) -> pl.Tensor[[40, 16], pl.FP32]:
        buf = pl.create_tensor([40, 16], dtype=pl.FP32)
        for (acc, n) in pl.while_(init_values=(buf, 0)):
            pl.cond(n < 5)
            blk = pl.tensor.slice(x, [8, 16], [8, n * 16])
            tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
            r = self.scale(blk, tmp)
            nxt = pl.tensor.assemble(acc, r, [n * 8, 0])
            n1 = n + 1
            acc_out, n_out = pl.yield_(nxt, n1)
        return acc_out
