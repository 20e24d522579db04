# rule: "Standalone setters retain Tile IR, since metadata version tracking requires an explicit SSA result": a tile.set_validshape whose result is not assigned keeps the kernel on Tile IR: InitMemRef does not plan a tile op whose result is discarded (unplanned, the reason recorded, decision False)
# opt: memory_planner=PTOAS
# expect-warning: warning: InitMemRef: the tile result of tile.set_validshape is not assigned (a standalone tile op is not planned; standalone setters retain Tile IR) (kernel 'k' keeps its unplanned Tile form)
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        pl.tile.set_validshape(x, 16, cols)
        z = pl.tile.add(x, x)
        o = pl.tile.store(z, [0, 0], out)
        return o
