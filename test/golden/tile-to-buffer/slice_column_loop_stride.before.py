# rule: "Selection proves alignment from scalar SSA arithmetic": the loop variable of pl.range(0, 256, 32) is 0 + k * 32, a multiple of 32 FP32 elements, so the column tiling slice(x, [16, 32], [0, j]) is selected (audit 2026-12-05 N7: the canonical column loop stayed Tile)
# opt: memory_planner=PTOAS
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 256], pl.FP32], out: pl.Out[pl.Tensor[[16, 256], pl.FP32]]) -> pl.Tensor[[16, 256], pl.FP32]:
        x = pl.load(a, [0, 0], [16, 256])
        for j, (o,) in pl.range(0, 256, 32, init_values=(out,)):
            w = pl.tile.slice(x, [16, 32], [0, j])
            y = pl.tile.exp(w)
            o2 = pl.store(y, [0, j], o)
            r = pl.yield_(o2)
        return r
