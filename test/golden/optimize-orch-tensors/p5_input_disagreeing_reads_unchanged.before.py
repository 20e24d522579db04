# rule: Pattern 5 Input-window eligibility — all matched references must agree on window shape and offset: x is loaded at [row, 0] and at [row + 16, 0], so x stays full (out is written whole at offset zero: nothing changes)
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, x: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
           out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a = pl.load(x, [row, 0], [16, 32])
        b = pl.load(x, [row + 16, 0], [16, 32])
        t = pl.tile.add(a, b)
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        r = self.rd(x, 16, o)
        return r
