# rule: "A forward SSA analysis rejects uses of old metadata versions after a setter, including ... windows cut from that version": the window s, cut from x before y = set_validshape(x, ...), is read after it, so the kernel stays Tile (planned, decision False)
# opt: memory_planner=PTOAS
# expect-remark: an old metadata version
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          out2: pl.Out[pl.Tensor[[16, 32], pl.FP32]], cols: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        s = pl.tile.slice(x, [16, 32], [0, 32])
        y = pl.tile.set_validshape(x, 16, cols)
        z = pl.tile.add(y, y)
        w = pl.tile.add(s, s)
        o1 = pl.tile.store(z, [0, 0], out)
        o2 = pl.tile.store(w, [0, 0], out2)
        return o1, o2
