# rule: Branches with matrix storage: "Structured If/For/While regions may carry Tiles"; "tile.matmul_acc must already accumulate in place"; "Matrix region carries must preserve one storage alias": one arm accumulates into x in place, the other yields x unchanged, so the If result is x's own Acc allocation — no canonical-destination copy (an Acc-to-Acc copy would be an excluded matrix carry copy), and the scalar row stays an scf-style if result. Before: the kernel stayed Tile ("the accumulator 'x' ... is read after it accumulates in place": the read in the other arm counted as after)
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        a = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a, target_memory=pl.Mem.Left)
        r = pl.tile.move(b, target_memory=pl.Mem.Right)
        x = pl.tile.matmul(l, r)
        if flag:
            y = pl.tile.matmul_acc(x, l, r)
            z, row = pl.yield_(y, 32)
        else:
            z, row = pl.yield_(x, 0)
        result = pl.store(z, [row, 0], Out)
        return result
