# rule: Pattern 5 narrowed parameter types keep the parameter's strides, and the slice parent of a loop result is its visible init: the init v is a [64, 32] slice of a [64, 64] tensor (strides [64, 1]) and the loop writes it in place, so the slice the rewrite would cut has strides [64, 1], not the [32, 1] of rd's parameter; the In window stays full (37th session's review: the old check read the loop result's declared type)
# expect: unchanged
# expect-remark: the argument 'res' of 'src' has strides [64, 1], but the windowed clone reads it through the strides [32, 1]
@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, a: pl.Tensor[[64, 32], pl.FP32], i: pl.Scalar[pl.INDEX],
             dst: pl.InOut[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(a, [i * 16, 0], [16, 32])
        o: pl.Tensor[[64, 32], pl.FP32] = pl.store(t, [i * 16, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, src: pl.Tensor[[64, 32], pl.FP32], r: pl.Scalar[pl.INDEX],
           dst: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [r, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        o: pl.Tensor[[16, 32], pl.FP32] = pl.store(u, [0, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32], big: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        v = pl.tensor.slice(big, [64, 32], [0, 32])
        for i, (acc,) in pl.range(4, init_values=(v,)):
            nxt = self.fill(a, i, acc)
            res = pl.yield_(nxt)
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        y = self.rd(res, 16, out)
        return y
