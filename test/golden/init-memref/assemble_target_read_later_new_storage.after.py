import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], keep: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        mem_vec_0 = pl.tile.alloc(pl.Mem.Vec, 4096)
        mem_vec_1 = pl.tile.alloc(pl.Mem.Vec, 2048)
        mem_vec_2 = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem_vec_0, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (16, 64))
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem_vec_1, 0, 2048), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (16, 32))
        z: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem_vec_2, 0, 4096), pl.Mem.Vec] = pl.tile.assemble(x, y, [0, 32])
        r1: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(z, (0, 0), out)
        r2: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(x, (0, 0), keep)
        return r1, r2
