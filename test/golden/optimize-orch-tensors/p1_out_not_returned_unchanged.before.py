# rule: Pattern 1 (Iter-Arg Reuse), BuildOutParamReturnMappings — the kernel stores into its Out param but returns a value that does not carry it, so no return value maps to out and out is not merged (side, whose buffer w is allocated outside the loop, is not merged either) (remark: "no return value is a tile.store into it")
# expect: unchanged
import ptorw.language as pl


@pl.program
class OutNotReturned:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]], side: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        s = pl.load(y, [0, 0], [16, 32])
        q = pl.store(s, [0, 0], side)
        return q

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        w = pl.tensor.create([16, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(3, init_values=(x,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.scale(acc, y, o, w)
            res = pl.yield_(nxt)
        return res
