# rule: Loops — loop backedges must preserve the initial GM alias, for While as for For; a While carry that starts from Out and is yielded a store into Other changes its GM selection and is diagnosed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: loop carry 'o' changes its GM tensor across iterations
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
               Other: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        for (o, k) in pl.while_(init_values=(Out, 0)):
            pl.cond(k < 4)
            o2: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Other)
            r, kr = pl.yield_(o2, k + 1)
        return r
