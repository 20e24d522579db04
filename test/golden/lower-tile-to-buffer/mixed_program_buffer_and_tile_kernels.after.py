@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True}, stage=pl.FunctionIRStage.Buffer)
    def fused(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
              Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        b: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        pl.buffer.load(A, (0, 0), (16, 32), a)
        pl.buffer.load(B, (0, 0), (16, 32), b)
        pl.buffer.add(a, b, a)
        pl.buffer.mul(a, b, b)
        pl.buffer.store(b, (0, 0), (16, 32), Out)
        return Out

    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
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
