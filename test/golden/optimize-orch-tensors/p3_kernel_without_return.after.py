import ptorw.language as pl


@pl.program
class Probe:
    @pl.function(type=pl.FunctionType.InCore)
    def rev(self, x: pl.Tensor[[64, 32], pl.FP32],
            out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]):
        for i, (acc,) in pl.range(4, init_values=(out,)):
            part = pl.load(x, [i * 16, 0], [16, 32])
            acc2 = pl.store(part, [i * 16, 0], acc)
            res = pl.yield_(acc2)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        self.rev(a, o)
        return o
