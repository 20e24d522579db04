# Sibling writers to disjoint row bands of one tensor (spec optimize_orch_tensors.md, Pattern 5:
# "same-scope sibling writers to the same parent ... may still be externalized when each
# individual writer satisfies the static output-window eligibility rules"). `band` scales one
# 16-row band of `x` into the same band of its Out tensor and is opted in to Pattern 5; main calls
# it four times on the same tensor, then `total` reads the whole result. As written the four
# writers hand the runtime the whole tensor and serialize (write->write); after `default` each
# writes its band's window and they run side by side, `total` waiting for all four.
import ptorw.language as pl


@pl.program
class RowBands:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def band(self, x: pl.Tensor[[64, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[16, 64], pl.FP32] = pl.load(x, [row, 0], [16, 64])
        u = pl.tile.muls(t, 3.0)
        r: pl.Tensor[[64, 64], pl.FP32] = pl.store(u, [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def total(self, a: pl.Tensor[[64, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.tile.add(t, t)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        o0 = pl.create_tensor([64, 64], dtype=pl.FP32)
        o1 = self.band(x, 0, o0)
        o2 = self.band(x, 16, o1)
        o3 = self.band(x, 32, o2)
        o4 = self.band(x, 48, o3)
        res = pl.create_tensor([64, 64], dtype=pl.FP32)
        r = self.total(o4, res)
        return r
