# rule: Pattern 5 Solution — an output window is materialized as slice + __windowed call + assemble of the result into the parent, so the result carrying the Out param must have the parent's type: col declares its result with strides [128, 1] while the Out argument o is packed, so the call site stays full although the callee proves a FinalStore window (remark: "the result carrying Out param 'out' does not have its parent's type")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]
            ) -> pl.Tensor[[32, 64], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [32, 16])
        r = pl.store(t, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]
             ) -> pl.Tensor[[32, 64], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]:
        r = self.col(x, 16, o)
        return r
