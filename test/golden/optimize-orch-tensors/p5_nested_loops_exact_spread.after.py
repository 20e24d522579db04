# Expected (hand-written from the spec): slice + scale__windowed + assemble inside the inner loop, at [i * 32 + j * 16, 0].
import ptorw.language as pl


@pl.program
class Scale:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def scale(self, src: pl.Tensor[[128, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
              dst: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [row, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[128, 32], pl.FP32] = pl.store(u, [row, 0], dst)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def scale__windowed(self, src: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)],
                        row: pl.Scalar[pl.INDEX],
                        dst: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]
                        ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(u, [0, 0], dst)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        buf = pl.create_tensor([128, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(buf,)):
            for j, (acc2,) in pl.range(2, init_values=(acc,)):
                a_window = pl.tensor.slice(a, [16, 32], [i * 32 + j * 16, 0])
                acc2_window = pl.tensor.slice(acc2, [16, 32], [i * 32 + j * 16, 0])
                nxt_window = self.scale__windowed(a_window, i * 32 + j * 16, acc2_window)
                nxt = pl.tensor.assemble(acc2, nxt_window, [i * 32 + j * 16, 0])
                r2 = pl.yield_(nxt)
            res = pl.yield_(r2)
        return res
