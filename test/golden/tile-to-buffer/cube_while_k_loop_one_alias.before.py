# rule: Matrix storage and cube recipes: "Matrix region carries must preserve one storage alias"; "tile.matmul_acc must already accumulate in place (its accumulator and result share storage)"; Loops: "For and While conversion removes Tile initializers, iter_args, results and backedge yields after verifying that they name the same legalized storage ... Only scalar iter_args remain in native control flow ... While conditions use the rewritten scalar bindings": a While K loop (runtime trip count n) of matmul_acc steps after an initializing matmul carries the accumulator next to a scalar carry; the accumulator keeps one Acc allocation (init, iter arg, in-place result and loop result), only the scalar k stays a carry; PYPTO places the loop's Mat operands at the addresses of the dead ones before it
# opt: memory_planner=PYPTO
@pl.program
class WhileK:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 128], pl.FP16], B: pl.Tensor[[128, 32], pl.FP16], n: pl.Scalar[pl.INDEX],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a0 = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b0 = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l0 = pl.tile.move(a0, target_memory=pl.Mem.Left)
        r0 = pl.tile.move(b0, target_memory=pl.Mem.Right)
        acc0 = pl.tile.matmul(l0, r0)
        for (acc, k) in pl.while_(init_values=(acc0, 1)):
            pl.cond(k < n)
            ak = pl.load(A, [0, k * 32], [32, 32], target_memory=pl.Mem.Mat)
            bk = pl.load(B, [k * 32, 0], [32, 32], target_memory=pl.Mem.Mat)
            lk = pl.tile.move(ak, target_memory=pl.Mem.Left)
            rk = pl.tile.move(bk, target_memory=pl.Mem.Right)
            nxt = pl.tile.matmul_acc(acc, lk, rk)
            acc_out, k_out = pl.yield_(nxt, k + 1)
        result = pl.store(acc_out, [0, 0], Out)
        return result
