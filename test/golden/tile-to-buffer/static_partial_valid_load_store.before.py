# rule: "Default whole-kernel selection": "valid extents may be static partial rectangles ... within the physical shape": a [16, 32] tile loaded with the static valid shape [16, 17] is selected; its descriptor keeps the static valid shape (no set_validshape, no guard: the extents are constants), and the load and store windows are the valid rectangle (16, 17), as for runtime extents — a store of the physical (16, 32) would write the 15 columns outside the valid region (found by the kernel fuzz, issue 17)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        s = pl.tile.load(x, [0, 0], [16, 32], [16, 17])
        t = pl.tile.relu(s)
        o = pl.tile.store(t, [0, 0], out)
        return o
