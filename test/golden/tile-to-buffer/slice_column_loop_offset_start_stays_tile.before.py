# rule: "Selection proves alignment from scalar SSA arithmetic ... Unproven alignment retains Tile IR": the loop variable of pl.range(4, 228, 32) is 4 + k * 32, a multiple of 4 FP32 elements only (16 bytes), so the kernel stays Tile (the negative twin of slice_column_loop_stride)
# opt: memory_planner=PTOAS
# expect-remark: column offset is not proven 32-byte aligned
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 256], pl.FP32], out: pl.Out[pl.Tensor[[16, 256], pl.FP32]]) -> pl.Tensor[[16, 256], pl.FP32]:
        x = pl.load(a, [0, 0], [16, 256])
        for j, (o,) in pl.range(4, 228, 32, init_values=(out,)):
            w = pl.tile.slice(x, [16, 32], [0, j])
            y = pl.tile.exp(w)
            o2 = pl.store(y, [0, j], o)
            r = pl.yield_(o2)
        return r
