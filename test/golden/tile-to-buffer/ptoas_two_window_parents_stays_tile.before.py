# rule: "A symbolic allocation requiring several differently shaped or typed window parents also remains Tile": under PTOAS, x ([16, 64]) and its relabel y ([32, 32]) are both sliced, so one addressless allocation needs two differently typed full-capacity window parents; the kernel stays Tile and the pipeline succeeds (it used to be selected and then fail conversion)
# opt: memory_planner=PTOAS
# expect-remark: differently typed full-capacity window parents
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        x = pl.tile.load(a, [0, 0], [16, 64])
        w1 = pl.tile.slice(x, [16, 32], [0, 32])
        y = pl.tile.reshape(x, [32, 32])
        w2 = pl.tile.slice(y, [16, 32], [16, 0])
        s1 = pl.tile.exp(w1)
        s2 = pl.tile.exp(w2)
        o = pl.tile.store(s1, [0, 0], out)
        o2 = pl.tile.store(s2, [0, 0], out2)
        return o, o2
