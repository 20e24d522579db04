# rule: Pattern 5 "narrowed rewritten tensor parameter types" keep the parameter's strides, which the argument must have — 'res' is the result of k, whose loop starts both iter-args at o1 but yields o2 into the second, so the result is o2's memory (a [64, 32] window of a [64, 64] tensor, strides [64, 1]) on later trips, not o1's: its strides are unknown and the call of rd stays full (38th session's review: rd__windowed declared [32, 1] and received [64, 1])
# expect: unchanged
# expect-remark: 'res' is a call result that carries no Out/InOut argument's memory
import ptorw.language as pl


@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 32], pl.FP32],
          o1: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
          o2: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 32])
        for i, (a, b) in pl.range(2, init_values=(o1, o1)):
            s = pl.store(t, [0, 0], b)
            r1, r2 = pl.yield_(s, o2)
        return r1

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, src: pl.Tensor[[64, 32], pl.FP32], r: pl.Scalar[pl.INDEX],
           dst: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [r, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        o: pl.Tensor[[16, 32], pl.FP32] = pl.store(u, [0, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], big: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        o1 = pl.create_tensor([64, 32], dtype=pl.FP32)
        o2 = pl.tensor.slice(big, [64, 32], [0, 0])
        res = self.k(x, o1, o2)
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        y = self.rd(res, 16, out)
        return y
