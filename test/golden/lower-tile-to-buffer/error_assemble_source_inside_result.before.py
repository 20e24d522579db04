# rule: Windows: slice and assemble — "BufferIR proves each window disjoint from the destinations written while it is read": placed is in other storage than its target canvas, so the target is copied into it first ([8192, 12288)), and the source a lies inside those bytes ([10240, 12288)): the copy would overwrite a before it is read, so the pass fails closed (audit aud9 N2: the output copied overwritten bytes)
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 14:9: error: lower-tile-to-buffer: kernel: the source 'a' (effective bytes [10240, 12288)) of tile.assemble lies in its result 'placed' (effective bytes [8192, 12288))
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": True})
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], C: pl.Tensor[[32, 32], pl.FP32], Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        mc = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mr = pl.tile.alloc(pl.Mem.Vec, 4096, addr=8192)
        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=10240)
        canvas: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mc, 0, 4096), pl.Mem.Vec] = pl.load(C, [0, 0], [32, 32])
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        placed: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mr, 0, 4096), pl.Mem.Vec] = pl.tile.assemble(canvas, a, [0, 0])
        result: pl.Tensor[[32, 32], pl.FP32] = pl.store(placed, [0, 0], Out)
        return result
