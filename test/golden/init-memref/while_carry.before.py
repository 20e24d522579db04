# rule: Storage legalization: a While tile carry next to a scalar carry; the init is the carry storage and the yielded adds result joins it
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 32))
        for (acc, k) in pl.while_(init_values=(x, 0)):
            pl.cond(k < n)
            nxt = pl.tile.adds(acc, 1.0)
            res, kk = pl.yield_(nxt, k + 1)
        result = pl.tile.store(res, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, 3, out)
        return r
