# Expected (hand-written from the spec): k__windowed writes a [16, 32] window at [0, 0] (parent
# strides [32, 1]); in the manual scope main slices o at [16, 0], submits the clone, projects its
# result and assembles it into o (the dead task-id projection is gone: simplify removed it).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k(self, data: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
          out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(data, [0, 0], [16, 32])
        u = pl.tile.exp(t)
        r = pl.store(u, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k__windowed(self, data: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
                    out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]
                    ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(data, [0, 0], [16, 32])
        u = pl.tile.exp(t)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, data: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        with pl.manual_scope():
            o_window = pl.tensor.slice(o, [16, 32], [16, 0])
            launch_window = pl.submit(self.k__windowed, data, 16, o_window)
            out_next_window = launch_window[0]
            out_next = pl.tensor.assemble(o, out_next_window, [16, 0])
        return out_next
