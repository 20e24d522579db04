# rule: Pattern 5 "Clone the callee to a __windowed variant with narrowed rewritten tensor parameter types": the narrowed type keeps the parameter's strides, which the argument must have; w is an If result whose then arm yields a [64, 32] slice of a [64, 64] tensor (strides [64, 1]), so its strides are unknown and the In window stays full (37th session's review: the windowed clone received strides [64, 1] where it declares [32, 1])
# expect: unchanged
# expect-remark: if result 'w' is 'v' with strides [64, 1] or 'small' with strides [32, 1]
@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, src: pl.Tensor[[64, 32], pl.FP32], r: pl.Scalar[pl.INDEX],
           dst: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [r, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        o: pl.Tensor[[16, 32], pl.FP32] = pl.store(u, [0, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, small: pl.Tensor[[64, 32], pl.FP32], big: pl.Tensor[[64, 64], pl.FP32], p: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:
        if p < 100:
            v = pl.tensor.slice(big, [64, 32], [0, 32])
            w = pl.yield_(v)
        else:
            w = pl.yield_(small)
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        y = self.rd(w, 16, out)
        return y
