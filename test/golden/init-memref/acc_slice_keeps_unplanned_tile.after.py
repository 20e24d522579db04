@pl.program
class K:
    @pl.function(type=pl.FunctionType.AIC, attrs={"init_memref_refused": "tile.slice of a pl.Mem.Acc tile is not planned: its fractal boxes make a window more than one byte range (tile.extract takes a window of a pl.Mem.Mat tile)"})
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a_mat = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        b_mat = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        r = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        acc = pl.tile.matmul(l, r)
        s = pl.tile.slice(acc, [16, 32], [16, 0])
        result = pl.store(s, [16, 0], Out)
        return result
