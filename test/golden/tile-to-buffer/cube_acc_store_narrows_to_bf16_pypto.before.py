# rule: Matrix storage and cube recipes, "Acc stores drain through the fix-pipe with its unscaled conversions only": an FP32 accumulator stored into a BF16 output tensor is an ordinary Acc store (the conversion travels with buffer.store from the FP32 Acc buffer into the BF16 tensor; no cast, no extra buffer), planner PYPTO; the kernel is selected like the FP32 case ("The default a2/a3 rollout accepts ... ordinary cube kernels")
# opt: memory_planner=PYPTO
@pl.program
class Cube:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[64, 64], pl.FP16], B: pl.Tensor[[64, 64], pl.FP16],
               Out: pl.Out[pl.Tensor[[64, 64], pl.BF16]]) -> pl.Tensor[[64, 64], pl.BF16]:
        a_mat = pl.load(A, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        b_mat = pl.load(B, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        a_l0 = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        b_l0 = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        acc = pl.tile.matmul(a_l0, b_l0)
        result = pl.store(acc, [0, 0], Out)
        return result
