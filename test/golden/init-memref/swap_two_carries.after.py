import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048)
        m2 = pl.tile.alloc(pl.Mem.Vec, 2048)
        m3 = pl.tile.alloc(pl.Mem.Vec, 2048)
        m4 = pl.tile.alloc(pl.Mem.Vec, 2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (16, 32))
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.load(b, (0, 0), (16, 32))
        for i, (l, r) in pl.range(n, init_values=(x, y)):
            scratch_right: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m2, 0, 2048), pl.Mem.Vec] = pl.tile.move(r, target_memory=pl.Mem.Vec)
            scratch_left: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m3, 0, 2048), pl.Mem.Vec] = pl.tile.move(l, target_memory=pl.Mem.Vec)
            new_left: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.move(scratch_right, target_memory=pl.Mem.Vec)
            new_right: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.move(scratch_left, target_memory=pl.Mem.Vec)
            l_out, r_out = pl.yield_(new_left, new_right)
        d: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m4, 0, 2048), pl.Mem.Vec] = pl.tile.sub(l_out, r_out)
        result = pl.tile.store(d, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, b, 3, out)
        return r
