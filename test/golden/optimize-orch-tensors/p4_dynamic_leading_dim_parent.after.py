# Expected (hand-written from the spec): blk's In param x takes the row-major strides of the parent
# x: [M, 128] -> [128, 1] (M is the leading dim, in no stride); nothing else changes.
import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def blk(self, x: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)],
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
