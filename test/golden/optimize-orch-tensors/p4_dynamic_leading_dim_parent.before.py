# rule: Pattern 4 (Slice Input Strides) — the parent x has a pl.dynamic leading dim M; its row-major strides [128, 1] do not depend on M (the leading dim enters no stride), so the slice xs passed as blk's In argument gives blk's x the parent's strides (review rev42c 2: the pass declined 'its shape is not static' and compile then refused the program)
import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def blk(self, x: pl.Tensor[[16, 64], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[M, 128], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        xs = pl.tensor.slice(x, [16, 64], [16, 64])
        b = pl.create_tensor([16, 64], dtype=pl.FP32)
        r = self.blk(xs, b)
        return r
