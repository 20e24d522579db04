import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        mem_vec_0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_vec_0, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (32, 32))
        bottom: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem_vec_0, 0, 4096), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [16, 0])
        placed: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_vec_0, 0, 4096), pl.Mem.Vec] = pl.tile.assemble(x, bottom, [16, 0])
        result: pl.Tensor[[32, 32], pl.FP32] = pl.tile.store(placed, (0, 0), out)
        return result
