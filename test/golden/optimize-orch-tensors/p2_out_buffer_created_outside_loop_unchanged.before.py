# rule: Pattern 2 (Assemble Parent Strides) — the Out argument must be a fresh tensor.create written by the assembling call once: b is created before the loop and written by the call in every iteration, each result assembled into dst at another row offset, so b cannot be dst's window at each offset, and no strides are attached (review rev42c 1)
# expect: unchanged
# expect-remark: 'b' is created outside the loop around the call, so every iteration writes the same buffer
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def blk(self, x: pl.Tensor[[16, 64], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        dst0 = pl.create_tensor([64, 128], dtype=pl.FP32)
        b = pl.create_tensor([16, 64], dtype=pl.FP32)
        for i, (dst,) in pl.range(4, init_values=(dst0,)):
            part = self.blk(x, b)
            dst_next = pl.tensor.assemble(dst, part, [i * 16, 64])
            res = pl.yield_(dst_next)
        return res
