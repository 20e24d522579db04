# rule: Pattern 2 (Assemble Parent Strides), Solution — the Out param's type and the declared result type that returns its memory must carry the same TensorView; here the result type already declares strides [128, 1] of its own while the parent implies [64, 1], so no strides are attached (the callee cannot give the memory the parent's strides consistently)
# expect: unchanged
import ptorw.language as pl


@pl.program
class ResultOwnStrides:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]
              ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        buf = pl.create_tensor([128, 64], dtype=pl.FP32)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        placed = pl.tensor.assemble(buf, r, [32, 0])
        return placed
