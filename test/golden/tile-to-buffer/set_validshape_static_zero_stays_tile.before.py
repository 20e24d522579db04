# rule: "constant-empty operations removed" covers operations on a runtime extent that is zero; a setter to a constant zero extent would make an empty static descriptor, which no recipe defines, so the kernel stays Tile with the recipe's reason (planned, decision False)
# opt: memory_planner=PTOAS
# expect-remark: zero valid extent
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        y = pl.tile.set_validshape(x, 0, 32)
        z = pl.tile.add(y, y)
        o = pl.tile.store(z, [0, 0], out)
        return o
