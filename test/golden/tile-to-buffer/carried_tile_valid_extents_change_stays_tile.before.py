# rule: "Loops" (a Tile carry names one storage and disappears; its Buffer ops read the valid extents its type states) and "Unselected functions retain the Tile pipeline": the carry `t` starts as a [4, 64]-valid load and is yielded an [8, 64]-valid one, so no one extent describes it; the kernel is planned (PYPTO: t0, t and t1 share one Vec storage) but stays Tile, its decision recorded False. Before the 36th session selection took it and conversion then failed the whole pipeline ("loop carry 't' does not name one legalized storage (run plan-memory ...)": the two extents made two handles of one window)
# expect-remark: stays on Tile IR: loop carry 't' has valid extents [4, 64] but the value yielded for it, 't1', has [8, 64]
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t0 = pl.load(x, [0, 0], [16, 64], valid_shape=[4, 64])
        for i, (t, o) in pl.range(3, init_values=(t0, out)):
            o1 = pl.store(t, [0, 0], o)
            t1 = pl.load(x, [0, 0], [16, 64], valid_shape=[8, 64])
            tr, orr = pl.yield_(t1, o1)
        return orr
