# rule: Pattern 5 Input-window eligibility — the tile.load read shape must equal the candidate window shape: x is loaded as a [16, 32] tile with valid shape [8, 32], so x stays full
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, x: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
           out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.tile.load(x, [row, 0], [16, 32], [8, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        r = self.rd(x, 16, o)
        return r
