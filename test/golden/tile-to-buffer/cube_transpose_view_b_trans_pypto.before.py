# rule: Matrix storage and cube recipes: "tile.transpose_view needs no call: storage indexing has already declared the relabelled window" — a b_trans matmul written as B stored [N, K], loaded into Mat (NZ) and relabelled [K, N] by transpose_view (the same boxes read transposed: ZN), moved to Right; under the addressed planner PYPTO the relabel is a second descriptor of the same window (equal offset and bytes), so it is a buffer.reshape of that window's allocation, not another buffer.alloc, and no call stands for the transpose
# opt: memory_planner=PYPTO
@pl.program
class BTrans:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 64], pl.FP16], B: pl.Tensor[[32, 64], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a_mat = pl.load(A, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        b_mat = pl.load(B, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        b_t = pl.tile.transpose_view(b_mat)
        a_l0 = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        b_l0 = pl.tile.move(b_t, target_memory=pl.Mem.Right)
        x = pl.tile.matmul(a_l0, b_l0)
        result = pl.store(x, [0, 0], Out)
        return result
