# rule: Placement and API — "Addressed planners additionally check effective-range overlap" / "An exact self-copy is removed": y = tile.move(x) is placed at exactly x's bytes, so it writes nothing and x stays intact for the add; the kernel lowers and the move disappears (audit aud8 A1)
# passes: lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m2 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.move(x, target_memory=pl.Mem.Vec)
        z: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m2, 0, 2048), pl.Mem.Vec] = pl.tile.add(x, y)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(z, [0, 0], Out)
        return r
