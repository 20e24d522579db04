import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[32, 64], pl.FP32], row: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        mem_vec_0 = pl.tile.alloc(pl.Mem.Vec, 8192)
        mem_vec_1 = pl.tile.alloc(pl.Mem.Vec, 1024)
        x: pl.Tile[[32, 64], pl.FP32, pl.MemRef(mem_vec_0, 0, 8192), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (32, 64))
        w: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem_vec_0, 0, 8192), pl.Mem.Vec] = pl.tile.slice(x, [16, 64], [row, 0])
        v: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem_vec_0, 0, 8192), pl.Mem.Vec] = pl.tile.slice(w, [8, 32], [8, 32])
        y: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem_vec_1, 0, 1024), pl.Mem.Vec] = pl.tile.add(v, v)
        result: pl.Tensor[[8, 32], pl.FP32] = pl.tile.store(y, (0, 0), out)
        return result
