# rule: "Runtime valid extents": "every operation that defines such a tile first states the extents it produces with buffer.set_validshape" and "Tiles that name the same storage window and differ only in valid extents share one dynamic handle": a planned kernel whose window holds a tile with static extents, then a runtime-valid relabel of it, then another static tile: the static tiles share the dynamic handle, so the load defining the second one states its full extents first — the first needs none, "The allocation starts with its physical extents" (without it the second load and store used the stale [16, cols]; audit 2026-12-05); the runtime store runs under its guard
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 64], pl.FP32]], cols: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        y: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.set_validshape(x, 16, cols)
        o = pl.tile.store(y, [0, 0], out)
        x2: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.load(b, [0, 0], [16, 64])
        o2 = pl.tile.store(x2, [0, 0], out2)
        return o, o2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 64], pl.FP32]], cols: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        r = self.k(a, b, out, out2, cols)
        return r
