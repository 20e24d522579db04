# Expected (hand-written from the spec): head(x, i, acc) is outlined, then windowed: the clone
# writes a [16, 32] window at [0, 0] (parent strides [32, 1]) and main slices / assembles rows i * 16.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        buf = pl.create_tensor([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(buf,)):
            acc_window = pl.tensor.slice(acc, [16, 32], [i * 16, 0])
            r_window = self.head__windowed(x, i, acc_window)
            r = pl.tensor.assemble(acc, r_window, [i * 16, 0])
            res = pl.yield_(r)
        return res

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def head(self, x: pl.Tensor[[16, 32], pl.FP32], i: pl.Scalar[pl.INDEX],
             acc: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.exp(t)
        r = pl.store(u, [i * 16, 0], acc)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def head__windowed(self, x: pl.Tensor[[16, 32], pl.FP32], i: pl.Scalar[pl.INDEX],
                       acc: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]
                       ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.exp(t)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], acc)
        return r
