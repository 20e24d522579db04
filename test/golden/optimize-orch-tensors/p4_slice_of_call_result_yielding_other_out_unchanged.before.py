# rule: Pattern 4 (Slice Input Strides), fail closed — the sliced parent 'res' is the result of k, whose loop starts both iter-args at o1 but yields o2 into the second: from the second trip on the store writes o2, so the result carries no one Out param (BuildOutParamReturnMappings through loops: an iter-arg carries a parameter only when its init and every trip's yield do). res's memory is unknown and no strides are attached (38th session's review: the strides of o1, a packed tensor, were attached while o2 is a [128, 1] window)
# expect: unchanged
# expect-remark: 'res' is a call result that carries no Out/InOut argument's memory
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[8, 16], pl.FP32],
          o1: pl.Out[pl.Tensor[[8, 16], pl.FP32]],
          o2: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [8, 16])
        for i, (a, b) in pl.range(2, init_values=(o1, o1)):
            s = pl.store(t, [0, 0], b)
            r1, r2 = pl.yield_(s, o2)
        return r1

    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[4, 8], pl.FP32],
              out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        t = pl.load(a, [0, 0], [4, 8])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 16], pl.FP32], big: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]:
        o1 = pl.create_tensor([8, 16], dtype=pl.FP32)
        o2 = pl.tensor.slice(big, [8, 16], [0, 0])
        res = self.k(x, o1, o2)
        blk = pl.tensor.slice(res, [4, 8], [0, 0])
        tmp = pl.create_tensor([4, 8], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
