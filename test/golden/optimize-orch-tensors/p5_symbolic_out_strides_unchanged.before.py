# rule: Pattern 5 Output-window eligibility — window shape and offset must be statically known enough to materialize a tensor.slice, with the parent's strides on the narrowed type: out declares the symbolic row stride S, so the parent strides are unknown and out stays full (remark: "FinalStore: its strides are symbolic")
# expect: unchanged
import ptorw.language as pl

S = pl.dynamic("S")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32, pl.TensorView(stride=[S, 1], layout=pl.TensorLayout.ND)]]
            ) -> pl.Tensor[[32, 64], pl.FP32, pl.TensorView(stride=[S, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [32, 16])
        r = pl.store(t, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32],
             o: pl.Tensor[[32, 64], pl.FP32, pl.TensorView(stride=[S, 1], layout=pl.TensorLayout.ND)]
             ) -> pl.Tensor[[32, 64], pl.FP32, pl.TensorView(stride=[S, 1], layout=pl.TensorLayout.ND)]:
        r = self.col(x, 16, o)
        return r
