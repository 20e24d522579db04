# rule: flatten-call-expr — a pl.submit's predicate= is matched by the scheduler at dispatch and never evaluated by the orchestration ("only `tensor[indices] OP int-literal` is expressible", PyPTO tasks/03-tuning): its element read stays inside the submit, where the verifier requires it
# expect: unchanged
import ptorw.language as pl


@pl.program
class SubmitPredicate:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.INT32],
          out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:
        t = pl.load(x, [0, 0], [16, 64])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, g: pl.Tensor[[16, 64], pl.INT32],
             rc: pl.Out[pl.Tensor[[16, 64], pl.INT32]],
             out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:
        rc2, gate = pl.submit(self.k, g, rc)
        out2, done = pl.submit(self.k, g, out, deps=[gate], predicate=(rc2[0, 0] > 0))
        return out2
