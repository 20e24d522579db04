import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        mem_vec_1 = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem_vec_0, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (16, 64))
        left: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem_vec_0, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x, [8, 32], [0, 0])
        x_snap: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem_vec_1, 0, 4096), pl.Mem.Vec] = pl.tile.move(x, target_memory=pl.Mem.Vec)
        left_snap: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem_vec_1, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x_snap, [8, 32], [0, 0])
        placed: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem_vec_0, 0, 4096), pl.Mem.Vec] = pl.tile.assemble(x, left_snap, [0, 32])
        result: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(placed, (0, 0), out)
        return result
