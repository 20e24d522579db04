# rule: "require dense source row pitch"; "strided relabels ... remain Tile in the normal pipeline": explicit conversion (the form `emit` writes a kernel kept on Tile in) refuses the relabel of a [16, 16] FP32 window (64-byte rows) of a [16, 32] tile (128-byte pitch) too. The planner gave the reshape storage of its own (a copy: its bytes are not contiguous in the window, tile-to-buffer/relabel_strided_window_stays_tile), but conversion wrote a buffer.reshape alias of the window, which reinterprets strided bytes (found in the 36th session by the fuzzers' emission-form check: the interpreter refuses to run it)
# opt: memory_planner=PTOAS
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: tile.reshape of a window whose rows are not dense (64-byte rows at a 128-byte pitch) has no Buffer form
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[8, 32], pl.FP32]]) -> pl.Tensor[[8, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048)
        m1 = pl.tile.alloc(pl.Mem.Vec, 1024)
        m2 = pl.tile.alloc(pl.Mem.Vec, 1024)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        w: pl.Tile[[16, 16], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.tile.slice(x, [16, 16], [0, 16])
        r: pl.Tile[[8, 32], pl.FP32, pl.MemRef(m1, 0, 1024), pl.Mem.Vec] = pl.tile.reshape(w, [8, 32])
        y: pl.Tile[[8, 32], pl.FP32, pl.MemRef(m2, 0, 1024), pl.Mem.Vec] = pl.tile.exp(r)
        result: pl.Tensor[[8, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return result
