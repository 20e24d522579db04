# rule: Pattern 5 "... rewrites that parent to the loop's visible init tensor": as p5_loop_init_expression_stays_full, for a pl.while_ loop whose carried tensor starts as an inline pl.full
# expect: unchanged
# expect-remark: is a loop result whose init is an expression, not a visible tensor to slice
@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, a: pl.Tensor[[128, 32], pl.FP32], i: pl.Scalar[pl.INDEX],
             dst: pl.InOut[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(a, [i * 16, 0], [16, 32])
        o: pl.Tensor[[128, 32], pl.FP32] = pl.store(t, [i * 16, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, src: pl.Tensor[[128, 32], pl.FP32], r: pl.Scalar[pl.INDEX],
           dst: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [r, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        o: pl.Tensor[[16, 32], pl.FP32] = pl.store(u, [0, 0], dst)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for (acc, i) in pl.while_(init_values=(pl.full([128, 32], 1.0, dtype=pl.FP32), 0)):
            pl.cond(i < 8)
            nxt = self.fill(a, i, acc)
            i2 = i + 1
            res, n = pl.yield_(nxt, i2)
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        y = self.rd(res, 32, out)
        return y
