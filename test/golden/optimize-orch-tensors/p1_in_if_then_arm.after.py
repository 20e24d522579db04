import ptorw.language as pl


@pl.program
class P1IfThen:
    @pl.function(type=pl.FunctionType.InCore)
    def iterate(self, x: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 32])
        for k, (c,) in pl.range(4, init_values=(t,)):
            h = pl.tile.muls(c, 0.5)
            c2 = pl.tile.adds(h, 1.0)
            cr = pl.yield_(c2)
        r = pl.store(cr, [0, 0], x)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32],
             flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[32, 32], pl.FP32]:
        if flag:
            y = self.iterate(a)
            res = pl.yield_(y)
        else:
            res = pl.yield_(b)
        return res
