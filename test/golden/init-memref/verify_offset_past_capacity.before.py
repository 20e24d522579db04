# rule: VerifyTileStorage: offset + bytes must fit the allocation capacity, offsets 32-byte aligned
# expect-error: 11:9: error: VerifyTileStorage: the MemRef of tile 'x' ends at byte 2080, past the capacity 2048
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 32, 2048), pl.Mem.Vec] = pl.tile.load(a, (0, 0), (16, 32))
        result = pl.tile.store(x, (0, 0), out)
        return result
