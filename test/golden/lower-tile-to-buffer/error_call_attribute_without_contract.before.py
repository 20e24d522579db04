# rule: Matrix storage and cube recipes: "Any other call attribute still needs an explicit conversion contract": a tile op carrying a call attribute other than pipeline-stage membership has no conversion; the pass fails closed naming it
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: carries the call attribute 'cache_hint', which has no conversion contract
@pl.program
class Attr:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        mem_a = pl.tile.alloc(pl.Mem.Mat, 2048)
        mem_b = pl.tile.alloc(pl.Mem.Mat, 2048)
        mem_l = pl.tile.alloc(pl.Mem.Left, 2048)
        mem_r = pl.tile.alloc(pl.Mem.Right, 2048)
        mem_acc = pl.tile.alloc(pl.Mem.Acc, 4096)
        a: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_a, 0, 2048), pl.Mem.Mat] = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat, attrs={"cache_hint": 1})
        b: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_b, 0, 2048), pl.Mem.Mat] = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        l: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_l, 0, 2048), pl.Mem.Left] = pl.tile.move(a, target_memory=pl.Mem.Left)
        r: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_r, 0, 2048), pl.Mem.Right] = pl.tile.move(b, target_memory=pl.Mem.Right)
        p: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_acc, 0, 4096), pl.Mem.Acc] = pl.tile.matmul(l, r)
        result: pl.Tensor[[32, 32], pl.FP32] = pl.store(p, [0, 0], Out)
        return result
