import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[32, 32], pl.FP32], row: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        mem_vec_0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        mem_vec_1 = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_vec_0, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (32, 32))
        band: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem_vec_0, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [row, 0])
        low: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem_vec_0, 0, 4096), pl.Mem.Vec] = pl.tile.slice(band, [8, 32], [0, 0])
        x_snap: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_vec_1, 0, 4096), pl.Mem.Vec] = pl.tile.move(x, target_memory=pl.Mem.Vec)
        band_snap: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem_vec_1, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x_snap, [16, 32], [row, 0])
        low_snap: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem_vec_1, 0, 4096), pl.Mem.Vec] = pl.tile.slice(band_snap, [8, 32], [0, 0])
        placed: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_vec_0, 0, 4096), pl.Mem.Vec] = pl.tile.assemble(x, low_snap, [20, 0])
        result: pl.Tensor[[32, 32], pl.FP32] = pl.tile.store(placed, (0, 0), out)
        return result
