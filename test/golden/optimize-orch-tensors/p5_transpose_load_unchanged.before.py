# rule: Pattern 5 Input-window eligibility — transpose loads are rejected: the In param read by a transposed tile.load stays full (its Out is a full-shape store, so nothing is windowed)
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def tr(self, x: pl.Tensor[[64, 16], pl.FP32], row: pl.Scalar[pl.INDEX],
           out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.tile.load(x, [row, 0], [16, 16], transpose=True)
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        tmp = pl.create_tensor([16, 16], dtype=pl.FP32)
        r = self.tr(x, 32, tmp)
        return r
