import ptorw.language as pl


@pl.program
class P3IfThen:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32], y: pl.Tensor[[64, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        if flag:
            for i, (acc,) in pl.range(4, init_values=(out,)):
                part = pl.load(x, [i * 16, 0], [16, 32])
                scaled = pl.tile.muls(part, 2.0)
                acc2 = pl.store(scaled, [i * 16, 0], acc)
                res = pl.yield_(acc2)
            rr = pl.yield_(res)
        else:
            rr = pl.yield_(y)
        return rr

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], y: pl.Tensor[[64, 32], pl.FP32],
             flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        z = self.gather(x, y, flag, o)
        return z
