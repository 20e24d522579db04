# rule: "Runtime valid extents" example and "Runtime-valid default selection" (straight-line Vec load/store and matching-shape elementwise recipes): a non-constant valid extent makes both descriptor dimensions dynamic (valid_shape=[-1, -1]); the allocation starts with its physical extents; every op defining such a tile first states its extents with buffer.set_validshape; load/store/arithmetic run only when the runtime extent is positive (guarded if); the load and store windows are the valid rectangle
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        loaded = pl.tile.load(x, [0, 0], [16, 64], [16, cols])
        doubled = pl.tile.add(loaded, loaded)
        o = pl.tile.store(doubled, [0, 0], out)
        return o
