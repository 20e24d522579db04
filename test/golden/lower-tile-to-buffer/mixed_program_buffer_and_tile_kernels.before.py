# rule: Default whole-kernel selection — "load -> add -> mul -> store => Buffer; load -> reduction-like op -> store => Tile (whole kernel)": one orchestration calls both; the orchestration and its calls are unchanged, only the selected kernel reaches Buffer stage
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def fused(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
              Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mb = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mb, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        s: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.tile.add(a, b)
        p: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mb, 0, 2048), pl.Mem.Vec] = pl.tile.mul(s, b)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(p, [0, 0], Out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def other(self, A: pl.Tensor[[16, 32], pl.FP32],
              Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mb = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        q: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mb, 0, 2048), pl.Mem.Vec] = pl.tile.rsqrt(a)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(q, [0, 0], Out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.create_tensor([16, 32], dtype=pl.FP32)
        u = self.fused(A, B, t)
        v = pl.create_tensor([16, 32], dtype=pl.FP32)
        w = self.other(u, v)
        return w
