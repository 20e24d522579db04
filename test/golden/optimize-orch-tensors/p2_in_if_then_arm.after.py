import ptorw.language as pl


@pl.program
class P2IfThen:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], buf: pl.Tensor[[128, 64], pl.FP32],
             flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[128, 64], pl.FP32]:
        if flag:
            tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
            r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = self.scale(x, tmp)
            placed = pl.tensor.assemble(buf, r, [16, 32])
            res = pl.yield_(placed)
        else:
            res = pl.yield_(buf)
        return res
