# rule: spec "Scope": "Orchestration / Opaque | Call sites rewritten (Patterns 1, 2, 5)" — Pattern 5 FinalStore at a call site inside an Opaque function (`@pl.function` with no type): the windowize=True kernel stores one [16, 32] window at [row, 0] of its Out param and reads its In param through the same window; in the Opaque caller's For loop (row = i * 16, disjoint across iterations) the call becomes slice + scale__windowed + assemble, as for an Orchestration caller
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

    @pl.function
    def main(self, a: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        buf = pl.create_tensor([128, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            nxt = self.scale(a, i * 16, acc)
            res = pl.yield_(nxt)
        return res
