import ptorw.language as pl


@pl.program
class KwargsAttrsKept:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.InOut[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 32])
        u = pl.tile.muls(t, 1.5)
        r = pl.store(u, [0, 0], x)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            nxt = self.scale(acc, dump_vars=[i], attrs={"tag": "scale_step", "trace": True})
            res = pl.yield_(nxt)
        return res
