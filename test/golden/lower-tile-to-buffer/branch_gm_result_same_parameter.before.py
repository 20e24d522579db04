# rule: Branches — a branch result that aliases GM is removed when both arms resolve to the same existing parameter; its later uses name that parameter directly (here each arm stores a different row block into Out, and the If's GM result is returned)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        mx = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mx, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        if flag:
            o1: pl.Tensor[[32, 32], pl.FP32] = pl.store(x, [0, 0], Out)
            r = pl.yield_(o1)
        else:
            o2: pl.Tensor[[32, 32], pl.FP32] = pl.store(x, [16, 0], Out)
            r = pl.yield_(o2)
        return r
