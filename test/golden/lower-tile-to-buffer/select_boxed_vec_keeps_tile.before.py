# rule: Default whole-kernel selection — "The default a2/a3 rollout accepts statically sized rank-2 dense Vec" kernels; "Boxed views ... remain unsupported at the allocation" and alternate layouts come in later slices: a Vec tile with a boxed (NZ) TileView keeps the whole kernel on Tile IR with that reason
# passes: select-buffer-ir,lower-tile-to-buffer
# expect-remark: boxed views remain unsupported at the allocation
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=512)] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(x)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return r
