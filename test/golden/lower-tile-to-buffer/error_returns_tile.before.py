# rule: Conversion contract — tensor return aliases are normalized to existing GM parameters; a returned value that is not a GM alias fails closed
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: is not an alias of a GM parameter
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tile[[16, 32], pl.FP32, pl.MemRef("mem0", 0, 2048), pl.Mem.Vec]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        return x
