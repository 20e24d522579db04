import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        m2 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        m3 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (16, 32))
        acc_init: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.move(x, target_memory=pl.Mem.Vec)
        for i, (acc,) in pl.range(n, init_values=(acc_init,)):
            t: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m2, 0, 2048), pl.Mem.Vec] = pl.tile.mul(x, x)
            nxt: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.add(acc, t)
            res = pl.yield_(nxt)
        e: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m3, 0, 2048), pl.Mem.Vec] = pl.tile.exp(res)
        result = pl.tile.store(e, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, 3, out)
        return r
