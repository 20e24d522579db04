# Expected (hand-written): as optimize-orch-tensors/p5_offset_local_scalar_aggregate, but the clone
# drops base = blk * 128 and row = base + src, which its localized store offset [i * 32, 0] no longer
# reads; the original kernel rows keeps them (its store reads row).
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rows(self, x: pl.Tensor[[128, 32], pl.FP32], blk: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[512, 32], pl.FP32]]) -> pl.Tensor[[512, 32], pl.FP32]:
        base = blk * 128
        for i, (acc,) in pl.range(4, init_values=(out,)):
            src = i * 32
            row = base + src
            t = pl.load(x, [src, 0], [32, 32])
            u = pl.tile.exp(t)
            s = pl.store(u, [row, 0], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rows__windowed(self, x: pl.Tensor[[128, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)],
                       blk: pl.Scalar[pl.INDEX],
                       out: pl.Out[pl.Tensor[[128, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]
                       ) -> pl.Tensor[[128, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]:
        for i, (acc,) in pl.range(4, init_values=(out,)):
            src = i * 32
            t = pl.load(x, [src, 0], [32, 32])
            u = pl.tile.exp(t)
            s: pl.Tensor[[128, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [i * 32, 0], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 32], pl.FP32], o: pl.Tensor[[512, 32], pl.FP32]) -> pl.Tensor[[512, 32], pl.FP32]:
        for b, (acc,) in pl.range(4, init_values=(o,)):
            x_window = pl.tensor.slice(x, [128, 32], [0, 0])
            acc_window = pl.tensor.slice(acc, [128, 32], [b * 128, 0])
            y_window = self.rows__windowed(x_window, b, acc_window)
            y = pl.tensor.assemble(acc, y_window, [b * 128, 0])
            res = pl.yield_(y)
        return res
