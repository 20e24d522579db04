# rule: Default whole-kernel selection — A5 retains Tile IR until its default rollout: the decision False is recorded, the kernel is not converted
# passes: select-buffer-ir,lower-tile-to-buffer
# opt: target=a5
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem1, 0, 2048), pl.Mem.Vec] = pl.tile.add(x, x)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return result
