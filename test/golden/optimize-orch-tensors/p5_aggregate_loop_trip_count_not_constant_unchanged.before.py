# rule: Pattern 5 Output-window eligibility — window shape and offset must be statically known enough to materialize a tensor.slice: the loop carrying the Out is pl.range(a, b) with both bounds scalar parameters, so its trip count b - a is not constant, the aggregate extent is not static and out stays full (remark: "non-constant bounds (not statically provable): stop - start = -a + b is not a constant trip count")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX], a: pl.Scalar[pl.INDEX],
             b: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for j, (acc,) in pl.range(a, b, init_values=(out,)):
            s = pl.store(t, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        y = self.cols(x, 16, 0, 4, o)
        return y
