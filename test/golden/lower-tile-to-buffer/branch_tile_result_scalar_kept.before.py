# rule: Branches — storage legalization gave the Tile branch result one destination (the product is written there, the other arm copies into it); conversion removes the Tile result and its yield operands and keeps the scalar result (spec branch example)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mb = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        md = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mb, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        if flag:
            product: pl.Tile[[16, 32], pl.FP32, pl.MemRef(md, 0, 2048), pl.Mem.Vec] = pl.tile.mul(a, b)
            chosen, selected_offset = pl.yield_(product, 16)
        else:
            copied: pl.Tile[[16, 32], pl.FP32, pl.MemRef(md, 0, 2048), pl.Mem.Vec] = pl.tile.move(a, target_memory=pl.Mem.Vec)
            chosen, selected_offset = pl.yield_(copied, 0)
        result: pl.Tensor[[32, 32], pl.FP32] = pl.store(chosen, [selected_offset, 0], Out)
        return result
