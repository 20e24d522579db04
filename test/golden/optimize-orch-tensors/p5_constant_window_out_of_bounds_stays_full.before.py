# rule: Pattern 5 "The pass keeps unsupported cases on the baseline full-tensor path": the call in the untaken arm (p > 100; p is in [0, 8) on every run) passes r = 120, so its [16, 32] Out window [120, 136) is outside buf's 128 rows; a slice there would not verify, so the call stays full (37th session's review: the pass output did not verify)
# expect: unchanged
# expect-remark: the window [120, 136) in dimension 0 is outside the argument 'buf' of extent 128
@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k(self, src: pl.Tensor[[128, 32], pl.FP32], r: pl.Scalar[pl.INDEX],
          dst: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        o: pl.Tensor[[128, 32], pl.FP32] = pl.store(u, [r, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 32], pl.FP32], p: pl.Scalar[pl.INDEX]) -> pl.Tensor[[128, 32], pl.FP32]:
        buf = pl.create_tensor([128, 32], dtype=pl.FP32)
        if p > 100:
            y = self.k(a, 120, buf)
            res = pl.yield_(y)
        else:
            res = pl.yield_(buf)
        return res
