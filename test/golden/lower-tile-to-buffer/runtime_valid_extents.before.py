# rule: "Runtime valid extents": `loaded = tile.load(x, [0, 0], [16, 64], [16, cols]); doubled = tile.add(loaded, loaded)` becomes buffer.set_validshape before each defining op, over allocations with valid_shape=[-1, -1] that start with their physical extents (addressed planner: the address once); load/store windows are the valid rectangle; "load/store/arithmetic execute only when both valid extents are positive" (a guard on the runtime extent); judged with cols = 0, partial and full in lowering_runtime_valid_test
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.InOut[pl.Tensor[[16, 64], pl.FP32]],
          cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=4096)
        loaded: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.load(x, [0, 0], [16, 64], [16, cols])
        doubled: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m1, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.add(loaded, loaded)
        o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(doubled, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.InOut[pl.Tensor[[16, 64], pl.FP32]],
             cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        r = self.k(x, out, cols)
        return r
