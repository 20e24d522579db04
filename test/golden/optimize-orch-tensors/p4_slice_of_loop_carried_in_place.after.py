# Expected: scale's a, out, its store result and its return type carry [64, 1]; main is unchanged.
import ptorw.language as pl


@pl.program
class SliceOfLoopCarried:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]
              ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:
        band = pl.tensor.slice(x, [32, 32], [0, 32])
        for i, (acc,) in pl.range(2, init_values=(band,)):
            blk = pl.tensor.slice(acc, [16, 32], [i * 16, 0])
            tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
            r = self.scale(blk, tmp)
            nxt = pl.tensor.assemble(acc, r, [i * 16, 0])
            res = pl.yield_(nxt)
        return res
