# rule: "tile.slice is a window of its source at possibly runtime offsets, keeping the source's row pitch" and "A runtime-offset window can only be placed within its whole source window": a slice (static or runtime offsets, nested) joins its source's storage and its MemRef is the source's whole window; the add reading the window gets storage of its own ("Arithmetic destinations cannot reuse the storage family of a window they read", even though x and w die there)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[32, 64], pl.FP32], row: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (32, 64))
        w = pl.tile.slice(x, [16, 64], [row, 0])
        v = pl.tile.slice(w, [8, 32], [8, 32])
        y = pl.tile.add(v, v)
        result = pl.tile.store(y, (0, 0), out)
        return result
