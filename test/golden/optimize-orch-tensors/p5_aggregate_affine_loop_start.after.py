# Expected (hand-written from the spec): out is a [16, 256] aggregate window (parent strides
# [1024, 1]) at [row, ob_chunk * 64]; the clone keeps the loop bounds and stores relative to the
# window; x is the whole parameter read through its strides [256, 1]. main slices x (full) and acc
# at [16, c * 4 * 64] (ob_chunk replaced by the argument c * 4): different c give disjoint windows.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def proj(self, x: pl.Tensor[[16, 256], pl.FP32], row: pl.Scalar[pl.INDEX], ob_chunk: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 1024], pl.FP32]]) -> pl.Tensor[[64, 1024], pl.FP32]:
        for ob, (acc,) in pl.range(ob_chunk, ob_chunk + 4, init_values=(out,)):
            k = ob - ob_chunk
            t = pl.load(x, [0, k * 64], [16, 64])
            u = pl.tile.exp(t)
            s = pl.store(u, [row, ob * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def proj__windowed(self, x: pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)],
                       row: pl.Scalar[pl.INDEX], ob_chunk: pl.Scalar[pl.INDEX],
                       out: pl.Out[pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[1024, 1], layout=pl.TensorLayout.ND)]]
                       ) -> pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[1024, 1], layout=pl.TensorLayout.ND)]:
        for ob, (acc,) in pl.range(ob_chunk, ob_chunk + 4, init_values=(out,)):
            k = ob - ob_chunk
            t = pl.load(x, [0, k * 64], [16, 64])
            u = pl.tile.exp(t)
            s: pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[1024, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, ob * 64 - ob_chunk * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 256], pl.FP32], o: pl.Tensor[[64, 1024], pl.FP32]) -> pl.Tensor[[64, 1024], pl.FP32]:
        for c, (acc,) in pl.range(4, init_values=(o,)):
            x_window = pl.tensor.slice(x, [16, 256], [0, 0])
            acc_window = pl.tensor.slice(acc, [16, 256], [16, c * 4 * 64])
            y_window = self.proj__windowed(x_window, 16, c * 4, acc_window)
            y = pl.tensor.assemble(acc, y_window, [16, c * 4 * 64])
            res = pl.yield_(y)
        return res
