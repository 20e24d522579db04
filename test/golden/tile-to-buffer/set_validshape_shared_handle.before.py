# rule: "Runtime valid shapes are enabled for ... allocation-backed set_validshape with an assigned result"; "tile.set_validshape updates the shared handle directly"; "Tiles that name the same storage window and differ only in valid extents share one dynamic handle"; "A current version may have several consumers": x and y name one storage and differ only in valid extents, so they share one dynamic handle (valid_shape=[-1, -1], starting with its physical extents, which x's load fills); the setter is buffer.set_validshape on that handle; y is read by the add and the mul; judged with cols = 0, 5, 64 in lowering_set_validshape_test
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        y = pl.tile.set_validshape(x, 16, cols)
        z = pl.tile.add(y, y)
        w = pl.tile.mul(y, z)
        o = pl.tile.store(w, [0, 0], out)
        return o
