# Expected (hand-written from the spec): head__windowed writes a [16, 32] window at [0, 0] (parent
# strides [32, 1]). Each submit runs the clone on a slice; the windowed result is projected and
# assembled right after the submit (the result variable mid / r is defined there), the task id
# tid is projected from the clone's submit where it was and still feeds deps=[tid].
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def head(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.exp(t)
        r = pl.store(u, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def head__windowed(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
                       out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]
                       ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.exp(t)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.manual_scope():
            o_window = pl.tensor.slice(o, [16, 32], [0, 0])
            first_window = pl.submit(self.head__windowed, x, 0, o_window)
            mid_window = first_window[0]
            mid = pl.tensor.assemble(o, mid_window, [0, 0])
            tid = first_window[1]
            mid_window_1 = pl.tensor.slice(mid, [16, 32], [16, 0])
            second_window = pl.submit(self.head__windowed, x, 16, mid_window_1, deps=[tid])
            r_window = second_window[0]
            r = pl.tensor.assemble(mid, r_window, [16, 0])
        return r
