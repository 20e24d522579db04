# Expected (hand-written from the spec): scale__windowed reads `src` and writes `dst` through
# [16, 32] windows at [0, 0] (parents [128, 32] packed: strides [32, 1]); the Opaque `main` slices
# both windows at [i * 16, 0] (the iter-arg `acc` is sliced, not folded), calls the clone and
# assembles its result back into `acc`. `scale` stays.
import ptorw.language as pl


@pl.program
class OpaqueWindow:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def scale(self, src: pl.Tensor[[128, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
              dst: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t = pl.load(src, [row, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [row, 0], dst)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def scale__windowed(self, src: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)],
                        row: pl.Scalar[pl.INDEX],
                        dst: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]
                        ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(src, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], dst)
        return r

    @pl.function
    def main(self, a: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        buf = pl.create_tensor([128, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            a_window = pl.tensor.slice(a, [16, 32], [i * 16, 0])
            acc_window = pl.tensor.slice(acc, [16, 32], [i * 16, 0])
            nxt_window = self.scale__windowed(a_window, i * 16, acc_window)
            nxt = pl.tensor.assemble(acc, nxt_window, [i * 16, 0])
            res = pl.yield_(nxt)
        return res
