# rule: Default whole-kernel selection: "The default a2/a3 rollout accepts statically sized rank-2 dense Vec and ordinary cube kernels"; "The ordinary cube path uses GM -> Mat -> Left/Right -> Acc -> GM": a kernel that mixes Vec arithmetic with a cube product is neither, so it is planned but stays Tile (recorded False)
# opt: memory_planner=PTOAS
@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16], C: pl.Tensor[[32, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]], Out2: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        a_mat = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b_mat = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        r = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        x = pl.tile.matmul(l, r)
        first = pl.store(x, [0, 0], Out)
        c = pl.load(C, [0, 0], [32, 32])
        d = pl.tile.add(c, c)
        second = pl.store(d, [0, 0], Out2)
        return first, second
