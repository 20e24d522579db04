# rule: Pattern 2 (Assemble Parent Strides) — a part of smaller rank than its parent takes the parent's trailing strides (issue 3): parent [4, 64, 48] has strides [3072, 48, 1], the rank-2 Out param gets [48, 1]
import ptorw.language as pl


@pl.program
class RankMismatch:
    @pl.function(type=pl.FunctionType.InCore)
    def plane(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.relu(t)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[4, 64, 48], pl.FP32]:
        cube = pl.create_tensor([4, 64, 48], dtype=pl.FP32)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.plane(x, tmp)
        placed = pl.tensor.assemble(cube, r, [1, 16, 8])
        return placed
