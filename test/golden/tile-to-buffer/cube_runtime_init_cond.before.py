# rule: Matrix storage and cube recipes: "Its optional init_cond selects the write form: ... a runtime predicate becomes an explicit if whose arms are buffer.matmul and buffer.matmul_acc" (init_cond true initializes); "Literal and runtime init_cond select initializing or accumulating writes": a K loop from an uninitialized Acc tile whose first step initializes, carried in one Acc allocation; PTOAS allocations addressless
# opt: memory_planner=PTOAS
@pl.program
class RtInit:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 128], pl.FP16], B: pl.Tensor[[128, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        init = pl.tile.create([32, 32], dtype=pl.FP32, target_memory=pl.Mem.Acc)
        for k, (acc,) in pl.range(0, 4, 1, init_values=(init,)):
            ak = pl.load(A, [0, k * 32], [32, 32], target_memory=pl.Mem.Mat)
            bk = pl.load(B, [k * 32, 0], [32, 32], target_memory=pl.Mem.Mat)
            lk = pl.tile.move(ak, target_memory=pl.Mem.Left)
            rk = pl.tile.move(bk, target_memory=pl.Mem.Right)
            first = k == 0
            nxt = pl.tile.matmul_acc(acc, lk, rk, first)
            acc_out = pl.yield_(nxt)
        result = pl.store(acc_out, [0, 0], Out)
        return result
