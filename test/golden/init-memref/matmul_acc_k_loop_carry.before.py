# rule: Matrix storage and cube recipes: "Matrix region carries must preserve one storage alias": a K loop whose body accumulates with matmul_acc into its iter arg: the init (an initializing matmul), the iter arg, the in-place result and the loop result name one Acc window, with no entry or backedge copy
import ptorw.language as pl


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
