# Expected (hand-written from the spec): kv_proj__windowed takes a [16, 256] window of the
# [64, 256] parent (strides [256, 1]); its loop carries the window and stores at [0, j * 64];
# main slices rows [i * 16, 0], calls the clone and assembles the block back.
import ptorw.language as pl


@pl.program
class KvProj:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def kv_proj(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
                out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            t = pl.load(x, [0, 0], [16, 64])
            u = pl.tile.muls(t, 2.0)
            s = pl.store(u, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def kv_proj__windowed(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
                          out: pl.Out[pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]]
                          ) -> pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            t = pl.load(x, [0, 0], [16, 64])
            u = pl.tile.muls(t, 2.0)
            s: pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        buf = pl.create_tensor([64, 256], dtype=pl.FP32)
        for i, (o,) in pl.range(4, init_values=(buf,)):
            o_window = pl.tensor.slice(o, [16, 256], [i * 16, 0])
            y_window = self.kv_proj__windowed(x, i * 16, o_window)
            y = pl.tensor.assemble(o, y_window, [i * 16, 0])
            res = pl.yield_(y)
        return res
