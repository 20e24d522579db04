# rule: Storage legalization: a For tile carry names one storage; the init x is still read in the body, so an entry copy before the loop initialises the carry (zero iterations keep the initial value); the yielded value is written straight into the carry
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 32))
        for i, (acc,) in pl.range(n, init_values=(x,)):
            nxt = pl.tile.add(acc, x)
            res = pl.yield_(nxt)
        result = pl.tile.store(res, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, 3, out)
        return r
