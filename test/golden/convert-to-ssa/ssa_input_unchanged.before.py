# rule: convert-to-ssa — input already in SSA form (it verifies) is unchanged: loops and ifs with explicit pl.yield_ results, and a loop-local definition that reuses an outer name (`t`) and is read only after it is assigned
# expect: unchanged
import ptorw.language as pl


@pl.program
class AlreadySsa:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32],
          out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        r = pl.store(t, [0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64], pl.FP32], flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.tensor.create([64], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(t,)):
            t = pl.tensor.create([64], dtype=pl.FP32)
            nxt = self.k(acc, t)
            res = pl.yield_(nxt)
        if flag:
            y1 = pl.add(res, 1.0)
            y = pl.yield_(y1)
        else:
            y = pl.yield_(a)
        return y
