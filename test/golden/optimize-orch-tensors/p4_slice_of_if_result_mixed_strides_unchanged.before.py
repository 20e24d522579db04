# rule: Pattern 4 (Slice Input Strides), fail closed — the sliced parent 'band' is an If result whose then arm yields a slice of the [64, 128] param x (strides [128, 1]) and whose else arm yields the packed [32, 64] param y (strides [64, 1]): its memory's strides are not one value, so none are attached
# expect: unchanged
# expect-remark: if result 'band' is 'lo' with strides [128, 1] or 'y' with strides [64, 1]
import ptorw.language as pl


@pl.program
class SliceOfMixedIfResult:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32], y: pl.Tensor[[32, 64], pl.FP32], c: pl.Scalar[pl.INDEX]) -> pl.Tensor[[8, 16], pl.FP32]:
        if c > 0:
            lo = pl.tensor.slice(x, [32, 64], [32, 64])
            band = pl.yield_(lo)
        else:
            band = pl.yield_(y)
        blk = pl.tensor.slice(band, [8, 16], [8, 16])
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
