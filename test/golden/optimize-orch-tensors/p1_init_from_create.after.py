import ptorw.language as pl


@pl.program
class InitFromCreate:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, x: pl.Tensor[[32, 16], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, x: pl.InOut[pl.Tensor[[32, 16], pl.FP32]],
             y: pl.Tensor[[32, 16], pl.FP32]) -> pl.Tensor[[32, 16], pl.FP32]:
        a = pl.load(x, [0, 0], [32, 16])
        b = pl.load(y, [0, 0], [32, 16])
        c = pl.tile.add(a, b)
        r = pl.store(c, [0, 0], x)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32],
             y: pl.Tensor[[32, 16], pl.FP32]) -> pl.Tensor[[32, 16], pl.FP32]:
        acc0 = pl.tensor.create([32, 16], dtype=pl.FP32)
        start = self.fill(x, acc0)
        for i, (acc,) in pl.range(5, init_values=(start,)):
            nxt = self.bump(acc, y)
            res = pl.yield_(nxt)
        return res
