import ptorw.language as pl


@pl.program
class InAlreadyTakesOtherOut:
    @pl.function(type=pl.FunctionType.InCore)
    def twin(self, x: pl.InOut[pl.Tensor[[32, 32], pl.FP32]],
             hi: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [32, 32])
        for k, (c,) in pl.range(4, init_values=(t,)):
            c2 = pl.tile.muls(c, 0.5)
            cr = pl.yield_(c2)
        r1 = pl.store(cr, [0, 0], x)
        r2 = pl.store(cr, [0, 0], hi)
        return r1, r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        o2 = pl.tensor.create([32, 32], dtype=pl.FP32)
        y1, y2 = self.twin(a, o2)
        return y1, y2
