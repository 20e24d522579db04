# rule: Matrix storage and cube recipes: "tile.matmul_acc must already accumulate in place (its accumulator and result share storage)": InitMemRef gives the result of matmul_acc its accumulator's storage window (the accumulator is dead afterwards); Mat, Left, Right and Acc get allocations of their own spaces
import ptorw.language as pl


@pl.program
class Cube:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[64, 64], pl.FP16], B: pl.Tensor[[64, 64], pl.FP16],
               Out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a_mat = pl.load(A, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        b_mat = pl.load(B, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        a_l0 = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        b_l0 = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        x = pl.tile.matmul(a_l0, b_l0)
        y = pl.tile.matmul_acc(x, a_l0, b_l0)
        result = pl.store(y, [0, 0], Out)
        return result
