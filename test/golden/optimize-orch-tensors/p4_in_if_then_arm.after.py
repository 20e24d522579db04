import ptorw.language as pl


@pl.program
class P4IfThen:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32],
             flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[16, 32], pl.FP32]:
        if flag:
            blk = pl.tensor.slice(x, [16, 32], [32, 32])
            tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
            r = self.scale(blk, tmp)
            res = pl.yield_(r)
        else:
            res = pl.yield_(y)
        return res
