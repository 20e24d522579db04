# rule: Pattern 5 — "Clone the callee to a __windowed variant with narrowed rewritten tensor parameter types": the clone reads x through the parameter's strides [64, 1], but the call hands it memory with strides [128, 1] (an explicit TensorView), so the call stays full
# expect: unchanged
# expect-remark: the argument 'x' of 'x' has strides [128, 1], but the windowed clone reads it through the strides [64, 1]
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rep(self, x: pl.Tensor[[64, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        z = pl.tile.full([16, 64], 0.0, dtype=pl.FP32)
        for j, (acc,) in pl.range(3, init_values=(z,)):
            t = pl.load(x, [row, 0], [16, 64])
            a = pl.tile.add(acc, t)
            s = pl.yield_(a)
        r = pl.store(s, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)], o: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        y = self.rep(x, 16, o)
        return y
