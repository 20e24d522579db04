# rule: Pattern 4 (Slice Input Strides) and spec "Scope" — "Analyze tensor.slice(parent, size, offset) patterns in orchestration"; Group functions are "Unchanged": a slice a Group function passes to a kernel does not attach strides to it (as Patterns 1, 2 and 5 leave a kernel a Group calls)
# expect: unchanged
# expect-remark: the pass leaves a Group function unchanged (spec "Scope"), so the kernel keeps its signature
import ptorw.language as pl


@pl.program
class SliceColumnBlock:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Group)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [16, 32], [32, 32])
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
