# Expected: `dst`, the iter arg `acc`, the store result `nxt` and the loop result `res` all carry
# [64, 1]; `res` is returned, so the declared result type carries [64, 1] too (a returned GM value is
# its parameter), and the call's result `r` in `main` is typed by it.
import ptorw.language as pl


@pl.program
class CalleeLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[8, 32], pl.FP32],
             dst: pl.Out[pl.Tensor[[32, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]
             ) -> pl.Tensor[[32, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [8, 32])
        for i, (acc,) in pl.range(4, init_values=(dst,)):
            u = pl.tile.adds(t, 1.0)
            nxt: pl.Tensor[[32, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [i * 8, 0], acc)
            res = pl.yield_(nxt)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 32], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        big = pl.create_tensor([128, 64], dtype=pl.FP32)
        tmp = pl.create_tensor([32, 32], dtype=pl.FP32)
        r = self.rows(x, tmp)
        placed = pl.tensor.assemble(big, r, [64, 32])
        return placed
