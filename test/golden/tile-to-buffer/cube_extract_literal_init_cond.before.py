# rule: Matrix storage and cube recipes: "tile.extract becomes buffer.extract"; "Its optional init_cond selects the write form: a literal chooses one call" (False accumulates: buffer.matmul_acc; True initializes: buffer.matmul); the Left operands are two extracts of one Mat tile, live together, so the addressed planner gives them two Left windows (0 and 4096); the accumulator stays one Acc window through both in-place writes
# opt: memory_planner=PYPTO
@pl.program
class Extract:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[64, 64], pl.FP16], B: pl.Tensor[[64, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a_mat = pl.load(A, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        b_mat = pl.load(B, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
        a_top = pl.tile.extract(a_mat, 0, 0, [32, 64])
        a_bot = pl.tile.extract(a_mat, 32, 0, [32, 64])
        b_r = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        x = pl.tile.matmul(a_top, b_r)
        y = pl.tile.matmul_acc(x, a_bot, b_r, False)
        z = pl.tile.matmul_acc(y, a_top, b_r, True)
        result = pl.store(z, [0, 0], Out)
        return result
