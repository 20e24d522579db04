import ptorw.language as pl


@pl.program
class SubmitPredicateIndex:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.INT32],
          out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:
        t = pl.load(x, [0, 0], [16, 64])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, g: pl.Tensor[[16, 64], pl.INT32], sel: pl.Tensor[[4], pl.INDEX],
             rc: pl.Out[pl.Tensor[[16, 64], pl.INT32]],
             out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:
        rc2, gate = pl.submit(self.k, g, rc)
        row: pl.Scalar[pl.INDEX] = pl.tensor.read(sel, [1])
        out2, done = pl.submit(self.k, g, out, deps=[gate], predicate=(rc2[row, 0] > 0))
        return out2
