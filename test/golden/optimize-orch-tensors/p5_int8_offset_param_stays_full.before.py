# rule: Pattern 5 "offsets must be affine in the surrounding loop variables accepted by the pass": the store offset r * 16 reads an INT8 scalar parameter, whose arithmetic wraps (r = 17 stores at row 16) where the 64-bit affine form does not (272); the Out and the In (loaded at the same row) stay full (37th session's review: the call site was sliced at row 272)
# expect: unchanged
# expect-remark: offset 16*r: 'r' is not an accepted variable
@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k(self, src: pl.Tensor[[512, 32], pl.FP32], r: pl.Scalar[pl.INT8],
          dst: pl.Out[pl.Tensor[[512, 32], pl.FP32]]) -> pl.Tensor[[512, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [r * 16, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        o: pl.Tensor[[512, 32], pl.FP32] = pl.store(u, [r * 16, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[512, 32], pl.FP32]) -> pl.Tensor[[512, 32], pl.FP32]:
        buf = pl.create_tensor([512, 32], dtype=pl.FP32)
        x: pl.Scalar[pl.INT8] = 17
        res = self.k(a, x, buf)
        return res
