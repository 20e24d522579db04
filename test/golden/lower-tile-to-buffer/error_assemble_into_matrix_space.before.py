# rule: Windows — "Assembles across memory spaces (the fix-pipe Acc to Mat forms) and rank-reducing slices are rejected until their recipes exist": an assemble of Mat tiles fails closed in explicit conversion
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: tile.assemble across or into matrix memory spaces has no Buffer recipe
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], Out: pl.Out[pl.Tensor[[32, 32], pl.FP16]]) -> pl.Tensor[[32, 32], pl.FP16]:
        mem0 = pl.tile.alloc(pl.Mem.Mat, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Mat, 512, addr=2048)
        x: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem0, 0, 2048), pl.Mem.Mat] = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        y: pl.Tile[[16, 16], pl.FP16, pl.MemRef(mem1, 0, 512), pl.Mem.Mat] = pl.load(A, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        z: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem0, 0, 2048), pl.Mem.Mat] = pl.tile.assemble(x, y, [16, 16])
        result: pl.Tensor[[32, 32], pl.FP16] = pl.store(z, [0, 0], Out)
        return result
