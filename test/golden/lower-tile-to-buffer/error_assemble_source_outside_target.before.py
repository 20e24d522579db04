# rule: Windows — window bounds ("Every view must fit within the original capacity"): an assemble whose static window lies outside its target is refused before any conversion: the input verifier names the window and the target, and the program is unchanged
# passes: lower-tile-to-buffer
# expect-error: tile.assemble window [12, 20) in dimension 0 is outside operand 1 ('x') of shape [16, 32]
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 1024, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[8, 32], pl.FP32, pl.MemRef(mem1, 0, 1024), pl.Mem.Vec] = pl.load(A, [0, 0], [8, 32])
        z: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.tile.assemble(x, y, [12, 0])
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(z, [0, 0], Out)
        return result
