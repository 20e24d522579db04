# rule: Pattern 5 Input-window eligibility — input-only Submit callsites stay full-tensor: inside manual_scope, a full input may intentionally carry a wider dependency even when the callee body reads a local window
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def head(self, x: pl.Tensor[[64, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [row, 0], [16, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        with pl.manual_scope():
            r, tid = pl.submit(self.head, x, 16, tmp)
        return r
