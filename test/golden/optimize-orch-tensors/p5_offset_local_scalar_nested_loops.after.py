# Expected (hand-written from the spec): x and out are [16, 32] windows (parent strides [32, 1]);
# the clone reads and stores at [0, 0] and drops the local definitions row, mid and top it no longer
# reads (the pass simplifies the clone it marks untidy); main slices both at
# [32, 0] (blk * 16 with blk = 2), calls the clone and assembles o.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def acc2(self, x: pl.Tensor[[64, 32], pl.FP32], blk: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        row = blk * 16
        z = pl.tile.full([16, 32], 0.0, dtype=pl.FP32)
        for i, (a,) in pl.range(2, init_values=(z,)):
            mid = row + 8
            for j, (b,) in pl.range(2, init_values=(a,)):
                top = mid - 8
                t = pl.load(x, [top, 0], [16, 32])
                c = pl.tile.add(b, t)
                bn = pl.yield_(c)
            an = pl.yield_(bn)
        s = pl.store(an, [row, 0], out)
        return s

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def acc2__windowed(self, x: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)],
                       blk: pl.Scalar[pl.INDEX],
                       out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]
                       ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]:
        z = pl.tile.full([16, 32], 0.0, dtype=pl.FP32)
        for i, (a,) in pl.range(2, init_values=(z,)):
            for j, (b,) in pl.range(2, init_values=(a,)):
                t = pl.load(x, [0, 0], [16, 32])
                c = pl.tile.add(b, t)
                bn = pl.yield_(c)
            an = pl.yield_(bn)
        s: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(an, [0, 0], out)
        return s

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        x_window = pl.tensor.slice(x, [16, 32], [32, 0])
        o_window = pl.tensor.slice(o, [16, 32], [32, 0])
        y_window = self.acc2__windowed(x_window, 2, o_window)
        y = pl.tensor.assemble(o, y_window, [32, 0])
        return y
