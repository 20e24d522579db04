# Expected (hand-written from the spec): blk's Out param o takes the row-major strides of the parent
# out: [M, 64] -> [64, 1] (M, the leading dim, is in no stride); the stored value r and the declared
# result carry the same view, and so does the call's result p in main.
import ptorw.language as pl

M = pl.dynamic("M")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def blk(self, x: pl.Tensor[[16, 32], pl.FP32],
            o: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]
            ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(t, [0, 0], o)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[M, 64], pl.FP32]]) -> pl.Tensor[[M, 64], pl.FP32]:
        b = pl.create_tensor([16, 32], dtype=pl.FP32)
        p: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = self.blk(x, b)
        d = pl.tensor.assemble(out, p, [0, 32])
        return d
