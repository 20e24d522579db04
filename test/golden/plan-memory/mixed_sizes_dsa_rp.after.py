import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 8], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], o1: pl.Out[pl.Tensor[[16, 8], pl.FP32]], o2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 512, addr=2048)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m2 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        s: pl.Tile[[16, 8], pl.FP32, pl.MemRef(m0, 0, 512), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (16, 8))
        big: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.load(b, (0, 0), (16, 32))
        r1 = pl.tile.store(s, (0, 0), o1)
        c: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m2, 0, 2048), pl.Mem.Vec] = pl.tile.exp(big)
        r2 = pl.tile.store(c, (0, 0), o2)
        return r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 8], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        o1 = pl.create_tensor([16, 8], dtype=pl.FP32)
        o2 = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, b, o1, o2)
        return r
