# Expected: `out` of `scale` carries [96, 1], and so does its result type (it returns out's memory);
# in the Opaque `helper` and in `main` only the calls' results follow that type.
import ptorw.language as pl


@pl.program
class TwoSitesAgree:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[96, 1], layout=pl.TensorLayout.ND)]]
              ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[96, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[96, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function
    def helper(self, x: pl.Tensor[[16, 32], pl.FP32], dst: pl.Tensor[[32, 96], pl.FP32]) -> pl.Tensor[[32, 96], pl.FP32]:
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        placed = pl.tensor.assemble(dst, r, [16, 64])
        return placed

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[128, 96], pl.FP32]:
        buf = pl.create_tensor([128, 96], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            for j, (acc2,) in pl.range(3, init_values=(acc,)):
                tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
                r = self.scale(x, tmp)
                nxt = pl.tensor.assemble(acc2, r, [i * 16, j * 32])
                inner = pl.yield_(nxt)
            outer = pl.yield_(inner)
        return outer
