# rule: Storage legalization: an If tile result and the values both arms yield name one storage; the then arm computes into it, the else arm yields an outer tile and copies it at the end of the arm
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 32))
        if n > 2:
            t = pl.tile.mul(x, x)
            res = pl.yield_(t)
        else:
            res = pl.yield_(x)
        result = pl.tile.store(res, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, 3, out)
        return r
