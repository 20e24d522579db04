# rule: default pipeline — a program already in normal form (SSA, one call per statement, nothing to fold) on which no OptimizeOrchTensors pattern applies (the Out argument is a parameter, not a tensor.create; no slice, assemble or tile.assemble loop) comes back unchanged
# expect: unchanged
import ptorw.language as pl


@pl.program
class Normalized:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32],
          out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        u = pl.tile.muls(t, 0.5)
        r = pl.store(u, [0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX],
             dst: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (acc,) in pl.range(n, init_values=(dst,)):
            nxt = self.k(a, acc)
            res = pl.yield_(nxt)
        return res
