# rule: Loops (SPMD queries) — tile.get_block_idx / get_block_num / get_subblock_idx become buffer.* queries with an INDEX result, kept as direct SSA assignments
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(self, A: pl.Tensor[[64, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        b = pl.tile.get_block_idx()
        s = pl.tile.get_subblock_idx()
        n = pl.tile.get_block_num()
        row = (b * 2 + s) * 16 // n
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem, 0, 2048), pl.Mem.Vec] = pl.load(A, [row, 0], [16, 32])
        result: pl.Tensor[[64, 32], pl.FP32] = pl.store(x, [row, 0], Out)
        return result
