import ptorw.language as pl

# tasks_test "the cost model gives a kernel the same duration on Tile IR and Buffer IR": k2 (two
# 16 KiB loads, an add, a 16 KiB store) cost 1734 ns on Tile IR and 577 ns after tile-to-buffer
# (review rev43c 4): the lowering does not change the work.
@pl.program
class Find7:
    @pl.function(type=pl.FunctionType.InCore)
    def k2(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],
           out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        v = pl.load(b, [0, 0], [64, 64])
        u = pl.tile.add(t, v)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def k1(self, a: pl.Tensor[[64, 64], pl.FP32],
           out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.tile.add(t, t)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        y = pl.create_tensor([64, 64], dtype=pl.FP32)
        z = pl.create_tensor([64, 64], dtype=pl.FP32)
        y1 = self.k2(x, x, y)
        z1 = self.k1(y1, z)
        return z1
