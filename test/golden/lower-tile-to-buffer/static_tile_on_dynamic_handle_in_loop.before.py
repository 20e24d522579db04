# rule: "Runtime valid extents": "every operation that defines such a tile first states the extents it produces with buffer.set_validshape" and "Tiles that name the same storage window and differ only in valid extents share one dynamic handle": in a loop body a static load precedes a runtime-valid load into the same window, so from the second trip on the handle holds [16, cols] when the static load runs again: it states its full extents first (audit 2026-12-05)
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        for i, (acc,) in pl.range(2, init_values=(out,)):
            x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
            o1: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(x, [0, 0], acc)
            y: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.load(b, [0, 0], [16, 64], [16, cols])
            o2: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(y, [0, 0], o1)
            acc2 = pl.yield_(o2)
        return acc2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        r = self.k(a, b, out, cols)
        return r
