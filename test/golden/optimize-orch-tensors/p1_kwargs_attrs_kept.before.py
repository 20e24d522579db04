# rule: Pattern 1 (Iter-Arg Reuse) — "Calls keep their attrs and kwargs (e.g. dump_vars)": only the Out argument is dropped from the call
import ptorw.language as pl


@pl.program
class KwargsAttrsKept:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[64, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 32])
        u = pl.tile.muls(t, 1.5)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            o = pl.tensor.create([64, 32], dtype=pl.FP32)
            nxt = self.scale(acc, o, dump_vars=[i], attrs={"trace": True, "tag": "scale_step"})
            res = pl.yield_(nxt)
        return res
