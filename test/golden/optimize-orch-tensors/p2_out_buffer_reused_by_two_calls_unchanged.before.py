# rule: Pattern 2 (Assemble Parent Strides) — the Out argument must be a fresh tensor.create written by the assembling call once: b is the Out argument of two calls whose results are assembled into dst at two offsets, so b cannot be dst's window at both, and no strides are attached (review rev42c 1: the rewritten program stored with dst's strides into the packed b and did not run)
# expect: unchanged
# expect-remark: the Out argument 'b' is used 2 times, not only as this call's Out argument
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def blk(self, x: pl.Tensor[[16, 64], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        dst = pl.create_tensor([64, 128], dtype=pl.FP32)
        b = pl.create_tensor([16, 64], dtype=pl.FP32)
        p1 = self.blk(x, b)
        d1 = pl.tensor.assemble(dst, p1, [0, 64])
        p2 = self.blk(x, b)
        d2 = pl.tensor.assemble(d1, p2, [16, 64])
        return d2
