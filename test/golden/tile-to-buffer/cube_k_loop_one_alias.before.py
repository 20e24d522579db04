# rule: Matrix storage and cube recipes: "tile.matmul_acc must already accumulate in place (its accumulator and result share storage)"; Loops: "For ... conversion removes Tile initializers, iter_args, results and backedge yields after verifying that they name the same legalized storage"; "Matrix region carries must preserve one storage alias": a K loop of three matmul_acc steps after an initializing matmul keeps the accumulator in one Acc allocation (the init, the iter arg, the in-place result and the loop result share it), no copy; DSA_RP places the Mat operands of the loop at the addresses of the dead ones before it
# opt: memory_planner=DSA_RP
@pl.program
class KLoop:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 128], pl.FP16], B: pl.Tensor[[128, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a0 = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b0 = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l0 = pl.tile.move(a0, target_memory=pl.Mem.Left)
        r0 = pl.tile.move(b0, target_memory=pl.Mem.Right)
        acc0 = pl.tile.matmul(l0, r0)
        for k, (acc,) in pl.range(1, 4, 1, init_values=(acc0,)):
            ak = pl.load(A, [0, k * 32], [32, 32], target_memory=pl.Mem.Mat)
            bk = pl.load(B, [k * 32, 0], [32, 32], target_memory=pl.Mem.Mat)
            lk = pl.tile.move(ak, target_memory=pl.Mem.Left)
            rk = pl.tile.move(bk, target_memory=pl.Mem.Right)
            nxt = pl.tile.matmul_acc(acc, lk, rk)
            acc_out = pl.yield_(nxt)
        result = pl.store(acc_out, [0, 0], Out)
        return result
