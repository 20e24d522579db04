# rule: Pattern 4 (Slice Input Strides), Solution "attach the parent tensor's shape-derived strides" — the sliced parent 'band' is an If result; both arms yield a [32, 64] slice of the [64, 128] param x, so its memory has x's strides [128, 1] (not [64, 1], the packed strides band's type declares; 38th session: Pattern 4 attached [64, 1] and diffcheck failed: 'declares TensorView strides [64, 1] but receives a view with strides [128, 1]')
import ptorw.language as pl


@pl.program
class SliceOfIfResult:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32], c: pl.Scalar[pl.INDEX]) -> pl.Tensor[[8, 16], pl.FP32]:
        if c > 0:
            lo = pl.tensor.slice(x, [32, 64], [32, 64])
            band = pl.yield_(lo)
        else:
            hi = pl.tensor.slice(x, [32, 64], [0, 0])
            band = pl.yield_(hi)
        blk = pl.tensor.slice(band, [8, 16], [8, 16])
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
