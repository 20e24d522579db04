import ptorw.language as pl


@pl.program
class AivColumns:
    @pl.function(type=pl.FunctionType.AIV)
    def blend(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            ta = pl.load(a, [0, j * 16], [16,-------------------------------------------------------------------------------------------------------------------------------- 16])
            tb = pl.load(b, [0, j * 16], [16, 16])
            m = pl.tile.minimum(ta, tb)
            acc2 = pl.store(m, [0, j * 16], acc)
            res = pl.yield_(acc2)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        o = pl.tensor.create([16, 64], dtype=pl.FP32)
        y = self.blend(a, b, o)
        return y
