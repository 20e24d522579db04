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
        top: pl.Tensor[[16, 64], pl.INT32] = pl.tensor.slice(g, [16, 64], [0, 0])
        rc2, gate = pl.submit(self.k, top, rc)
        bottom: pl.Tensor[[16, 64], pl.INT32] = pl.tensor.slice(g, [16, 64], [16, 0])
        out2, done = pl.submit(self.k, bottom, out, deps=[gate], predicate=(rc2[0, 0] > 0))
        return out2
