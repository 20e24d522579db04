# Expected: `out`, the store result and the result type that returns it carry [128, 1]; in the loops
# of `main` only the call's result `r` follows that type.
import ptorw.language as pl


@pl.program
class NestedLoops:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_op(self, x: pl.Tensor[[16, 32], pl.FP32],
                out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]]
                ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.abs(t)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        buf = pl.create_tensor([64, 128], dtype=pl.FP32)
        for i, (acc_i,) in pl.range(4, init_values=(buf,)):
            for j, (acc_j,) in pl.range(4, init_values=(acc_i,)):
                tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
                r = self.tile_op(x, tmp)
                nxt = pl.tensor.assemble(acc_j, r, [i * 16, j * 32])
                inner = pl.yield_(nxt)
            outer = pl.yield_(inner)
        return outer
