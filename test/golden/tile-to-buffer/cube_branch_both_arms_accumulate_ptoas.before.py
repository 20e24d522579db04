# rule: as cube_branch_one_arm_accumulates_ptoas, with both arms accumulating into x in place (different Right operands): the arms never both run, so neither reads x "after" the other's accumulation, and the If result is x's Acc allocation with no copy
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a, target_memory=pl.Mem.Left)
        r = pl.tile.move(b, target_memory=pl.Mem.Right)
        r2 = pl.tile.move(a, target_memory=pl.Mem.Right)
        x = pl.tile.matmul(l, r)
        if flag:
            y = pl.tile.matmul_acc(x, l, r)
            z = pl.yield_(y)
        else:
            y2 = pl.tile.matmul_acc(x, l, r2)
            z = pl.yield_(y2)
        result = pl.store(z, [0, 0], Out)
        return result
