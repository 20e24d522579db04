# Expected (hand-written): free values x, i, out; out written by the store statement: Out; the
# kernel carries windowize and returns the store's result; the call binds it to out_stored.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i in pl.range(4):
            out_stored = self.band(x, i, out)
        return out

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def band(self, x: pl.Tensor[[64, 64], pl.FP32], i: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [i * 16, 0], [16, 64])
        out_stored = pl.store(pl.add(t, t), [i * 16, 0], out)
        return out_stored
