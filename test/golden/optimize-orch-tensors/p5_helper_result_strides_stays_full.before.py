# rule: Pattern 5 narrowed parameter types keep the parameter's strides: w is the result of an Opaque helper that returns a strided slice of its input; a call result is the memory of the Out/InOut argument it carries, and this one carries none, so its strides are unknown and the In window stays full (37th session's review)
# expect: unchanged
# expect-remark: 'w' is a call result that carries no Out/InOut argument's memory
@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, src: pl.Tensor[[64, 32], pl.FP32], r: pl.Scalar[pl.INDEX],
           dst: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [r, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        o: pl.Tensor[[16, 32], pl.FP32] = pl.store(u, [0, 0], dst)
        return o

    @pl.function
    def half(self, big: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        v = pl.tensor.slice(big, [64, 32], [0, 32])
        return v

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, big: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        w = self.half(big)
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        y = self.rd(w, 16, out)
        return y
