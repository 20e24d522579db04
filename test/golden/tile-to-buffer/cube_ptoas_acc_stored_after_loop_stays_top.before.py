# rule: Conversion contract: "Storage shared across regions or carried by a loop retains its original dominating declaration": acc is written in the loop body and stored after the loop (its storage is named in two regions: the loop carries it as x), so its PTOAS declaration stays at the top
# opt: memory_planner=PTOAS
@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 128], pl.FP16], B: pl.Tensor[[128, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a0 = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b0 = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l0 = pl.tile.move(a0, target_memory=pl.Mem.Left)
        r0 = pl.tile.move(b0, target_memory=pl.Mem.Right)
        x0 = pl.tile.matmul(l0, r0)
        for k, (x,) in pl.range(1, 4, 1, init_values=(x0,)):
            ak = pl.load(A, [0, k * 32], [32, 32], target_memory=pl.Mem.Mat)
            bk = pl.load(B, [k * 32, 0], [32, 32], target_memory=pl.Mem.Mat)
            lk = pl.tile.move(ak, target_memory=pl.Mem.Left)
            rk = pl.tile.move(bk, target_memory=pl.Mem.Right)
            nx = pl.tile.matmul_acc(x, lk, rk)
            x_out = pl.yield_(nx)
        result = pl.store(x_out, [0, 0], Out)
        return result
