# rule: flatten-call-expr — a call used as an argument of a pl.submit moves into an assignment before it; the submit's predicate= (matched at dispatch, never evaluated by the orchestration) keeps its element read in place
import ptorw.language as pl


@pl.program
class SubmitPredicateArgs:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.INT32],
          out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:
        t = pl.load(x, [0, 0], [16, 64])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, g: pl.Tensor[[32, 64], pl.INT32],
             rc: pl.Out[pl.Tensor[[16, 64], pl.INT32]],
             out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:
        rc2, gate = pl.submit(self.k, pl.tensor.slice(g, [16, 64], [0, 0]), rc)
        out2, done = pl.submit(self.k, pl.tensor.slice(g, [16, 64], [16, 0]), out, deps=[gate], predicate=(rc2[0, 0] > 0))
        return out2
