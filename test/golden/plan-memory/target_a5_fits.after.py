import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[128, 256], pl.FP32], b: pl.Tensor[[128, 256], pl.FP32], o1: pl.Out[pl.Tensor[[128, 256], pl.FP32]], o2: pl.Out[pl.Tensor[[128, 256], pl.FP32]]) -> pl.Tensor[[128, 256], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 131072, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 131072, addr=131072)
        x: pl.Tile[[128, 256], pl.FP32, pl.MemRef(m0, 0, 131072), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (128, 256))
        y: pl.Tile[[128, 256], pl.FP32, pl.MemRef(m1, 0, 131072), pl.Mem.Vec] = pl.tile.load(b, (0, 0), (128, 256))
        r1 = pl.tile.store(x, (0, 0), o1)
        r2 = pl.tile.store(y, (0, 0), o2)
        return r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 256], pl.FP32], b: pl.Tensor[[128, 256], pl.FP32]) -> pl.Tensor[[128, 256], pl.FP32]:
        o1 = pl.create_tensor([128, 256], dtype=pl.FP32)
        o2 = pl.create_tensor([128, 256], dtype=pl.FP32)
        r = self.kernel(a, b, o1, o2)
        return r
