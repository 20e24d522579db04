import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        m2 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        lhs: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (16, 32))
        rhs: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.load(b, (0, 0), (16, 32))
        total: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m2, 0, 2048), pl.Mem.Vec] = pl.tile.add(lhs, rhs)
        result = pl.tile.store(total, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, b, out)
        return r
