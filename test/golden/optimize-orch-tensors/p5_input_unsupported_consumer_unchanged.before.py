# rule: Pattern 5 Input-window eligibility — if any reference is unsupported, the whole input parameter stays full-tensor: besides its window load, x is read by tensor.read (a full-tensor reader), so x stays full
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, x: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
           out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a = pl.load(x, [row, 0], [16, 32])
        s = pl.tensor.read(x, [0, 0])
        t = pl.tile.adds(a, s)
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        r = self.rd(x, 16, o)
        return r
