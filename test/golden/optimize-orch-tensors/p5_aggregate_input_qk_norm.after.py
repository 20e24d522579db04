# Expected (hand-written from the spec): q keeps its shape (the aggregate is the whole parameter)
# and is read through its parent's strides [256, 1]; out is a [16, 256] aggregate window at
# [row, 0]; main slices qb (full, at [0, 0]) and o, calls the clone and assembles o.
import ptorw.language as pl


@pl.program
class QkNorm:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def qk_norm(self, q: pl.Tensor[[16, 256], pl.FP32], row: pl.Scalar[pl.INDEX],
                out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            t = pl.load(q, [0, j * 64], [16, 64])
            u = pl.tile.mul(t, t)
            s = pl.store(u, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def qk_norm__windowed(self, q: pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)], row: pl.Scalar[pl.INDEX],
                          out: pl.Out[pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]]
                          ) -> pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            t = pl.load(q, [0, j * 64], [16, 64])
            u = pl.tile.mul(t, t)
            s: pl.Tensor[[16, 256], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q_all: pl.Tensor[[64, 256], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        buf = pl.create_tensor([64, 256], dtype=pl.FP32)
        for i, (o,) in pl.range(4, init_values=(buf,)):
            qb = pl.tensor.slice(q_all, [16, 256], [i * 16, 0])
            qb_window = pl.tensor.slice(qb, [16, 256], [0, 0])
            o_window = pl.tensor.slice(o, [16, 256], [i * 16, 0])
            y_window = self.qk_norm__windowed(qb_window, i * 16, o_window)
            y = pl.tensor.assemble(o, y_window, [i * 16, 0])
            res = pl.yield_(y)
        return res
