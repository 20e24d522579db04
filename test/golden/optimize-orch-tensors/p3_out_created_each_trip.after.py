import ptorw.language as pl


@pl.program
class Probe:
    @pl.function(type=pl.FunctionType.InCore)
    def rev(self, x: pl.Tensor[[64, 32], pl.FP32],
            out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(out,)):
            part = pl.load(x, [48 - i * 16, 0], [16, 32])
            acc2 = pl.store(part, [i * 16, 0], acc)
            res = pl.yield_(acc2)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        for i, (prev,) in pl.range(3, init_values=(x,)):
            t = pl.tensor.create([64, 32], dtype=pl.FP32)
            r = self.rev(prev, t)
            res = pl.yield_(r)
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        z = self.rev(x, o)
        return res
