# Expected: `a` carries [128, 1]. The result is assembled as whole rows of a [256, 32] parent, whose
# strides [32, 1] are `out`'s packed strides, so Pattern 2 leaves `out` alone.
import ptorw.language as pl


@pl.program
class NestedLoops:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_op(self, a: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)],
                out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        u = pl.tile.sqrt(t)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[256, 32], pl.FP32]:
        buf = pl.create_tensor([256, 32], dtype=pl.FP32)
        for i, (acc_i,) in pl.range(4, init_values=(buf,)):
            for j, (acc_j,) in pl.range(4, init_values=(acc_i,)):
                blk = pl.tensor.slice(x, [16, 32], [i * 16, j * 32])
                tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
                r = self.tile_op(blk, tmp)
                nxt = pl.tensor.assemble(acc_j, r, [i * 64 + j * 16, 0])
                inner = pl.yield_(nxt)
            outer = pl.yield_(inner)
        return outer
