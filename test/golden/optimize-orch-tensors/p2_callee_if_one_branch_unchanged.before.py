# rule: Pattern 2 (Assemble Parent Strides), "anything whose type must stay consistent" — the callee's If yields the store into its Out param in the then arm but its In param y in the else arm: the If result (what is returned and assembled) could not have one layout, so it is not traced back to the Out param and nothing is attached (remark: "is not traced back to an Out param ('out': the if at ... yields 'r' (the memory of 'out') as result 'rr' in one branch only)")
# expect: unchanged
import ptorw.language as pl


@pl.program
class CalleeIfOneBranch:
    @pl.function(type=pl.FunctionType.InCore)
    def pick(self, x: pl.Tensor[[16, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        if n > 0:
            t = pl.load(x, [0, 0], [16, 32])
            r = pl.store(t, [0, 0], out)
            rr = pl.yield_(r)
        else:
            rr = pl.yield_(y)
        return rr

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        buf = pl.tensor.create([64, 64], dtype=pl.FP32)
        tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
        r = self.pick(x, y, 1, tmp)
        placed = pl.tensor.assemble(buf, r, [16, 32])
        return placed
