# rule: Pattern 5 Output-window eligibility — "window shape and offset must be statically known enough to materialize a tensor.slice": the Out param is declared with layout DN, not a plain ND view, so its parent strides are not known and the Out stays full (remark: "FinalStore: its view is not a plain ND view")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]]) -> pl.Tensor[[32, 64], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, 16], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]) -> pl.Tensor[[32, 64], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]:
        y = self.col(x, o)
        return y
