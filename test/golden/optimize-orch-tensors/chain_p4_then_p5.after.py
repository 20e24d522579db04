# Expected (hand-written from the spec): Pattern 4 puts stride [64, 1] on `k`'s In param `a`;
# Pattern 5 then adds k__windowed, whose `a` window is [16, 32] with the inherited strides [64, 1]
# and whose `out` window is [16, 32] of a packed [32, 32] parent (strides [32, 1]), both read and
# written at [0, 0]. The call site slices both windows (the iter-arg `acc` is sliced, not folded),
# calls the clone and assembles the result back into `acc`. `k` stays, with Pattern 4's strides.
import ptorw.language as pl


@pl.program
class SliceThenWindow:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k(self, a: pl.Tensor[[32, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
          row: pl.Scalar[pl.INDEX],
          out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(a, [row, 0], [16, 32])
        u = pl.tile.exp(t)
        r = pl.store(u, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def k__windowed(self, a: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
                    row: pl.Scalar[pl.INDEX],
                    out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]
                    ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.exp(t)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32], o: pl.Tensor[[32, 32], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [32, 32], [0, 32])
        for i, (acc,) in pl.range(2, init_values=(o,)):
            blk_window = pl.tensor.slice(blk, [16, 32], [i * 16, 0])
            acc_window = pl.tensor.slice(acc, [16, 32], [i * 16, 0])
            r_window = self.k__windowed(blk_window, i * 16, acc_window)
            r = pl.tensor.assemble(acc, r_window, [i * 16, 0])
            ra = pl.yield_(r)
        return ra
