# rule: Pattern 4 (Slice Input Strides), fail closed — the sliced parent 'band' is the result of the Opaque helper band_of, which returns a [32, 64] slice of its [64, 128] param (strides [128, 1]); a helper's result is the memory of an Out/InOut argument it carries, and this one carries none, so its strides are unknown and none are attached (38th session: the declared [64, 1] was attached and diffcheck failed)
# expect: unchanged
# expect-remark: 'band' is a call result that carries no Out/InOut argument's memory
import ptorw.language as pl


@pl.program
class SliceOfHelperView:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Opaque)
    def band_of(self, x: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        b = pl.tensor.slice(x, [32, 64], [32, 64])
        return b

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        band = self.band_of(x)
        blk = pl.tensor.slice(band, [8, 16], [8, 16])
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
