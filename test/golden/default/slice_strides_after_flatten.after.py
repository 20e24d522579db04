import ptorw.language as pl


@pl.program
class SliceStrides:
    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, x: pl.Tensor[[64, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)],
             out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        s = pl.tensor.slice(a, [64, 32], [0, 64])
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        r = self.copy(s, o)
        return r
