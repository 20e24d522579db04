# rule: Matrix storage and cube recipes, the spec's example "x = a @ b; y = x + a @ b; store y (FP16 operands, FP32 accumulator)" written with the DSL's tile ops, through the whole device pipeline (init-memref, select-buffer-ir, plan-memory, lower-tile-to-buffer) with planner DSA_RP from unplanned Tile input: "The default a2/a3 rollout accepts ... ordinary cube kernels"; "tile.move from Mat becomes buffer.copy ... tile.matmul becomes buffer.matmul. tile.matmul_acc must already accumulate in place (its accumulator and result share storage) and becomes buffer.matmul_acc"; the addressed planner passes each final address once (the two Mat operands live together: 0 and 8192; Left, Right and Acc each at 0 of their own space)
# opt: memory_planner=DSA_RP
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
