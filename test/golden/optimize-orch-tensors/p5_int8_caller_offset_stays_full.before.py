# rule: Pattern 5 "after call-site substitution, those params may carry outer loop-affine values": the call passes y = x * 16 computed in INT8 (x = 17 wraps to 16), which the 64-bit form would fold to 272; the callee's INT8 parameter r is no atom of an affine form (an INT8 value can reach only an INT8 parameter: the verifier refuses it for an INDEX one), so the In and the Out stay full; the caller's INT8 definitions are not expanded either (defence in depth) (37th session's review)
# expect: unchanged
# expect-remark: 'r' is not an accepted variable
@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k(self, src: pl.Tensor[[512, 32], pl.FP32], r: pl.Scalar[pl.INT8],
          dst: pl.Out[pl.Tensor[[512, 32], pl.FP32]]) -> pl.Tensor[[512, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [r, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        o: pl.Tensor[[512, 32], pl.FP32] = pl.store(u, [r, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[512, 32], pl.FP32]) -> pl.Tensor[[512, 32], pl.FP32]:
        buf = pl.create_tensor([512, 32], dtype=pl.FP32)
        x: pl.Scalar[pl.INT8] = 17
        y = x * 16
        res = self.k(a, y, buf)
        return res
