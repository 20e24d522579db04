# rule: Pattern 5 narrowed parameter types keep the parameter's strides: as p5_if_result_strided_in_stays_full for an Out argument (the windowed clone would address the strided view as dense rows)
# expect: unchanged
# expect-remark: if result 'w' is 'v' with strides [64, 1] or 'small' with strides [32, 1]
@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def wr(self, src: pl.Tensor[[16, 32], pl.FP32], r: pl.Scalar[pl.INDEX],
           dst: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [0, 0], [16, 32])
        o: pl.Tensor[[64, 32], pl.FP32] = pl.store(t, [r, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], small: pl.Tensor[[64, 32], pl.FP32], big: pl.Tensor[[64, 64], pl.FP32], p: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 32], pl.FP32]:
        if p < 100:
            v = pl.tensor.slice(big, [64, 32], [0, 32])
            w = pl.yield_(v)
        else:
            w = pl.yield_(small)
        y = self.wr(x, 16, w)
        return y
