# rule: "A forward SSA analysis rejects uses of old metadata versions after a setter, including ordinary aliases": `old = x` carries x's metadata version; read after y = set_validshape(x, ...) it is an old version, so the kernel stays Tile (planned, decision False)
# opt: memory_planner=PTOAS
# expect-remark: an old metadata version
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          out2: pl.Out[pl.Tensor[[16, 64], pl.FP32]], cols: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        old = x
        y = pl.tile.set_validshape(x, 16, cols)
        z = pl.tile.add(y, y)
        w = pl.tile.add(old, old)
        o1 = pl.tile.store(z, [0, 0], out)
        o2 = pl.tile.store(w, [0, 0], out2)
        return o1, o2
