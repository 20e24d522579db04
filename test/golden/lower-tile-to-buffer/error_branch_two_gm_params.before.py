# rule: Branches — different GM aliases in the two arms require a separate dynamic-GM recipe and are diagnosed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: aliases different GM tensors in its arms
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.BOOL], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
               Other: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        if flag:
            o1: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
            r = pl.yield_(o1)
        else:
            o2: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Other)
            r = pl.yield_(o2)
        return r
