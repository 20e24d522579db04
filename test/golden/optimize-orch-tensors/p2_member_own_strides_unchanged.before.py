# rule: Pattern 2 (Assemble Parent Strides), Solution — the parent's strides go on the Out param's type and so on every value that is its memory; here r, the tile.store result into out, is annotated with strides [128, 1] of its own while the parent implies [64, 1], so out cannot take the parent's strides consistently and nothing is attached (remark: "'r' (the memory of 'out') declares strides of its own")
# expect: unchanged
import ptorw.language as pl


@pl.program
class MemberOwnStrides:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        buf = pl.create_tensor([128, 64], dtype=pl.FP32)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        placed = pl.tensor.assemble(buf, r, [32, 0])
        return placed
