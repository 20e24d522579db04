# Expected: out of scale, its store result and its return type carry [64, 1]; main is unchanged.
import ptorw.language as pl


@pl.program
class ParentLoopCarriedWindows:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]
              ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        big = pl.tensor.create([32, 64], dtype=pl.FP32)
        band = pl.tensor.slice(big, [32, 32], [0, 32])
        for i, (acc,) in pl.range(2, init_values=(band,)):
            tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
            r = self.scale(x, tmp)
            nxt = pl.tensor.assemble(acc, r, [i * 16, 0])
            res = pl.yield_(nxt)
        left = pl.tensor.slice(big, [32, 32], [0, 0])
        for j, (acc2,) in pl.range(2, init_values=(left,)):
            tmp2 = pl.tensor.create([16, 32], dtype=pl.FP32)
            r2 = self.scale(x, tmp2)
            nxt2 = pl.tensor.assemble(acc2, r2, [j * 16, 0])
            res2 = pl.yield_(nxt2)
        return big
