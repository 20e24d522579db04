# rule: "Only selected functions receive Buffer storage legalization, storage verification and final conversion. Unselected functions retain the Tile pipeline" (issue 17: one kernel must not stop the whole program): a kernel InitMemRef cannot plan (tile.assemble into a slice window: "assemble with ... window targets ... remain Tile") keeps its unplanned Tile form with the reason recorded in init_memref_refused, is not selected, and the ordinary kernel next to it is lowered to Buffer IR; the orchestration calling both is unchanged
# opt: memory_planner=PTOAS
# expect-warning: warning: InitMemRef: tile.assemble into the slice window 'left' is not planned (an assemble into a window target retains Tile IR) (kernel 'sliced' keeps its unplanned Tile form)
@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def plain(self, A: pl.Tensor[[16, 32], pl.FP32],
              Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        y = pl.tile.add(x, x)
        result = pl.store(y, [0, 0], Out)
        return result

    @pl.function(type=pl.FunctionType.InCore)
    def sliced(self, A: pl.Tensor[[16, 64], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 64])
        left = pl.tile.slice(x, [16, 32], [0, 0])
        h = pl.load(A, [0, 0], [16, 32])
        w = pl.tile.assemble(left, h, [0, 0])
        y = pl.tile.add(w, w)
        result = pl.store(y, [0, 0], Out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        o1 = pl.create_tensor([16, 32], dtype=pl.FP32)
        r1 = self.plain(a, o1)
        o2 = pl.create_tensor([16, 64], dtype=pl.FP32)
        r2 = self.sliced(b, o2)
        return r2
