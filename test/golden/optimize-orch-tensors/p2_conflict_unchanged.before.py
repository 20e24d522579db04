# rule: Pattern 2 (Assemble Parent Strides) — two call sites imply different strides for one Out param ([64, 1] and [96, 1]): conflict, no stride
# expect: unchanged
import ptorw.language as pl


@pl.program
class Conflict:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[128, 64], pl.FP32], pl.Tensor[[128, 96], pl.FP32]]:
        narrow = pl.create_tensor([128, 64], dtype=pl.FP32)
        wide = pl.create_tensor([128, 96], dtype=pl.FP32)
        tmp_a = pl.create_tensor([16, 32], dtype=pl.FP32)
        ra = self.scale(x, tmp_a)
        narrow_next = pl.tensor.assemble(narrow, ra, [0, 0])
        tmp_b = pl.create_tensor([16, 32], dtype=pl.FP32)
        rb = self.scale(x, tmp_b)
        wide_next = pl.tensor.assemble(wide, rb, [16, 64])
        return narrow_next, wide_next
