# rule: Matrix storage and cube recipes: "tile.matmul_acc must already accumulate in place (its accumulator and result share storage)"; Default whole-kernel selection: "arbitrary matrix carry copies ... remain excluded": an accumulator still read after matmul_acc would need a copy of Acc storage, so InitMemRef keeps the kernel unplanned (reason recorded) and selection keeps it Tile
# opt: memory_planner=PYPTO
# expect-warning: warning: InitMemRef: the accumulator 'x' of tile.matmul_acc is read after it accumulates in place
@pl.program
class AccLive:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]], Out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        a_mat = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b_mat = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        r = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        x = pl.tile.matmul(l, r)
        y = pl.tile.matmul_acc(x, l, r)
        first = pl.store(x, [0, 0], Out)
        second = pl.store(y, [0, 0], Out2)
        return first, second
